import { ERROR_TEXTS } from '@tablo/contract/error-texts';
import { type Menu, MenuSchema } from '@tablo/contract/menu';
import { type MenuOptions, MenuOptionsSchema } from '@tablo/contract/menu-options';
import {
  type Order,
  OrderSchema,
  type PlaceOrderRequest,
  PlaceOrderRequestSchema,
} from '@tablo/contract/order';
import { TableCallsResponseSchema } from '@tablo/contract/table-call';
import { JoinTableRequestSchema, JoinTableResponseSchema } from '@tablo/contract/table-session';
import { HttpResponse, http } from 'msw';
import type { LiveSocket } from '../../../lib/live-client.ts';
import { choiceOrderItem, withChoiceDishes } from './choices-fixtures.ts';

function translations(en: string, hu: string) {
  return [
    { id: 1, isoCode: 'en' as const, title: en, description: '' },
    { id: 2, isoCode: 'hu' as const, title: hu, description: '' },
  ];
}

function dish(id: number, price: number, en: string, hu: string, soldOut = false) {
  return {
    id,
    priceGross: price,
    isActive: true,
    imageUrl: null,
    availabilityType: soldOut ? 'SOLD_OUT' : 'AVAILABLE',
    translations: translations(en, hu),
    vatKey: { code: '27', valuePercent: 27 },
    order: id,
    allergens: [],
    likeCount: 0,
    dislikeCount: 0,
    optionGroupIds: [],
    defaultChoicesPrice: 0,
  };
}

/** Three dishes, one of them sold out, as the server answers the menu. */
export function orderingMenu(): Menu {
  return MenuSchema.parse([
    {
      id: 1,
      restaurantShortName: 'demo',
      isActive: true,
      translations: translations('Soups', 'Levesek'),
      order: 1,
      menuItems: [
        dish(11, 2490, 'Goulash soup', 'Gulyásleves'),
        dish(12, 1990, 'Bean soup', 'Bableves', true),
      ],
    },
    {
      id: 2,
      restaurantShortName: 'demo',
      isActive: true,
      translations: translations('Mains', 'Főételek'),
      order: 2,
      menuItems: [dish(21, 3990, 'Schnitzel', 'Rántott hús')],
    },
  ]);
}

export function makeOrder(overrides: Partial<Order> & { id: number }): Order {
  return OrderSchema.parse({
    visitId: 5,
    tableId: 1,
    status: 'PLACED',
    note: '',
    total: 2490,
    currency: 'HUF',
    isMine: true,
    rejectReason: null,
    items: [
      {
        id: overrides.id * 100,
        menuItemId: 11,
        titles: [
          { isoCode: 'en', title: 'Goulash soup' },
          { isoCode: 'hu', title: 'Gulyásleves' },
        ],
        unitPrice: 2490,
        vatPercent: 27,
        quantity: 1,
        paidQuantity: 0,
        note: '',
        lineTotal: 2490,
        choices: [],
      },
    ],
    createdAt: '2025-05-01T12:00:00.000Z',
    updatedAt: '2025-05-01T12:00:00.000Z',
    ...overrides,
  });
}

function error(status: number, message: string) {
  return HttpResponse.json({ statusCode: status, error: 'Error', message }, { status });
}

type OrderingServerOptions = {
  /** Refuse the join with 403 and this message. */
  refuseJoin?: string;
  /** Only these sessions are known: a join with another is refused as the server refuses an unknown session. */
  knownSessions?: string[];
  orders?: Order[];
  /** The first n order requests fail at the network level (the answer never arrives). */
  networkFailures?: number;
  /** Every order request is answered with this error. */
  orderError?: { status: number; message: string };
  /** Issue 27: the menu gets dishes with choices, and the options are answered. */
  menuOptions?: MenuOptions;
};

/** The ordering API as the server answers it (checked against the contract), recording what was sent. */
export function orderingServer(options: OrderingServerOptions = {}) {
  const menu = options.menuOptions ? withChoiceDishes(orderingMenu()) : orderingMenu();
  const menuOptions = options.menuOptions;
  const items = menu.flatMap((category) => category.menuItems);
  const state = {
    joins: [] as { token: string | null }[],
    /** The session id of each join, in order. */
    joinSessions: [] as string[],
    orderRequests: [] as { key: string | null; body: PlaceOrderRequest }[],
    orders: [...(options.orders ?? [])],
    networkFailures: options.networkFailures ?? 0,
    /** Staff closed the visit: the orders read answers visitId null. */
    visitClosed: false,
  };
  const handlers = [
    http.get('/api/menu/current/:shortName', () => HttpResponse.json(menu)),
    http.get('/api/menu-item-ratings/:shortName', () => HttpResponse.json([])),
    http.get('/api/menu/current/:shortName/options', () =>
      menuOptions ? HttpResponse.json(MenuOptionsSchema.parse(menuOptions)) : error(404, 'Not found'),
    ),
    http.post('/api/table-sessions', async ({ request }) => {
      const body = JoinTableRequestSchema.parse(await request.json());
      state.joins.push({ token: body.token });
      state.joinSessions.push(body.sessionId);
      if (options.refuseJoin) return error(403, options.refuseJoin);
      if (options.knownSessions && !options.knownSessions.includes(body.sessionId)) {
        return error(403, ERROR_TEXTS.unknownSession);
      }
      return HttpResponse.json(
        JoinTableResponseSchema.parse({ visitId: 5, tableId: body.tableId, tableNumber: 1, cursor: 7 }),
      );
    }),
    // The table screens' call buttons read the visit's calls (none here; the table-calls tests add theirs).
    http.get('/api/tables/:tableId/calls', () =>
      HttpResponse.json(TableCallsResponseSchema.parse({ calls: [] })),
    ),
    http.get('/api/tables/:tableId/orders', () =>
      HttpResponse.json(
        state.visitClosed
          ? { visitId: null, orders: [] }
          : { visitId: 5, orders: state.orders.map((order) => OrderSchema.parse(order)) },
      ),
    ),
    http.post('/api/orders', async ({ request }) => {
      const body = PlaceOrderRequestSchema.parse(await request.json());
      state.orderRequests.push({ key: request.headers.get('idempotency-key'), body });
      if (state.networkFailures > 0) {
        state.networkFailures -= 1;
        return HttpResponse.error();
      }
      if (options.orderError) return error(options.orderError.status, options.orderError.message);
      const lines = body.items.map((line, index) => {
        const item = items.find((candidate) => candidate.id === line.menuItemId);
        if (!item) throw new Error(`unknown item ${line.menuItemId}`);
        if (menuOptions) {
          return choiceOrderItem(1000 + index, item, menuOptions, line.choices, {
            quantity: line.quantity,
            note: line.note,
          });
        }
        return {
          id: 1000 + index,
          menuItemId: item.id,
          titles: item.translations.map(({ isoCode, title }) => ({ isoCode, title })),
          unitPrice: item.priceGross,
          vatPercent: 27,
          quantity: line.quantity,
          paidQuantity: 0,
          note: line.note,
          lineTotal: item.priceGross * line.quantity,
          choices: [],
        };
      });
      const order = makeOrder({
        id: 40 + state.orders.length,
        note: body.note,
        items: lines,
        total: lines.reduce((sum, line) => sum + line.lineTotal, 0),
      });
      state.orders.unshift(order);
      return HttpResponse.json(order, { status: 201 });
    }),
  ];
  return { handlers, state, menu };
}

/** A test double of the browser's WebSocket, handed to the live client; the test plays the server. */
export class FakeWebSocket implements LiveSocket {
  static all: FakeWebSocket[] = [];
  onopen: LiveSocket['onopen'] = null;
  onmessage: LiveSocket['onmessage'] = null;
  onclose: LiveSocket['onclose'] = null;
  onerror: LiveSocket['onerror'] = null;
  closed = false;

  constructor(readonly url: string) {
    FakeWebSocket.all.push(this);
  }

  static latest(): FakeWebSocket | undefined {
    return FakeWebSocket.all.filter((socket) => !socket.closed).at(-1);
  }

  send(message: unknown): void {
    this.onmessage?.({ data: JSON.stringify(message) });
  }

  close(): void {
    this.closed = true;
  }
}

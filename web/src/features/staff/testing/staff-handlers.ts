import { ErrorBodySchema } from '@tablo/contract/errors';
import { type Menu, MenuSchema } from '@tablo/contract/menu';
import {
  type MenuOptions,
  MenuOptionsSchema,
  SetOptionAvailabilityRequestSchema,
} from '@tablo/contract/menu-options';
import {
  ItemAvailabilityAnswerSchema,
  SetItemAvailabilityRequestSchema,
  type SoldOutTodayResponse,
  SoldOutTodayResponseSchema,
} from '@tablo/contract/menu-windows';
import { OrderSchema } from '@tablo/contract/order';
import { PaymentSchema } from '@tablo/contract/payment';
import {
  type PrinterStatus,
  PrinterStatusesSchema,
  ReprintAnswerSchema,
  ReprintRequestSchema,
} from '@tablo/contract/printing';
import {
  ChangeOrderStatusRequestSchema,
  CloseTableRequestSchema,
  CSRF_HEADER,
  ItemAvailabilitySchema,
  type StaffBoard,
  StaffBoardSchema,
  StaffLoginRequestSchema,
  type StaffMe,
  StaffMeSchema,
  type StaffRole,
  StaffTableSchema,
  type StaffTables,
  StaffTablesSchema,
  staffCan,
} from '@tablo/contract/staff';
import { TableCallSchema } from '@tablo/contract/table-call';
import { HttpResponse, http } from 'msw';
import { z } from 'zod';
import { demoBoard } from './staff-fixtures.ts';

export const STAFF_PASSWORD = 'correct-horse';
export const CSRF = 'csrf-token-123';

function error(status: number, message: string) {
  return HttpResponse.json(ErrorBodySchema.parse({ statusCode: status, error: 'Error', message }), {
    status,
  });
}

export function staffMenu(): Menu {
  const dish = (id: number, en: string, hu: string, soldOut = false) => ({
    id,
    priceGross: 2490,
    isActive: true,
    imageUrl: null,
    availabilityType: soldOut ? 'SOLD_OUT' : 'AVAILABLE',
    translations: [
      { id: id * 10, isoCode: 'en', title: en, description: '' },
      { id: id * 10 + 1, isoCode: 'hu', title: hu, description: '' },
    ],
    vatKey: { code: '27', valuePercent: 27 },
    order: id,
    allergens: [],
    likeCount: 0,
    dislikeCount: 0,
    optionGroupIds: [],
    defaultChoicesPrice: 0,
  });
  return MenuSchema.parse([
    {
      id: 1,
      restaurantShortName: 'demo',
      isActive: true,
      translations: [{ id: 1, isoCode: 'en', title: 'Soups', description: '' }],
      order: 1,
      menuItems: [dish(11, 'Goulash soup', 'Gulyásleves'), dish(12, 'Bean soup', 'Bableves', true)],
    },
  ]);
}

/** Table 1 has 8,970 Ft unpaid (closing it needs force); table 2 paid everything; table 3 is free. */
function demoTables(): StaffTables {
  return StaffTablesSchema.parse({
    currency: 'HUF',
    tables: [
      {
        tableId: 1,
        tableNumber: 1,
        isEnabled: true,
        orderingUrl: 'http://tablo.test/order/demo/1/hu?t=aaa',
        visit: { visitId: 50, openedAt: '2025-05-01T11:50:00.000Z', orderCount: 2, unpaidAmount: 8970 },
        calls: [{ kind: 'BILL', requestedAt: '2025-05-01T12:05:00.000Z', acknowledgedAt: null }],
      },
      {
        tableId: 2,
        tableNumber: 2,
        isEnabled: true,
        orderingUrl: 'http://tablo.test/order/demo/2/hu?t=bbb',
        visit: { visitId: 51, openedAt: '2025-05-01T11:55:00.000Z', orderCount: 1, unpaidAmount: 0 },
        calls: [],
      },
      {
        tableId: 3,
        tableNumber: 3,
        isEnabled: false,
        orderingUrl: 'http://tablo.test/order/demo/3/hu?t=ccc',
        visit: null,
        calls: [],
      },
    ],
  });
}

type Options = {
  role?: StaffRole;
  signedIn?: boolean;
  board?: StaffBoard;
  /** Answer the next order move with this error. */
  moveError?: { status: number; message: string };
  loginError?: { status: number; message: string };
  /** Issue 28: the printers' state the board reads (none by default: no printer, no Reprint). */
  printers?: PrinterStatus[];
  /** Answer the next reprint with this error. */
  reprintError?: { status: number; message: string };
};

/** Issue 27: one group of choices, the coffee's milk. */
export function staffOptions(): MenuOptions {
  const texts = (en: string, hu: string) => [
    { id: 1, isoCode: 'en' as const, title: en, description: '' },
    { id: 2, isoCode: 'hu' as const, title: hu, description: '' },
  ];
  return MenuOptionsSchema.parse({
    groups: [
      {
        id: 2,
        translations: texts('Milk', 'Tej'),
        kind: 'SINGLE',
        minChoices: 0,
        maxChoices: 1,
        freeChoices: 0,
        order: 1,
        options: [
          [201, "Cow's milk", 'Tehéntej', 0],
          [202, 'Oat milk', 'Zabtej', 200],
        ].map(([id, en, hu, priceDelta], order) => ({
          id,
          translations: texts(String(en), String(hu)),
          priceDelta,
          allergens: [],
          availabilityType: 'AVAILABLE',
          isDefault: order === 0,
          order,
        })),
      },
    ],
  });
}

/** The staff API as the server answers it (every answer checked against the contract), recording writes. */
export function staffServer(options: Options = {}) {
  const me: StaffMe = StaffMeSchema.parse({
    email: 'anna@demo.example',
    role: options.role ?? 'MANAGER',
    restaurantShortName: 'demo',
    restaurantName: 'Paprika Bistro',
    csrfToken: CSRF,
  });
  const state = {
    signedIn: options.signedIn ?? true,
    board: structuredClone(options.board ?? demoBoard()),
    tables: demoTables(),
    menu: staffMenu(),
    options: staffOptions(),
    boardReads: 0,
    /** Staff reads answered 401 (the browser logs each as a failed resource). */
    refusedReads: [] as string[],
    moveError: options.moveError,
    printers: options.printers ?? [],
    printerReads: 0,
    reprintError: options.reprintError,
    writes: [] as { method: string; path: string; csrf: string | null; body: unknown }[],
    /** Issue 28: dishes sold out for today (back at 04:00 on the 28th, Budapest time). */
    soldOutToday: [] as SoldOutTodayResponse['items'],
  };

  async function record(request: Request) {
    const text = await request.text();
    const body = text === '' ? undefined : JSON.parse(text);
    state.writes.push({
      method: request.method,
      path: new URL(request.url).pathname,
      csrf: request.headers.get(CSRF_HEADER),
      body,
    });
    return body;
  }

  const guard = (path?: string) => {
    if (state.signedIn) return null;
    if (path) state.refusedReads.push(path);
    return error(401, 'Log in first');
  };

  const handlers = [
    http.post('/api/staff/login', async ({ request }) => {
      const body = StaffLoginRequestSchema.parse(await request.json());
      if (options.loginError) return error(options.loginError.status, options.loginError.message);
      if (body.password !== STAFF_PASSWORD) return error(401, 'Wrong e-mail address or password');
      state.signedIn = true;
      return HttpResponse.json(me);
    }),
    http.get('/api/staff/me', () => guard() ?? HttpResponse.json(me)),
    http.post('/api/staff/logout', async ({ request }) => {
      await record(request);
      state.signedIn = false;
      return new HttpResponse(null, { status: 204 });
    }),
    http.get('/api/staff/board', () => {
      state.boardReads += 1;
      return guard('/api/staff/board') ?? HttpResponse.json(StaffBoardSchema.parse(state.board));
    }),
    http.patch('/api/staff/orders/:id', async ({ request, params }) => {
      const body = ChangeOrderStatusRequestSchema.parse(await record(request));
      if (state.moveError) {
        const { status, message } = state.moveError;
        state.moveError = undefined;
        return error(status, message);
      }
      const visit = state.board.visits.find((v) => v.orders.some((o) => o.id === Number(params.id)));
      const order = visit?.orders.find((o) => o.id === Number(params.id));
      if (!order) return error(404, 'Order not found');
      order.status = body.status;
      order.rejectReason = body.reason ?? null;
      return HttpResponse.json(OrderSchema.parse(order));
    }),
    http.post('/api/staff/tables/:tableId/calls/:kind/acknowledge', async ({ request, params }) => {
      await record(request);
      const visit = state.board.visits.find((v) => v.tableId === Number(params.tableId));
      const call = visit?.calls.find((c) => c.kind === params.kind);
      if (!call) return error(404, 'No such call');
      call.acknowledgedAt = '2025-05-01T12:10:00.000Z';
      return HttpResponse.json(TableCallSchema.parse(call));
    }),
    http.post('/api/staff/tables/:tableId/close', async ({ request, params }) => {
      const { force } = CloseTableRequestSchema.parse(await record(request));
      const unpaid = state.tables.tables.find((t) => t.tableId === Number(params.tableId))?.visit
        ?.unpaidAmount;
      if (force && !staffCan(me.role, 'closeUnpaidVisits')) return error(403, 'Only a manager can force it');
      if (unpaid && !force) return error(409, `This table still has ${unpaid} HUF unpaid`);
      state.board.visits = state.board.visits.filter((v) => v.tableId !== Number(params.tableId));
      for (const table of state.tables.tables)
        if (table.tableId === Number(params.tableId)) table.visit = null;
      return new HttpResponse(null, { status: 204 });
    }),
    http.post('/api/staff/payments/:paymentId/:action', async ({ request, params }) => {
      z.strictObject({}).parse(await record(request));
      if (!staffCan(me.role, 'confirmPayments')) return error(403, 'Forbidden');
      const visit = state.board.visits.find((v) => v.payments.some((p) => p.id === params.paymentId));
      const pending = visit?.payments.find((p) => p.id === params.paymentId);
      if (!visit || !pending) return error(404, 'Payment not found');
      visit.payments = visit.payments.filter((p) => p.id !== pending.id);
      if (params.action === 'confirm') visit.unpaidAmount = Math.max(0, visit.unpaidAmount - pending.amount);
      return HttpResponse.json(
        PaymentSchema.parse({
          id: pending.id,
          visitId: visit.visitId,
          tableId: visit.tableId,
          status: params.action === 'confirm' ? 'SUCCEEDED' : 'CANCELLED',
          method: pending.method,
          amount: pending.amount,
          tip: pending.tip,
          currency: 'HUF',
          items: [],
          shareCount: pending.shareCount,
          checkoutUrl: null,
          createdAt: pending.createdAt,
          expiresAt: null,
          isMine: false,
        }),
      );
    }),
    http.get('/api/staff/tables', () => guard() ?? HttpResponse.json(StaffTablesSchema.parse(state.tables))),
    http.patch('/api/staff/tables/:tableId', async ({ request, params }) => {
      const body = (await record(request)) as { isEnabled: boolean };
      const table = state.tables.tables.find((t) => t.tableId === Number(params.tableId));
      if (!table) return error(404, 'Table not found');
      table.isEnabled = body.isEnabled;
      return HttpResponse.json(StaffTableSchema.parse(table));
    }),
    http.post('/api/staff/tables/:tableId/rotate-token', async ({ request, params }) => {
      await record(request);
      const table = state.tables.tables.find((t) => t.tableId === Number(params.tableId));
      if (!table) return error(404, 'Table not found');
      table.orderingUrl = `http://tablo.test/order/demo/${table.tableNumber}/hu?t=rotated`;
      return HttpResponse.json(StaffTableSchema.parse(table));
    }),
    http.put('/api/staff/menu-items/:id/availability', async ({ request, params }) => {
      const body = SetItemAvailabilityRequestSchema.parse(await record(request));
      for (const category of state.menu)
        for (const item of category.menuItems)
          if (item.id === Number(params.id)) item.availabilityType = body.availabilityType;
      // Issue 28: "sold out for today" answers when it ends; an answer to an older client stays as it was.
      const today = body.availabilityType === 'SOLD_OUT' && body.soldOutFor === 'TODAY';
      const menuItemId = Number(params.id);
      state.soldOutToday = state.soldOutToday.filter((entry) => entry.menuItemId !== menuItemId);
      if (today) state.soldOutToday.push({ menuItemId, soldOutUntil: '2026-11-28T03:00:00.000Z' });
      if (body.soldOutFor === undefined)
        return HttpResponse.json(ItemAvailabilitySchema.parse({ availabilityType: body.availabilityType }));
      return HttpResponse.json(
        ItemAvailabilityAnswerSchema.parse({
          availabilityType: body.availabilityType,
          soldOutUntil: today ? '2026-11-28T03:00:00.000Z' : null,
        }),
      );
    }),
    http.get('/api/staff/printers/status', () => {
      state.printerReads += 1;
      return guard() ?? HttpResponse.json(PrinterStatusesSchema.parse({ printers: state.printers }));
    }),
    http.post('/api/staff/orders/:id/reprint', async ({ request, params }) => {
      ReprintRequestSchema.parse(await record(request));
      if (state.reprintError) {
        const { status, message } = state.reprintError;
        state.reprintError = undefined;
        return error(status, message);
      }
      const order = state.board.visits.flatMap((v) => v.orders).find((o) => o.id === Number(params.id));
      if (!order) return error(404, 'Order not found');
      const jobs = state.printers.length;
      return HttpResponse.json(ReprintAnswerSchema.parse({ jobs }), { status: 202 });
    }),
    http.get('/api/staff/menu-items/sold-out-today', () =>
      HttpResponse.json(
        SoldOutTodayResponseSchema.parse({ timeZone: 'Europe/Budapest', items: state.soldOutToday }),
      ),
    ),
    http.get('/api/menu/current/:shortName', () => HttpResponse.json(MenuSchema.parse(state.menu))),
    http.get('/api/menu/current/:shortName/options', () =>
      HttpResponse.json(MenuOptionsSchema.parse(state.options)),
    ),
    http.put('/api/staff/menu-options/:id/availability', async ({ request, params }) => {
      const body = SetOptionAvailabilityRequestSchema.parse(await record(request));
      for (const group of state.options.groups)
        for (const option of group.options)
          if (option.id === Number(params.id)) option.availabilityType = body.availabilityType;
      return HttpResponse.json(body);
    }),
  ];
  return { state, handlers, me };
}

import type { InjectOptions } from 'fastify';
import {
  ACTORS,
  type Actor,
  acceptedOrderAt,
  credentials,
  isStaff,
  NOTES,
  orderAt,
  paymentAt,
  paymentRequest,
  spareTable,
  type World,
} from './access-world.ts';

/**
 * The access matrix (issue 11 point 8): every route that takes an id, and what each kind of caller gets.
 * A cell is the status that caller must see; the test also checks that no answer carries what that caller
 * may not read (access-leaks.ts) and that a refused write changed nothing.
 */

type Group = 'diners' | 'staff' | 'rest';

/** Statuses by actor: a named actor, else its group (`diners`, `staff` = the bistro's roles and the outsider), else `rest`. */
export function answers(spec: Partial<Record<Actor | Group, number>>): Record<Actor, number> {
  const result = {} as Record<Actor, number>;
  for (const actor of ACTORS) {
    const status = spec[actor] ?? spec[isStaff(actor) ? 'staff' : 'diners'] ?? spec.rest;
    if (status === undefined) throw new Error(`no status for ${actor}`);
    result[actor] = status;
  }
  return result;
}

/** What a cell's request needs created for it alone (a fresh order, payment or table). */
export type Fresh = Record<string, number | string>;

export interface MatrixRow {
  route: string;
  expect: Record<Actor, number>;
  /** A refused request must leave the database as it was. */
  writes?: boolean;
  /** Targets made for the cell (for an allowed caller; refused callers share one per row). */
  fresh?: (world: World) => Promise<Fresh>;
  request(world: World, actor: Actor, fresh: Fresh): InjectOptions;
  /** The call may end the caller's staff session (log-out): the caller logs in again after it. */
  endsSession?: boolean;
  /** What an allowed answer must hold, so that "200 and nothing" cannot pass. */
  check?(world: World, actor: Actor, body: string): void;
}

const bodySession = (world: World, actor: Actor) => {
  const { sessionId } = credentials(world, actor);
  return sessionId === undefined ? {} : { sessionId };
};

/** Diner reads of table A: its sessions get in, anyone else 403 "cannot order at this table" or unknown session. */
const TABLE_A = answers({ same: 200, sameTable: 200, rest: 403 });
const BISTRO_ROLES = { OWNER: 200, MANAGER: 200, WAITER: 200, KITCHEN: 200 } as const;
const MANAGERS = { OWNER: 200, MANAGER: 200, WAITER: 403, KITCHEN: 403 } as const;
const FLOOR = { OWNER: 200, MANAGER: 200, WAITER: 200, KITCHEN: 403 } as const;

function mustContain(text: string) {
  return (_world: World, actor: Actor, body: string) => {
    if (!body.includes(text)) throw new Error(`${actor}'s answer lacks ${text}: ${body.slice(0, 300)}`);
  };
}

export const DINER_ROWS: MatrixRow[] = [
  {
    route: 'GET /api/restaurant/one/:shortName',
    expect: answers({ rest: 200 }),
    request: () => ({ method: 'GET', url: '/api/restaurant/one/bistro' }),
    check: mustContain('Kis Bisztró'),
  },
  {
    route: 'GET /api/menu/current/:shortName',
    expect: answers({ rest: 200 }),
    request: () => ({ method: 'GET', url: '/api/menu/current/bistro' }),
    check: mustContain('Gulyásleves'),
  },
  {
    route: 'GET /api/menu-item-ratings/:shortName',
    // Any issued session reads its own ratings (none for everybody but `same`); the header is required.
    expect: answers({ forged: 403, none: 400, staff: 400, rest: 200 }),
    request: () => ({ method: 'GET', url: '/api/menu-item-ratings/bistro' }),
    check: (world, actor, body) => {
      const mine = JSON.parse(body) as { menuItemId: number; rating: string }[];
      const expected = actor === 'same' ? [{ menuItemId: world.bistro.items.goulash, rating: 'LIKE' }] : [];
      if (JSON.stringify(mine) !== JSON.stringify(expected)) throw new Error(`${actor} read ratings ${body}`);
    },
  },
  {
    route: 'POST /api/menu-item-ratings',
    expect: answers({ forged: 403, none: 400, staff: 400, rest: 200 }),
    writes: true,
    request: (world, actor) => ({
      method: 'POST',
      url: '/api/menu-item-ratings',
      payload: { ...bodySession(world, actor), menuItemId: world.bistro.items.palinka, rating: 'DISLIKE' },
    }),
  },
  {
    route: 'POST /api/orders',
    expect: answers({ same: 201, sameTable: 201, none: 400, staff: 400, rest: 403 }),
    writes: true,
    request: (world, actor) => ({
      method: 'POST',
      url: '/api/orders',
      headers: { 'idempotency-key': `matrix-order-${actor}` },
      payload: {
        ...bodySession(world, actor),
        tableId: world.tables.A,
        note: NOTES.A,
        items: [{ menuItemId: world.bistro.items.goulash, quantity: 1 }],
      },
    }),
    check: mustContain(NOTES.A),
  },
  {
    route: 'GET /api/tables/:tableId/orders',
    expect: TABLE_A,
    request: (world) => ({ method: 'GET', url: `/api/tables/${world.tables.A}/orders` }),
    check: (world, actor, body) => {
      const { orders } = JSON.parse(body) as { orders: { id: number; isMine: boolean }[] };
      const first = orders.find((order) => order.id === world.orderA.id);
      if (first?.isMine !== (actor === 'same')) throw new Error(`${actor}: order A isMine ${first?.isMine}`);
    },
  },
  {
    route: 'GET /api/tables/:tableId/calls',
    expect: TABLE_A,
    request: (world) => ({ method: 'GET', url: `/api/tables/${world.tables.A}/calls` }),
  },
  {
    route: 'POST /api/tables/:tableId/calls',
    expect: TABLE_A,
    writes: true,
    // One call per kind and visit a minute: the two diners of table A ask for different things.
    request: (world, actor) => ({
      method: 'POST',
      url: `/api/tables/${world.tables.A}/calls`,
      payload: { kind: actor === 'sameTable' ? 'BILL' : 'WAITER' },
    }),
  },
  {
    route: 'GET /api/tables/:tableId/payable',
    expect: TABLE_A,
    request: (world) => ({ method: 'GET', url: `/api/tables/${world.tables.A}/payable` }),
    check: mustContain('Gulyásleves'),
  },
  {
    route: 'POST /api/payments',
    expect: answers({ same: 201, sameTable: 201, rest: 403 }),
    writes: true,
    fresh: async (world) => {
      const order = await acceptedOrderAt(world, 'same', world.tables.A);
      return { lineId: order.lineId, lineTotal: order.lineTotal };
    },
    request: (world, _actor, fresh) => ({
      method: 'POST',
      url: '/api/payments',
      headers: { 'idempotency-key': `matrix-pay-${fresh.lineId}` },
      payload: paymentRequest(world.tables.A, fresh as { lineId: number; lineTotal: number }, 'CASH'),
    }),
  },
  {
    route: 'GET /api/payments/:paymentId',
    // Issued sessions outside the visit learn nothing, not even that the payment exists.
    expect: answers({
      same: 200,
      sameTable: 200,
      otherTable: 404,
      otherRestaurant: 404,
      unjoined: 404,
      rest: 403,
    }),
    request: (world) => ({ method: 'GET', url: `/api/payments/${world.paidA}` }),
    check: mustContain('SUCCEEDED'),
  },
  {
    route: 'GET /api/payments/:paymentId/receipt',
    expect: answers({
      same: 200,
      sameTable: 200,
      otherTable: 404,
      otherRestaurant: 404,
      unjoined: 404,
      rest: 403,
    }),
    request: (world) => ({ method: 'GET', url: `/api/payments/${world.paidA}/receipt` }),
    check: mustContain('Gulyásleves'),
  },
  {
    // The hosted checkout page is reached by the payer's checkout URL, like a provider's (docs/decisions/
    // 030, 053): the URL is the credential; it shows the merchant, table and amount, nothing of the orders.
    route: 'GET /sandbox-checkout/:paymentId (the payer’s URL)',
    expect: answers({ rest: 200 }),
    request: (world) => ({ method: 'GET', url: world.onlineACheckout }),
    check: mustContain('name="token"'),
  },
  {
    // The payment id alone reaches the whole table and the staff: no form (decision 053).
    route: 'GET /sandbox-checkout/:paymentId (the id alone)',
    expect: answers({ rest: 403 }),
    request: (world) => ({ method: 'GET', url: `/sandbox-checkout/${world.onlineA}` }),
  },
];

/** Staff routes: a diner's session is no staff login (401), another restaurant's ids are not found. */
export const STAFF_ROWS: MatrixRow[] = [
  {
    route: 'GET /api/staff/me',
    expect: answers({ staff: 200, diners: 401 }),
    request: () => ({ method: 'GET', url: '/api/staff/me' }),
    check: (world, actor, body) => mustContain(world.staff[actor as 'OWNER'].email)(world, actor, body),
  },
  {
    route: 'GET /api/staff/board',
    expect: answers({ staff: 200, diners: 401 }),
    request: () => ({ method: 'GET', url: '/api/staff/board' }),
    check: (world, actor, body) => mustContain(actor === 'outsider' ? NOTES.O : NOTES.A)(world, actor, body),
  },
  {
    route: 'PATCH /api/staff/orders/:orderId',
    expect: answers({ ...BISTRO_ROLES, outsider: 404, diners: 401 }),
    writes: true,
    fresh: async (world) => ({
      orderId: (
        await orderAt(
          world.app,
          world.sessions.same,
          world.tables.A,
          world.bistro.items.goulash as number,
          NOTES.A,
        )
      ).id,
    }),
    request: (_world, _actor, fresh) => ({
      method: 'PATCH',
      url: `/api/staff/orders/${fresh.orderId}`,
      payload: { status: 'ACCEPTED' },
    }),
  },
  {
    route: 'GET /api/staff/tables',
    expect: answers({ ...FLOOR, outsider: 200, diners: 401 }),
    request: () => ({ method: 'GET', url: '/api/staff/tables' }),
  },
  {
    route: 'PATCH /api/staff/tables/:tableId',
    expect: answers({ ...MANAGERS, outsider: 404, diners: 401 }),
    writes: true,
    request: (world) => ({
      method: 'PATCH',
      url: `/api/staff/tables/${world.tables.A}`,
      payload: { isEnabled: true },
    }),
  },
  {
    route: 'POST /api/staff/tables/:tableId/rotate-token',
    expect: answers({ ...MANAGERS, outsider: 404, diners: 401 }),
    writes: true,
    fresh: async (world) => ({ tableId: await spareTable(world) }),
    request: (_world, _actor, fresh) => ({
      method: 'POST',
      url: `/api/staff/tables/${fresh.tableId}/rotate-token`,
      payload: {},
    }),
  },
  {
    route: 'POST /api/staff/tables/:tableId/close',
    expect: answers({ ...FLOOR, OWNER: 204, MANAGER: 204, WAITER: 204, outsider: 404, diners: 401 }),
    writes: true,
    fresh: async (world) => ({ tableId: await spareTable(world) }),
    request: (_world, _actor, fresh) => ({
      method: 'POST',
      url: `/api/staff/tables/${fresh.tableId}/close`,
      payload: { force: false },
    }),
  },
  {
    route: 'PUT /api/staff/menu-items/:menuItemId/availability',
    expect: answers({ ...FLOOR, outsider: 404, diners: 401 }),
    writes: true,
    request: (world) => ({
      method: 'PUT',
      url: `/api/staff/menu-items/${world.bistro.items.goulash}/availability`,
      payload: { availabilityType: 'AVAILABLE' },
    }),
  },
  {
    route: 'PUT /api/staff/menu-options/:optionId/availability',
    expect: answers({ ...FLOOR, outsider: 404, diners: 401 }),
    writes: true,
    request: (world) => ({
      method: 'PUT',
      url: `/api/staff/menu-options/${world.bistroOption}/availability`,
      payload: { availabilityType: 'AVAILABLE' },
    }),
  },
  {
    route: 'GET /api/staff/qr-sheet.pdf',
    expect: answers({ ...MANAGERS, outsider: 200, diners: 401 }),
    request: () => ({ method: 'GET', url: '/api/staff/qr-sheet.pdf?lang=en' }),
  },
  {
    route: 'GET /api/staff/tables/:tableId/qr.svg',
    expect: answers({ ...MANAGERS, outsider: 404, diners: 401 }),
    request: (world) => ({ method: 'GET', url: `/api/staff/tables/${world.tables.A}/qr.svg?lang=en` }),
  },
  ...(['confirm', 'cancel'] as const).map(
    (action): MatrixRow => ({
      route: `POST /api/staff/payments/:paymentId/${action}`,
      expect: answers({ ...FLOOR, outsider: 404, diners: 401 }),
      writes: true,
      fresh: async (world) => {
        const order = await acceptedOrderAt(world, 'same', world.tables.A);
        return { paymentId: await paymentAt(world, 'same', world.tables.A, order, 'CASH') };
      },
      request: (_world, _actor, fresh) => ({
        method: 'POST',
        url: `/api/staff/payments/${fresh.paymentId}/${action}`,
        payload: {},
      }),
    }),
  ),
  {
    route: 'GET /api/staff/payments',
    // The outsider reads its own restaurant's list (empty of the bistro's payments: access-leaks.ts).
    expect: answers({ ...MANAGERS, outsider: 200, diners: 401 }),
    request: () => ({ method: 'GET', url: '/api/staff/payments' }),
    check: (world, actor, body) => {
      if (actor !== 'outsider') mustContain(world.paidA)(world, actor, body);
    },
  },
  {
    route: 'GET /api/staff/payments/:paymentId',
    expect: answers({ ...MANAGERS, outsider: 404, diners: 401 }),
    request: (world) => ({ method: 'GET', url: `/api/staff/payments/${world.paidA}` }),
    check: mustContain('"refundableAmount"'),
  },
  {
    route: 'POST /api/staff/payments/:paymentId/refunds',
    expect: answers({ ...MANAGERS, OWNER: 201, MANAGER: 201, outsider: 404, diners: 401 }),
    writes: true,
    request: (world, actor) => ({
      method: 'POST',
      url: `/api/staff/payments/${world.paidA}/refunds`,
      headers: { 'idempotency-key': `matrix-refund-${actor}` },
      payload: { amount: 1, reason: 'Access matrix' },
    }),
    check: mustContain('"status":"SUCCEEDED"'),
  },
  {
    route: 'POST /api/staff/tables/:tableId/calls/:kind/acknowledge',
    expect: answers({ ...FLOOR, outsider: 404, diners: 401 }),
    writes: true,
    request: (world) => ({
      method: 'POST',
      url: `/api/staff/tables/${world.tables.B}/calls/WAITER/acknowledge`,
      payload: {},
    }),
  },
  {
    route: 'POST /api/staff/logout',
    expect: answers({ staff: 204, diners: 401 }),
    writes: true,
    endsSession: true,
    request: () => ({ method: 'POST', url: '/api/staff/logout', payload: {} }),
  },
];

/** Joining moves a session to the joined table (one table at a time): these rows run last. */
export const JOIN_ROWS: MatrixRow[] = [
  {
    route: 'POST /api/table-sessions (the table’s own token)',
    expect: answers({ forged: 403, none: 400, staff: 400, rest: 200 }),
    writes: true,
    request: (world, actor) => ({
      method: 'POST',
      url: '/api/table-sessions',
      payload: {
        ...bodySession(world, actor),
        shortName: 'bistro',
        tableId: world.tables.J,
        token: world.tokens.bistro[2],
      },
    }),
  },
  {
    route: 'POST /api/table-sessions (another table’s token)',
    expect: answers({ none: 400, staff: 400, rest: 403 }),
    writes: true,
    request: (world, actor) => ({
      method: 'POST',
      url: '/api/table-sessions',
      payload: {
        ...bodySession(world, actor),
        shortName: 'bistro',
        tableId: world.tables.J,
        token: world.tokens.bistro[0],
      },
    }),
  },
  {
    route: 'POST /api/table-sessions (a table of another restaurant)',
    expect: answers({ none: 400, staff: 400, rest: 403 }),
    writes: true,
    request: (world, actor) => ({
      method: 'POST',
      url: '/api/table-sessions',
      payload: {
        ...bodySession(world, actor),
        shortName: 'other',
        tableId: world.tables.A,
        token: world.tokens.bistro[0],
      },
    }),
  },
];

export const MATRIX: MatrixRow[] = [...DINER_ROWS, ...STAFF_ROWS, ...JOIN_ROWS];

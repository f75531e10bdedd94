import {
  ORDER_STATUSES,
  OrderSchema,
  type OrderStatus,
  STAFF_TRANSITIONS,
  TableOrdersResponseSchema,
} from '@tablo/contract/order';
import { StaffBoardSchema, StaffMeSchema } from '@tablo/contract/staff';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOrderingApp,
  getTableOrders,
  joinedSession,
  type OrderingContext,
  postOrder,
} from '../../../test/helpers/ordering-kit.ts';
import { testDatabaseKinds } from '../../../test/helpers/test-database.ts';
import { orders, staffSession } from '../../db/schema.ts';
import type { App } from '../../lib/app-type.ts';
import { createStaff } from './create-staff.ts';
import { hashPassword, verifyPassword } from './password.ts';

const PASSWORD = 'correct horse battery';

interface LoggedIn {
  cookie: string;
  csrf: string;
}

async function logIn(app: App, email: string, password = PASSWORD): Promise<LoggedIn> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/staff/login',
    payload: { email, password },
  });
  if (response.statusCode !== 200) throw new Error(`login ${response.statusCode} ${response.body}`);
  const cookie = response.cookies.find((c) => c.name === 'tablo_staff');
  if (!cookie) throw new Error('no cookie');
  return { cookie: `tablo_staff=${cookie.value}`, csrf: StaffMeSchema.parse(response.json()).csrfToken };
}

function staffRequest(
  app: App,
  who: LoggedIn,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  payload?: Record<string, unknown>,
) {
  return app.inject({
    method,
    url,
    headers: { cookie: who.cookie, 'x-csrf-token': who.csrf },
    ...(payload === undefined ? {} : { payload }),
  });
}

describe('password hashing', () => {
  it('salts, keeps its parameters in the string and verifies', async () => {
    const a = await hashPassword('secret-password');
    const b = await hashPassword('secret-password');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(await verifyPassword('secret-password', a)).toBe(true);
    expect(await verifyPassword('secret-passwore', a)).toBe(false);
    expect(await verifyPassword('x', 'garbage')).toBe(false);
  });
});

describe.each(testDatabaseKinds())('staff API on %s', (kind) => {
  let ctx: OrderingContext;
  let waiter: LoggedIn;
  let tableId: number;

  beforeAll(async () => {
    ctx = await createOrderingApp(kind);
    tableId = ctx.bistro.tables[1] as number;
    await createStaff(ctx.database, { shortName: 'bistro', email: 'anna@bistro.test', password: PASSWORD });
    await createStaff(ctx.database, {
      shortName: 'other',
      email: 'olga@other.test',
      password: PASSWORD,
      role: 'OWNER',
    });
    waiter = await logIn(ctx.app, 'Anna@Bistro.test');
  });
  afterAll(() => ctx.close());

  async function placeOne(key: string): Promise<{ orderId: number; sessionId: string }> {
    const { sessionId } = await joinedSession(ctx, 'bistro', tableId);
    const response = await postOrder(ctx.app, key, {
      sessionId,
      tableId,
      items: [{ menuItemId: ctx.bistro.items.goulash, quantity: 1 }],
    });
    return { orderId: OrderSchema.parse(response.json()).id, sessionId };
  }

  it('logs in with an httpOnly SameSite=Strict cookie, stores only a hash, and answers /me', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/staff/login',
      payload: { email: 'anna@bistro.test', password: PASSWORD },
    });
    const cookie = response.cookies.find((c) => c.name === 'tablo_staff');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/staff' });
    const stored = await ctx.database.db.select().from(staffSession);
    expect(stored.map((s) => s.tokenHash)).not.toContain(cookie?.value);
    const me = await staffRequest(ctx.app, waiter, 'GET', '/api/staff/me');
    expect(StaffMeSchema.parse(me.json())).toMatchObject({
      email: 'anna@bistro.test',
      role: 'WAITER',
      restaurantShortName: 'bistro',
      // The console's header names the restaurant as its guests know it (issue 24).
      restaurantName: 'Kis Bisztró',
    });
  });

  it('answers one error for an unknown e-mail and a wrong password; no cookie → 401', async () => {
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/staff/login',
      payload: { email: 'anna@bistro.test', password: 'nope' },
    });
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/staff/login',
      payload: { email: 'who@bistro.test', password: 'nope' },
    });
    expect([wrong.statusCode, unknown.statusCode]).toEqual([401, 401]);
    expect(wrong.json().message).toBe(unknown.json().message);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/staff/board' })).statusCode).toBe(401);
  });

  it('rate-limits log-in per IP and e-mail address', async () => {
    const attempt = (email: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/staff/login',
        payload: { email, password: 'wrong-password' },
      });
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await attempt('limited@bistro.test')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expect((await attempt('someone-else@bistro.test')).statusCode).toBe(401);
  });

  it('refuses every mutating request without the CSRF token with 403, changing nothing', async () => {
    const { orderId } = await placeOne('key-staff-csrf-1');
    for (const csrf of [undefined, 'forged']) {
      const headers: Record<string, string> = { cookie: waiter.cookie };
      if (csrf) headers['x-csrf-token'] = csrf;
      const patch = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/staff/orders/${orderId}`,
        headers,
        payload: { status: 'ACCEPTED' },
      });
      const close = await ctx.app.inject({
        method: 'POST',
        url: `/api/staff/tables/${tableId}/close`,
        headers,
      });
      const logout = await ctx.app.inject({ method: 'POST', url: '/api/staff/logout', headers });
      expect([patch.statusCode, close.statusCode, logout.statusCode]).toEqual([403, 403, 403]);
    }
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row?.status).toBe('PLACED');
  });

  it('shows the board, moves orders, and diners see the reject reason', async () => {
    const { orderId, sessionId } = await placeOne('key-staff-board-1');
    const board = StaffBoardSchema.parse(
      (await staffRequest(ctx.app, waiter, 'GET', '/api/staff/board')).json(),
    );
    const visit = board.visits.find((v) => v.tableId === tableId);
    expect(visit?.orders.map((o) => [o.id, o.isMine])).toContainEqual([orderId, false]);
    const noReason = await staffRequest(ctx.app, waiter, 'PATCH', `/api/staff/orders/${orderId}`, {
      status: 'REJECTED',
    });
    expect(noReason.statusCode).toBe(400);
    const rejected = await staffRequest(ctx.app, waiter, 'PATCH', `/api/staff/orders/${orderId}`, {
      status: 'REJECTED',
      reason: 'The kitchen has closed',
    });
    expect(OrderSchema.parse(rejected.json())).toMatchObject({
      status: 'REJECTED',
      rejectReason: 'The kitchen has closed',
    });
    const mine = TableOrdersResponseSchema.parse((await getTableOrders(ctx.app, tableId, sessionId)).json());
    expect(mine.orders.find((o) => o.id === orderId)?.rejectReason).toBe('The kitchen has closed');
  });

  it('another restaurant’s order or table → 404, unchanged', async () => {
    const { orderId } = await placeOne('key-staff-foreign');
    const olga = await logIn(ctx.app, 'olga@other.test');
    const patch = await staffRequest(ctx.app, olga, 'PATCH', `/api/staff/orders/${orderId}`, {
      status: 'ACCEPTED',
    });
    expect(patch.statusCode).toBe(404);
    expect(
      (await staffRequest(ctx.app, olga, 'POST', `/api/staff/tables/${tableId}/close`, {})).statusCode,
    ).toBe(404);
    const board = StaffBoardSchema.parse(
      (await staffRequest(ctx.app, olga, 'GET', '/api/staff/board')).json(),
    );
    expect(board.visits).toEqual([]);
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row?.status).toBe('PLACED');
  });

  it('refuses every illegal move with 409 and leaves the order unchanged (property)', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...ORDER_STATUSES), { minLength: 1, maxLength: 5 }),
        async (moves) => {
          const { orderId } = await placeOne(`key-staff-prop-${run++}`);
          let expected: OrderStatus = 'PLACED';
          for (const to of moves) {
            const before = await ctx.database.db.select().from(orders).where(eq(orders.id, orderId));
            const response = await staffRequest(ctx.app, waiter, 'PATCH', `/api/staff/orders/${orderId}`, {
              status: to,
              ...(to === 'REJECTED' ? { reason: 'Sorry' } : {}),
            });
            if (STAFF_TRANSITIONS[expected].includes(to)) {
              expect(response.statusCode).toBe(200);
              expected = to;
            } else {
              expect(response.statusCode).toBe(409);
              const after = await ctx.database.db.select().from(orders).where(eq(orders.id, orderId));
              expect(after).toEqual(before);
            }
          }
          const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, orderId));
          expect(row?.status).toBe(expected);
        },
      ),
      { numRuns: 20 },
    );
  });

  it('two staff members moving one order at once: exactly one succeeds', async () => {
    const { orderId } = await placeOne('key-staff-race-1');
    const answers = await Promise.all(
      ['ACCEPTED', 'REJECTED', 'ACCEPTED'].map((status) =>
        staffRequest(ctx.app, waiter, 'PATCH', `/api/staff/orders/${orderId}`, { status, reason: 'x' }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
  });

  it('logs out: the cookie no longer works', async () => {
    const me = await logIn(ctx.app, 'anna@bistro.test');
    expect((await staffRequest(ctx.app, me, 'POST', '/api/staff/logout')).statusCode).toBe(204);
    expect((await staffRequest(ctx.app, me, 'GET', '/api/staff/me')).statusCode).toBe(401);
  });
});

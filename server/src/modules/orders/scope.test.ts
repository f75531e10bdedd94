import { OrderSchema, TableOrdersResponseSchema } from '@tablo/contract/order';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOrderingApp,
  getTableOrders,
  joinedSession,
  joinRequest,
  newSession,
  type OrderingContext,
  postOrder,
  tableToken,
} from '../../../test/helpers/ordering-kit.ts';
import { testDatabaseKinds } from '../../../test/helpers/test-database.ts';
import { menuItem, orderItem, orders } from '../../db/schema.ts';
import { createStaff } from '../staff/create-staff.ts';
import { placeOrder } from './service.ts';

/**
 * Every diner route with an id, tried from the session that joined the table, another session at the
 * same table, a session at another table, a session of another restaurant and no session (DESIGN §8).
 */
describe.each(testDatabaseKinds())('diner scope on %s', (kind) => {
  let ctx: OrderingContext;
  let tableId: number;
  let readers: Record<'same' | 'sameTable' | 'otherTable' | 'otherRestaurant', string>;
  let orderId: number;

  beforeAll(async () => {
    ctx = await createOrderingApp(kind);
    tableId = ctx.bistro.tables[1] as number;
    const same = await joinedSession(ctx, 'bistro', tableId);
    readers = {
      same: same.sessionId,
      sameTable: (await joinedSession(ctx, 'bistro', tableId)).sessionId,
      otherTable: (await joinedSession(ctx, 'bistro', ctx.bistro.tables[2] as number)).sessionId,
      otherRestaurant: (await joinedSession(ctx, 'other', ctx.other.tables[1] as number)).sessionId,
    };
    const placed = await postOrder(ctx.app, 'key-scope-first', {
      sessionId: same.sessionId,
      tableId,
      items: [{ menuItemId: ctx.bistro.items.goulash, quantity: 1 }],
    });
    orderId = OrderSchema.parse(placed.json()).id;
  });
  afterAll(() => ctx.close());

  it('GET /api/tables/:tableId/orders', async () => {
    const read = async (session: string | null) => getTableOrders(ctx.app, tableId, session);
    const same = TableOrdersResponseSchema.parse((await read(readers.same)).json());
    expect(same.orders.map((o) => [o.id, o.isMine])).toEqual([[orderId, true]]);
    const sameTable = TableOrdersResponseSchema.parse((await read(readers.sameTable)).json());
    expect(sameTable.orders.map((o) => [o.id, o.isMine])).toEqual([[orderId, false]]);
    expect((await read(readers.otherTable)).statusCode).toBe(403);
    expect((await read(readers.otherRestaurant)).statusCode).toBe(403);
    expect((await read(null)).statusCode).toBe(403);
    expect((await read('not-a-uuid')).statusCode).toBe(403);
    expect((await read('6f1c2a52-1111-4c4c-9b9b-0123456789ab')).statusCode).toBe(403);
  });

  it('POST /api/orders for this table', async () => {
    const order = (session: string, key: string) =>
      postOrder(ctx.app, key, {
        sessionId: session,
        tableId,
        items: [{ menuItemId: ctx.bistro.items.goulash, quantity: 1 }],
      });
    expect((await order(readers.same, 'key-scope-same')).statusCode).toBe(201);
    expect((await order(readers.sameTable, 'key-scope-sametable')).statusCode).toBe(201);
    for (const [who, key] of [
      [readers.otherTable, 'key-scope-othertable'],
      [readers.otherRestaurant, 'key-scope-otherrest'],
    ] as const) {
      const refused = await order(who, key);
      expect([refused.statusCode, refused.json().message]).toEqual([
        403,
        'Orders cannot be placed at this table',
      ]);
    }
    expect((await order('6f1c2a52-1111-4c4c-9b9b-0123456789ab', 'key-scope-forged')).statusCode).toBe(403);
    // A tampered table: the same session naming a table it has not joined.
    const tampered = await postOrder(ctx.app, 'key-scope-tampered', {
      sessionId: readers.same,
      tableId: ctx.bistro.tables[2],
      items: [{ menuItemId: ctx.bistro.items.goulash, quantity: 1 }],
    });
    expect(tampered.statusCode).toBe(403);
    const rows = await ctx.database.db.select().from(orders);
    expect(rows.map((row) => row.sessionId).sort()).toEqual(
      [readers.same, readers.same, readers.sameTable].sort(),
    );
  });

  it('POST /api/table-sessions needs this table’s token, whoever asks', async () => {
    const foreignToken = await tableToken(ctx.database, ctx.other.tables[1] as number);
    for (const session of Object.values(readers)) {
      const response = await joinRequest(ctx.app, {
        shortName: 'bistro',
        tableId,
        token: foreignToken,
        sessionId: session,
      });
      expect(response.statusCode).toBe(403);
    }
  });

  it('after the visit closes, old sessions see nothing, not even of the next visit', async () => {
    const staffEmail = `waiter-${kind}@bistro.test`;
    await createStaff(ctx.database, {
      shortName: 'bistro',
      email: staffEmail,
      password: 'correct horse battery',
    });
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/staff/login',
      payload: { email: staffEmail, password: 'correct horse battery' },
    });
    const cookie = `tablo_staff=${login.cookies.find((c) => c.name === 'tablo_staff')?.value}`;
    const close = await ctx.app.inject({
      method: 'POST',
      url: `/api/staff/tables/${tableId}/close`,
      headers: { cookie, 'x-csrf-token': login.json().csrfToken },
      payload: {},
    });
    expect(close.statusCode).toBe(204);

    const afterClose = TableOrdersResponseSchema.parse(
      (await getTableOrders(ctx.app, tableId, readers.same)).json(),
    );
    expect(afterClose).toEqual({ visitId: null, orders: [] });
    const retry = await postOrder(ctx.app, 'key-scope-first', {
      sessionId: readers.same,
      tableId,
      items: [{ menuItemId: ctx.bistro.items.goulash, quantity: 1 }],
    });
    expect(retry.statusCode).toBe(403);

    const next = await joinedSession(ctx, 'bistro', tableId);
    await postOrder(ctx.app, 'key-scope-nextparty', {
      sessionId: next.sessionId,
      tableId,
      items: [{ menuItemId: ctx.bistro.items.palinka, quantity: 1 }],
    });
    for (const old of [readers.same, readers.sameTable]) {
      const seen = TableOrdersResponseSchema.parse((await getTableOrders(ctx.app, tableId, old)).json());
      expect(seen).toEqual({ visitId: null, orders: [] });
    }
    const fresh = TableOrdersResponseSchema.parse(
      (await getTableOrders(ctx.app, tableId, next.sessionId)).json(),
    );
    expect(fresh.visitId).toBe(next.joined.visitId);
    expect(fresh.orders).toHaveLength(1);
  });

  it('the stored total always equals database price × quantity (property over random carts)', async () => {
    const table = ctx.bistro.tables[3] as number;
    const priced = [ctx.bistro.items.goulash, ctx.bistro.items.palinka] as number[];
    let run = 0;
    const sessionId = await newSession(ctx.app);
    const joined = await joinRequest(ctx.app, {
      shortName: 'bistro',
      tableId: table,
      token: await tableToken(ctx.database, table),
      sessionId,
    });
    expect(joined.statusCode).toBe(200);
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ item: fc.constantFrom(...priced), quantity: fc.integer({ min: 1, max: 50 }) }), {
          minLength: 1,
          maxLength: 8,
        }),
        fc.integer({ min: 0, max: 100_000 }),
        async (lines, price) => {
          await ctx.database.db
            .update(menuItem)
            .set({ priceGross: price })
            .where(eq(menuItem.id, priced[0] as number));
          const order = await placeOrder(
            ctx.database,
            `key-property-${run++}`,
            {
              sessionId,
              tableId: table,
              note: '',
              items: lines.map((l) => ({ menuItemId: l.item, quantity: l.quantity, note: '', choices: [] })),
            },
            { ordersPerMinute: 1_000_000, now: new Date(), language: 'en' },
          );
          const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, order.id));
          const stored = await ctx.database.db
            .select()
            .from(orderItem)
            .where(eq(orderItem.orderId, order.id));
          const dbPrices = await ctx.database.db
            .select({ id: menuItem.id, price: menuItem.priceGross })
            .from(menuItem);
          const priceOf = (id: number) => dbPrices.find((p) => p.id === id)?.price ?? -1;
          const expected = lines.reduce((sum, l) => sum + priceOf(l.item) * l.quantity, 0);
          expect(row?.total).toBe(expected);
          expect(order.total).toBe(expected);
          expect(stored.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0)).toBe(expected);
        },
      ),
      { numRuns: 30 },
    );
  });
});

import { OrderSchema, TableOrdersResponseSchema } from '@tablo/contract/order';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOrderingApp,
  getTableOrders,
  joinedSession,
  type OrderingContext,
  postOrder,
  setRestaurant,
} from '../../../test/helpers/ordering-kit.ts';
import { testDatabaseKinds } from '../../../test/helpers/test-database.ts';
import { menuItem, orderItem, orders, tableEvent } from '../../db/schema.ts';

describe.each(testDatabaseKinds())('POST /api/orders on %s', (kind) => {
  let ctx: OrderingContext;
  let tableId: number;
  let goulash: number;
  let palinka: number;

  beforeAll(async () => {
    ctx = await createOrderingApp(kind);
    tableId = ctx.bistro.tables[1] as number;
    goulash = ctx.bistro.items.goulash as number;
    palinka = ctx.bistro.items.palinka as number;
  });
  afterAll(() => ctx.close());

  async function orderCount(sessionId: string): Promise<number> {
    const [row] = await ctx.database.db
      .select({ n: count() })
      .from(orders)
      .where(eq(orders.sessionId, sessionId));
    return row?.n ?? 0;
  }

  function cart(sessionId: string, extra: Record<string, unknown> = {}) {
    return {
      sessionId,
      tableId,
      note: 'no onions',
      items: [
        { menuItemId: goulash, quantity: 2, note: '' },
        { menuItemId: palinka, quantity: 1, note: 'cold' },
        { menuItemId: goulash, quantity: 1, note: 'extra hot' },
      ],
      ...extra,
    };
  }

  it('prices the order from the database and records an order.placed event', async () => {
    const { sessionId } = await joinedSession(ctx, 'bistro', tableId);
    const response = await postOrder(ctx.app, 'key-priced-0001', cart(sessionId));
    expect(response.statusCode).toBe(201);
    const order = OrderSchema.parse(response.json());
    expect(order).toMatchObject({
      status: 'PLACED',
      total: 3 * 2490 + 1800,
      currency: 'HUF',
      isMine: true,
      tableId,
    });
    // One dish twice with different notes is two lines (issue 24 §11), each with its own note.
    expect(
      order.items.map((line) => [line.menuItemId, line.quantity, line.unitPrice, line.lineTotal, line.note]),
    ).toEqual([
      [goulash, 2, 2490, 4980, ''],
      [palinka, 1, 1800, 1800, 'cold'],
      [goulash, 1, 2490, 2490, 'extra hot'],
    ]);
    const table = TableOrdersResponseSchema.parse((await getTableOrders(ctx.app, tableId, sessionId)).json());
    expect(table.orders.find((o) => o.id === order.id)?.items.map((line) => line.note)).toEqual([
      '',
      'cold',
      'extra hot',
    ]);
    expect(order.items[0]?.titles).toEqual([
      { isoCode: 'hu', title: 'Gulyásleves' },
      { isoCode: 'en', title: 'Goulash soup' },
    ]);
    expect(order.items[1]?.vatPercent).toBe(27);
    const events = await ctx.database.db.select().from(tableEvent).where(eq(tableEvent.tableId, tableId));
    expect(events.map((event) => event.type)).toContain('order.placed');
  });

  it('the same order posted 5 times in a row makes one order, answered identically', async () => {
    const { sessionId } = await joinedSession(ctx, 'bistro', tableId);
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await postOrder(ctx.app, 'key-sequential-1', cart(sessionId)));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(await orderCount(sessionId)).toBe(1);
  });

  it('the same order posted 5 times at once makes one order; the others get it or 409 while it runs', async () => {
    const { sessionId } = await joinedSession(ctx, 'bistro', tableId);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => postOrder(ctx.app, 'key-concurrent-1', cart(sessionId))),
    );
    const created = answers.filter((a) => a.statusCode === 201);
    const inFlight = answers.filter((a) => a.statusCode === 409);
    expect(created.length + inFlight.length).toBe(5);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(new Set(created.map((a) => a.body)).size).toBe(1);
    for (const a of inFlight) expect(a.json().message).toBe('This order is still being processed');
    expect(await orderCount(sessionId)).toBe(1);
    // A retry after the race gets the stored answer.
    const retry = await postOrder(ctx.app, 'key-concurrent-1', cart(sessionId));
    expect(retry.statusCode).toBe(201);
    expect(retry.body).toBe(created[0]?.body);
  });

  it('a changed body under a used key is refused with 422 and stores nothing', async () => {
    const { sessionId } = await joinedSession(ctx, 'bistro', tableId);
    expect((await postOrder(ctx.app, 'key-changed-001', cart(sessionId))).statusCode).toBe(201);
    const changed = await postOrder(ctx.app, 'key-changed-001', cart(sessionId, { note: 'different' }));
    expect(changed.statusCode).toBe(422);
    expect(changed.json().message).toBe('This idempotency key was already used for a different order');
    expect(await orderCount(sessionId)).toBe(1);
  });

  it.each([
    ['a price', { items: [{ menuItemId: 1, quantity: 1, unitPrice: 1 }] }],
    ['a total', { total: 1 }],
    ['a status', { status: 'PAID' }],
    ['a visit', { visitId: 1 }],
    ['a zero quantity', { items: [{ menuItemId: 1, quantity: 0 }] }],
    ['an absurd quantity', { items: [{ menuItemId: 1, quantity: 100000 }] }],
    ['a fractional quantity', { items: [{ menuItemId: 1, quantity: 1.5 }] }],
    ['no items', { items: [] }],
  ])('a body with %s is refused with 400 and stores nothing', async (_name, tamper) => {
    const { sessionId } = await joinedSession(ctx, 'bistro', tableId);
    const response = await postOrder(ctx.app, 'key-tampered-01', cart(sessionId, tamper));
    expect(response.statusCode).toBe(400);
    expect(await orderCount(sessionId)).toBe(0);
  });

  it('a missing or malformed Idempotency-Key is refused with 400', async () => {
    const { sessionId } = await joinedSession(ctx, 'bistro', tableId);
    expect((await postOrder(ctx.app, null, cart(sessionId))).statusCode).toBe(400);
    const bad = await postOrder(ctx.app, 'short', cart(sessionId));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Idempotency-Key/);
    expect(await orderCount(sessionId)).toBe(0);
  });

  it('sold-out, inactive, unknown and other restaurants’ items are refused, naming the item', async () => {
    const { sessionId } = await joinedSession(ctx, 'bistro', tableId);
    const line = (menuItemId: number) => ({ sessionId, tableId, items: [{ menuItemId, quantity: 1 }] });
    const soldOut = await postOrder(ctx.app, 'key-item-soldout', line(ctx.bistro.items.fishsoup as number));
    expect(soldOut.statusCode).toBe(409);
    expect(soldOut.json().message).toMatch(/^Menu item \d+ \(fishsoup en\) is sold out$/);
    for (const ref of ['hidden-soup', 'old-dish'] as const) {
      const gone = await postOrder(ctx.app, `key-item-${ref}`, line(ctx.bistro.items[ref] as number));
      expect(gone.statusCode).toBe(422);
      expect(gone.json().message).toMatch(/is no longer on the menu/);
    }
    const foreign = await postOrder(ctx.app, 'key-item-foreign', line(ctx.other.items.steak as number));
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().message).toBe(
      `Menu item ${ctx.other.items.steak} is not on this restaurant's menu`,
    );
    expect((await postOrder(ctx.app, 'key-item-unknown', line(999999))).statusCode).toBe(422);
    expect(await orderCount(sessionId)).toBe(0);
  });

  it('prices come from the database at placing time; the stored total is Σ unit price × quantity', async () => {
    const { sessionId } = await joinedSession(ctx, 'bistro', tableId);
    await ctx.database.db.update(menuItem).set({ priceGross: 2590 }).where(eq(menuItem.id, goulash));
    const response = await postOrder(ctx.app, 'key-newprice-1', cart(sessionId));
    expect(OrderSchema.parse(response.json()).total).toBe(3 * 2590 + 1800);
    await ctx.database.db.update(menuItem).set({ priceGross: 2490 }).where(eq(menuItem.id, goulash));
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.sessionId, sessionId));
    const lines = await ctx.database.db
      .select()
      .from(orderItem)
      .where(eq(orderItem.orderId, row?.id ?? 0));
    expect(row?.total).toBe(lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0));
  });

  it('refuses orders when the restaurant is disabled or stops taking orders, with the spec texts', async () => {
    const { sessionId } = await joinedSession(ctx, 'bistro', tableId);
    await setRestaurant(ctx.database, ctx.bistro.id, { isOrderingEnabled: false });
    const noOrdering = await postOrder(ctx.app, 'key-disabled-01', cart(sessionId));
    expect([noOrdering.statusCode, noOrdering.json().message]).toEqual([
      403,
      'Orders cannot be placed at this table',
    ]);
    await setRestaurant(ctx.database, ctx.bistro.id, { isOrderingEnabled: true, isEnabled: false });
    const disabled = await postOrder(ctx.app, 'key-disabled-02', cart(sessionId));
    expect([disabled.statusCode, disabled.json().message]).toEqual([403, 'The restaurant is not available']);
    await setRestaurant(ctx.database, ctx.bistro.id, { isEnabled: true });
    expect(await orderCount(sessionId)).toBe(0);
  });

  it('limits orders per session per minute with 429; replays do not count', async () => {
    const { sessionId } = await joinedSession(ctx, 'bistro', tableId);
    const statuses = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await postOrder(ctx.app, `key-limit-${i}-xx`, cart(sessionId))).statusCode);
    }
    expect(statuses).toEqual([...Array(10).fill(201), 429]);
    expect((await postOrder(ctx.app, 'key-limit-3-xx', cart(sessionId))).statusCode).toBe(201);
    expect(await orderCount(sessionId)).toBe(10);
  });

  it('My Table lists the visit’s orders newest first with isMine per reader', async () => {
    const table2 = ctx.bistro.tables[2] as number;
    const a = await joinedSession(ctx, 'bistro', table2);
    const b = await joinedSession(ctx, 'bistro', table2);
    await postOrder(ctx.app, 'key-mytable-a1', {
      sessionId: a.sessionId,
      tableId: table2,
      items: [{ menuItemId: goulash, quantity: 1 }],
    });
    await postOrder(ctx.app, 'key-mytable-b1', {
      sessionId: b.sessionId,
      tableId: table2,
      items: [{ menuItemId: palinka, quantity: 2 }],
    });
    const seenByA = TableOrdersResponseSchema.parse(
      (await getTableOrders(ctx.app, table2, a.sessionId)).json(),
    );
    expect(seenByA.visitId).toBe(a.joined.visitId);
    expect(seenByA.orders.map((o) => [o.total, o.isMine])).toEqual([
      [3600, false],
      [2490, true],
    ]);
    const seenByB = TableOrdersResponseSchema.parse(
      (await getTableOrders(ctx.app, table2, b.sessionId)).json(),
    );
    expect(seenByB.orders.map((o) => o.isMine)).toEqual([true, false]);
  });
});

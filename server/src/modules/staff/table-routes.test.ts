import { OrderSchema } from '@tablo/contract/order';
import { RestaurantSchema } from '@tablo/contract/restaurant';
import { type StaffRole, StaffTableSchema, StaffTablesSchema } from '@tablo/contract/staff';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test/helpers/eventually.ts';
import {
  createOrderingApp,
  joinedSession,
  joinRequest,
  newSession,
  type OrderingContext,
  postOrder,
  tableToken,
} from '../../../test/helpers/ordering-kit.ts';
import { asStaff, type LoggedIn, staffOfEveryRole } from '../../../test/helpers/staff.ts';
import { testDatabaseKinds } from '../../../test/helpers/test-database.ts';
import { STAFF_TABLES_CHANNEL } from '../../db/channels.ts';
import { diningTable, tableCall } from '../../db/schema.ts';

describe.each(testDatabaseKinds())('staff tables on %s', (kind) => {
  let ctx: OrderingContext;
  let staff: Record<StaffRole, LoggedIn>;
  let outsider: LoggedIn;
  let tableOne: number;
  const notified: string[] = [];

  beforeAll(async () => {
    ctx = await createOrderingApp(kind);
    staff = await staffOfEveryRole(ctx.app, ctx.database, 'bistro');
    outsider = (await staffOfEveryRole(ctx.app, ctx.database, 'other')).OWNER;
    tableOne = ctx.bistro.tables[1] as number;
    await ctx.database.listen(STAFF_TABLES_CHANNEL, (payload) => {
      if (payload !== null) notified.push(payload);
    });
  });
  afterAll(() => ctx.close());

  it('lists every table by number with its open visit, unpaid amount and calls; URLs only for managers', async () => {
    const { sessionId } = await joinedSession(ctx, 'bistro', tableOne);
    const items = ctx.bistro.items;
    const placed = await postOrder(ctx.app, 'key-tables-1', {
      sessionId,
      tableId: tableOne,
      items: [
        { menuItemId: items.goulash, quantity: 2 },
        { menuItemId: items.palinka, quantity: 1 },
      ],
    });
    expect(placed.statusCode).toBe(201);
    // Payable, so counted as unpaid, once accepted (docs/decisions/019-payments.md).
    const accept = await asStaff(ctx.app, staff.WAITER, 'PATCH', `/api/staff/orders/${placed.json().id}`, {
      status: 'ACCEPTED',
    });
    expect(accept.statusCode).toBe(200);
    const rejected = OrderSchema.parse(
      (
        await postOrder(ctx.app, 'key-tables-2', {
          sessionId,
          tableId: tableOne,
          items: [{ menuItemId: items.goulash, quantity: 5 }],
        })
      ).json(),
    );
    const reject = await asStaff(ctx.app, staff.WAITER, 'PATCH', `/api/staff/orders/${rejected.id}`, {
      status: 'REJECTED',
      reason: 'Out of paprika',
    });
    expect(reject.statusCode).toBe(200);
    // A second diner at the table asks for the bill (the calls API writes exactly this row).
    const joined = await joinedSession(ctx, 'bistro', tableOne);
    await ctx.database.db.insert(tableCall).values({
      tableId: tableOne,
      visitId: joined.joined.visitId,
      kind: 'BILL',
      sessionId,
      requestedAt: new Date('2026-01-02T19:00:00Z'),
    });

    const waiterView = StaffTablesSchema.parse(
      (await asStaff(ctx.app, staff.WAITER, 'GET', '/api/staff/tables')).json(),
    );
    expect(waiterView.currency).toBe('HUF');
    expect(waiterView.tables.map((t) => [t.tableNumber, t.isEnabled, t.orderingUrl])).toEqual([
      [1, true, null],
      [2, true, null],
      [3, true, null],
      [4, false, null],
    ]);
    const one = waiterView.tables[0];
    expect(one?.visit).toMatchObject({
      visitId: joined.joined.visitId,
      orderCount: 2,
      unpaidAmount: 2 * 2490 + 1800,
    });
    expect(one?.calls).toEqual([
      {
        kind: 'BILL',
        requestedAt: expect.stringMatching(/^2026-01-02T19:00:00(\.000)?Z$/),
        acknowledgedAt: null,
      },
    ]);
    expect(waiterView.tables.slice(1).map((t) => [t.visit, t.calls])).toEqual([
      [null, []],
      [null, []],
      [null, []],
    ]);

    const managerView = StaffTablesSchema.parse(
      (await asStaff(ctx.app, staff.MANAGER, 'GET', '/api/staff/tables')).json(),
    );
    const token = await tableToken(ctx.database, tableOne);
    expect(managerView.tables[0]?.orderingUrl).toBe(
      `http://localhost:3000/order/bistro/${tableOne}/hu?t=${token}`,
    );
    expect((await asStaff(ctx.app, staff.KITCHEN, 'GET', '/api/staff/tables')).statusCode).toBe(403);
    const foreign = StaffTablesSchema.parse(
      (await asStaff(ctx.app, outsider, 'GET', '/api/staff/tables')).json(),
    );
    expect(foreign.tables.map((t) => t.tableId)).toEqual([ctx.other.tables[1], ctx.other.tables[2]]);
  });

  it('disables and enables a table: joining is refused meanwhile and the restaurant answer follows', async () => {
    const tableTwo = ctx.bistro.tables[2] as number;
    notified.length = 0;
    const off = await asStaff(ctx.app, staff.MANAGER, 'PATCH', `/api/staff/tables/${tableTwo}`, {
      isEnabled: false,
    });
    expect(off.statusCode).toBe(200);
    expect(StaffTableSchema.parse(off.json())).toMatchObject({
      tableId: tableTwo,
      tableNumber: 2,
      isEnabled: false,
    });
    const join = await joinRequest(ctx.app, {
      shortName: 'bistro',
      tableId: tableTwo,
      token: await tableToken(ctx.database, tableTwo),
      sessionId: await newSession(ctx.app),
    });
    expect(join.statusCode).toBe(403);
    const restaurantAnswer = () =>
      ctx.app
        .inject({ method: 'GET', url: '/api/restaurant/one/bistro' })
        .then((r) => RestaurantSchema.parse(r.json()));
    const tableTwoEnabled = async () =>
      (await restaurantAnswer()).tables.find((t) => t.id === tableTwo)?.isEnabled;
    expect(await eventually(tableTwoEnabled, (enabled) => enabled === false)).toBe(false);
    await eventually(
      async () => notified.length,
      (n) => n > 0,
    );
    expect(notified).toEqual([`${ctx.bistro.id}:${tableTwo}`]);

    const on = await asStaff(ctx.app, staff.OWNER, 'PATCH', `/api/staff/tables/${tableTwo}`, {
      isEnabled: true,
    });
    expect(StaffTableSchema.parse(on.json()).isEnabled).toBe(true);
    expect(await eventually(tableTwoEnabled, (enabled) => enabled === true)).toBe(true);
  });

  it('rotates a token: the old one stops joining at once, the new one joins', async () => {
    const tableThree = ctx.bistro.tables[3] as number;
    const oldToken = await tableToken(ctx.database, tableThree);
    const rotated = await asStaff(
      ctx.app,
      staff.MANAGER,
      'POST',
      `/api/staff/tables/${tableThree}/rotate-token`,
      {},
    );
    expect(rotated.statusCode).toBe(200);
    const table = StaffTableSchema.parse(rotated.json());
    const newToken = await tableToken(ctx.database, tableThree);
    expect(newToken).not.toBe(oldToken);
    expect(table.orderingUrl).toBe(`http://localhost:3000/order/bistro/${tableThree}/hu?t=${newToken}`);
    const join = async (token: string) =>
      (
        await joinRequest(ctx.app, {
          shortName: 'bistro',
          tableId: tableThree,
          token,
          sessionId: await newSession(ctx.app),
        })
      ).statusCode;
    expect(await join(oldToken)).toBe(403);
    expect(await join(newToken)).toBe(200);
  });

  it('refuses bad input with 400 and a message, unknown and foreign tables with 404, and waiters with 403', async () => {
    const tableTwo = ctx.bistro.tables[2] as number;
    for (const body of [{ isEnabled: 'no' }, {}, { isEnabled: true, tableNumber: 9 }]) {
      const response = await asStaff(ctx.app, staff.MANAGER, 'PATCH', `/api/staff/tables/${tableTwo}`, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/^body/);
    }
    const badId = await asStaff(ctx.app, staff.MANAGER, 'PATCH', '/api/staff/tables/abc', {
      isEnabled: false,
    });
    expect([badId.statusCode, badId.json().message]).toEqual([
      400,
      expect.stringMatching(/^params\/tableId/),
    ]);
    for (const [method, url, body] of [
      ['PATCH', '/api/staff/tables/999999', { isEnabled: false }],
      ['POST', '/api/staff/tables/999999/rotate-token', {}],
    ] as const) {
      const response = await asStaff(ctx.app, staff.MANAGER, method, url, body);
      expect([response.statusCode, response.json().message]).toEqual([404, 'Table not found']);
    }
    const foreignTable = ctx.other.tables[1] as number;
    const before = await ctx.database.db.select().from(diningTable).where(eq(diningTable.id, foreignTable));
    expect(
      (
        await asStaff(ctx.app, staff.MANAGER, 'PATCH', `/api/staff/tables/${foreignTable}`, {
          isEnabled: false,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await asStaff(ctx.app, staff.OWNER, 'POST', `/api/staff/tables/${foreignTable}/rotate-token`, {}))
        .statusCode,
    ).toBe(404);
    expect(await ctx.database.db.select().from(diningTable).where(eq(diningTable.id, foreignTable))).toEqual(
      before,
    );
    expect(
      (await asStaff(ctx.app, staff.WAITER, 'PATCH', `/api/staff/tables/${tableTwo}`, { isEnabled: false }))
        .statusCode,
    ).toBe(403);
    expect(
      (await asStaff(ctx.app, staff.WAITER, 'POST', `/api/staff/tables/${tableTwo}/rotate-token`, {}))
        .statusCode,
    ).toBe(403);
  });
});

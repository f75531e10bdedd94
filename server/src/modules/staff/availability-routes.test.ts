import { ServerMessageSchema } from '@tablo/contract/events';
import { MenuSchema } from '@tablo/contract/menu';
import { OrderSchema, TableOrdersResponseSchema } from '@tablo/contract/order';
import type { StaffRole } from '@tablo/contract/staff';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { eventually } from '../../../test/helpers/eventually.ts';
import {
  createOrderingApp,
  getTableOrders,
  joinedSession,
  type OrderingContext,
  postOrder,
} from '../../../test/helpers/ordering-kit.ts';
import { asStaff, type LoggedIn, staffOfEveryRole } from '../../../test/helpers/staff.ts';
import { countStatements, type StatementCounter } from '../../../test/helpers/statement-counter.ts';
import { testDatabaseKinds } from '../../../test/helpers/test-database.ts';
import { menuItem } from '../../db/schema.ts';
import { readTableEvents } from '../live/event-log.ts';

describe.each(testDatabaseKinds())('menu item availability on %s', (kind) => {
  let ctx: OrderingContext;
  let staff: Record<StaffRole, LoggedIn>;
  let outsider: LoggedIn;
  let baseUrl: string;
  const url = (menuItemId: number | string) => `/api/staff/menu-items/${menuItemId}/availability`;
  let counter: StatementCounter;

  beforeAll(async () => {
    counter = countStatements(kind); // before the database opens (statement-counter.ts)
    ctx = await createOrderingApp(kind);
    staff = await staffOfEveryRole(ctx.app, ctx.database, 'bistro');
    outsider = (await staffOfEveryRole(ctx.app, ctx.database, 'other')).OWNER;
    baseUrl = (await ctx.app.listen({ host: '127.0.0.1', port: 0 })).replace(/^http/, 'ws');
  });
  afterAll(async () => {
    await ctx.close();
    counter.restore();
  });

  it('sold out: the menu, every open table live and new orders follow; placed orders are untouched', async () => {
    const goulash = ctx.bistro.items.goulash as number;
    const [tableOne, tableTwo, tableThree] = [1, 2, 3].map((n) => ctx.bistro.tables[n] as number);
    const diner = await joinedSession(ctx, 'bistro', tableOne as number);
    const other = await joinedSession(ctx, 'bistro', tableTwo as number);
    const placed = await postOrder(ctx.app, 'key-avail-1', {
      sessionId: diner.sessionId,
      tableId: tableOne,
      items: [{ menuItemId: goulash, quantity: 1 }],
    });
    const order = OrderSchema.parse(placed.json());

    // The diner at table 2 is connected: the change reaches it without a reload.
    const socket = new WebSocket(
      `${baseUrl}/api/ws?table_id=${tableTwo}&session_id=${other.sessionId}&since=${other.joined.cursor}`,
    );
    const received: unknown[] = [];
    socket.on('message', (data) => received.push(ServerMessageSchema.parse(JSON.parse(String(data)))));
    await eventually(
      async () => received,
      (messages) => messages.some((m) => (m as { type: string }).type === 'ready'),
    );

    const soldOut = await asStaff(ctx.app, staff.WAITER, 'PUT', url(goulash), {
      availabilityType: 'SOLD_OUT',
    });
    expect([soldOut.statusCode, soldOut.json()]).toEqual([200, { availabilityType: 'SOLD_OUT' }]);

    const live = await eventually(
      async () => received.filter((m) => (m as { type: string }).type === 'item.availability_changed'),
      (events) => events.length > 0,
    );
    expect(live).toEqual([
      expect.objectContaining({
        type: 'item.availability_changed',
        tableId: tableTwo,
        visitId: other.joined.visitId,
        menuItemId: goulash,
        availabilityType: 'SOLD_OUT',
      }),
    ]);
    socket.close();

    const logged = async (tableId: number) =>
      (await readTableEvents(ctx.database.db, tableId, 0)).filter(
        (e) => e.event.type === 'item.availability_changed',
      );
    expect((await logged(tableOne as number)).map((e) => [e.visitId, e.event])).toEqual([
      [
        diner.joined.visitId,
        { type: 'item.availability_changed', menuItemId: goulash, availabilityType: 'SOLD_OUT' },
      ],
    ]);
    expect(await logged(tableThree as number)).toEqual([]);

    const menuSays = async () => {
      const menu = MenuSchema.parse(
        (await ctx.app.inject({ method: 'GET', url: '/api/menu/current/bistro' })).json(),
      );
      return menu.flatMap((c) => c.menuItems).find((i) => i.id === goulash)?.availabilityType;
    };
    expect(await eventually(menuSays, (value) => value === 'SOLD_OUT')).toBe('SOLD_OUT');

    const refused = await postOrder(ctx.app, 'key-avail-2', {
      sessionId: diner.sessionId,
      tableId: tableOne,
      items: [{ menuItemId: goulash, quantity: 1 }],
    });
    expect([refused.statusCode, refused.json().message]).toEqual([
      409,
      `Menu item ${goulash} (Goulash soup) is sold out`,
    ]);
    const mine = TableOrdersResponseSchema.parse(
      (await getTableOrders(ctx.app, tableOne as number, diner.sessionId)).json(),
    );
    expect(mine.orders.find((o) => o.id === order.id)).toMatchObject({
      status: 'PLACED',
      items: [expect.objectContaining({ menuItemId: goulash, quantity: 1 })],
    });

    // The same value again changes nothing and logs nothing; available again is logged once more.
    await asStaff(ctx.app, staff.MANAGER, 'PUT', url(goulash), { availabilityType: 'SOLD_OUT' });
    expect(await logged(tableOne as number)).toHaveLength(1);
    const back = await asStaff(ctx.app, staff.OWNER, 'PUT', url(goulash), { availabilityType: 'AVAILABLE' });
    expect(back.json()).toEqual({ availabilityType: 'AVAILABLE' });
    expect((await logged(tableOne as number)).map((e) => e.event)).toEqual([
      expect.objectContaining({ availabilityType: 'SOLD_OUT' }),
      expect.objectContaining({ availabilityType: 'AVAILABLE' }),
    ]);
    expect(await eventually(menuSays, (value) => value === 'AVAILABLE')).toBe('AVAILABLE');
    const again = await postOrder(ctx.app, 'key-avail-3', {
      sessionId: diner.sessionId,
      tableId: tableOne,
      items: [{ menuItemId: goulash, quantity: 1 }],
    });
    expect(again.statusCode).toBe(201);
  });

  it('tells every open table in one statement: a change costs the same however many tables are open', async () => {
    const palinka = ctx.bistro.items.palinka as number;
    const statementsOf = async (availabilityType: string) => {
      const before = counter.count;
      const response = await asStaff(ctx.app, staff.MANAGER, 'PUT', url(palinka), { availabilityType });
      expect(response.statusCode).toBe(200);
      return counter.count - before;
    };
    const logged = async (tableId: number) =>
      (await readTableEvents(ctx.database.db, tableId, 0)).filter(
        (e) => e.event.type === 'item.availability_changed' && e.event.menuItemId === palinka,
      );
    await joinedSession(ctx, 'bistro', ctx.bistro.tables[1] as number);
    const before = await statementsOf('SOLD_OUT');
    expect(before).toBeGreaterThan(0);
    const more = [2, 3].map((n) => ctx.bistro.tables[n] as number);
    for (const tableId of more) await joinedSession(ctx, 'bistro', tableId);
    expect(await statementsOf('AVAILABLE')).toBe(before);
    // Each open table got each change once (the ones open before the first change, both of them).
    expect((await logged(ctx.bistro.tables[1] as number)).map((e) => e.event)).toEqual([
      expect.objectContaining({ availabilityType: 'SOLD_OUT' }),
      expect.objectContaining({ availabilityType: 'AVAILABLE' }),
    ]);
    expect((await logged(ctx.bistro.tables[3] as number)).map((e) => e.event)).toEqual([
      expect.objectContaining({ availabilityType: 'AVAILABLE' }),
    ]);
  });

  it('refuses bad input (400), unknown and foreign items (404, unchanged) and the kitchen (403)', async () => {
    const palinka = ctx.bistro.items.palinka as number;
    for (const body of [{ availabilityType: 'GONE' }, {}, { availabilityType: 'SOLD_OUT', extra: 1 }]) {
      const response = await asStaff(ctx.app, staff.MANAGER, 'PUT', url(palinka), body);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/^body/);
    }
    const badId = await asStaff(ctx.app, staff.MANAGER, 'PUT', url('x1'), { availabilityType: 'SOLD_OUT' });
    expect([badId.statusCode, badId.json().message]).toEqual([
      400,
      expect.stringMatching(/^params\/menuItemId/),
    ]);
    const unknown = await asStaff(ctx.app, staff.MANAGER, 'PUT', url(999_999), {
      availabilityType: 'SOLD_OUT',
    });
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, 'Menu item not found']);
    const foreign = await asStaff(ctx.app, outsider, 'PUT', url(palinka), { availabilityType: 'SOLD_OUT' });
    expect([foreign.statusCode, foreign.json().message]).toEqual([404, 'Menu item not found']);
    const kitchen = await asStaff(ctx.app, staff.KITCHEN, 'PUT', url(palinka), {
      availabilityType: 'SOLD_OUT',
    });
    expect(kitchen.statusCode).toBe(403);
    const [row] = await ctx.database.db
      .select({ availabilityType: menuItem.availabilityType })
      .from(menuItem)
      .where(eq(menuItem.id, palinka));
    expect(row?.availabilityType).toBe('AVAILABLE');
  });
});

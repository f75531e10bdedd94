import { ServerMessageSchema } from '@tablo/contract/events';
import { MenuSchema } from '@tablo/contract/menu';
import { MenuWindowsResponseSchema, SoldOutTodayResponseSchema } from '@tablo/contract/menu-windows';
import type { StaffRole } from '@tablo/contract/staff';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { eventually } from '../../../test/helpers/eventually.ts';
import { ManualClock } from '../../../test/helpers/manual-clock.ts';
import {
  createOrderingApp,
  joinedSession,
  type OrderingContext,
  postOrder,
} from '../../../test/helpers/ordering-kit.ts';
import { asStaff, type LoggedIn, staffOfEveryRole } from '../../../test/helpers/staff.ts';
import { testDatabaseKinds } from '../../../test/helpers/test-database.ts';
import { menuItem } from '../../db/schema.ts';
import { menuBoundaryTimerOf } from './boundary-timer.ts';

const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];
const WINDOWS = '/api/staff/menu-windows';

describe.each(testDatabaseKinds())('time-based menus and "sold out for today" on %s', (kind) => {
  // Friday 27 November 2026, 08:00 in Budapest (UTC+1).
  const clock = new ManualClock('2026-11-27T08:00:00+01:00');
  let ctx: OrderingContext;
  let staff: Record<StaffRole, LoggedIn>;
  let outsider: LoggedIn;
  let baseUrl: string;
  const sockets: WebSocket[] = [];

  beforeAll(async () => {
    ctx = await createOrderingApp(kind, { clock });
    staff = await staffOfEveryRole(ctx.app, ctx.database, 'bistro');
    outsider = (await staffOfEveryRole(ctx.app, ctx.database, 'other')).OWNER;
    baseUrl = (await ctx.app.listen({ host: '127.0.0.1', port: 0 })).replace(/^http/, 'ws');
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await ctx.close();
  });
  beforeEach(async () => {
    clock.set('2026-11-27T08:00:00+01:00');
    const cleared = await asStaff(ctx.app, staff.MANAGER, 'PUT', WINDOWS, { categories: [], items: [] });
    expect(cleared.statusCode).toBe(200);
  });

  const timer = () => menuBoundaryTimerOf(ctx.app);
  /** Moves the clock and lets the timer see it (what the real timer does when its wait ends). */
  async function at(instant: string) {
    clock.set(instant);
    await timer().tick();
  }
  async function menu() {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/menu/current/bistro' });
    return { etag: response.headers.etag, menu: MenuSchema.parse(response.json()) };
  }
  /** The timer's next boundary for the bistro (after a save, once its NOTIFY has reached this instance). */
  const nextBoundary = (expected: string) =>
    eventually(
      async () => timer().nextOf(ctx.bistro.id)?.toISOString(),
      (value) => value === expected,
    );
  const categoryIds = async () => (await menu()).menu.map((c) => c.id);
  const itemIds = async () => (await menu()).menu.flatMap((c) => c.menuItems.map((i) => i.id));

  /** A diner at a table with the live socket open: the events it has received. */
  async function liveDiner(tableNumber: number) {
    const tableId = ctx.bistro.tables[tableNumber] as number;
    const diner = await joinedSession(ctx, 'bistro', tableId);
    const socket = new WebSocket(
      `${baseUrl}/api/ws?table_id=${tableId}&session_id=${diner.sessionId}&since=${diner.joined.cursor}`,
    );
    sockets.push(socket);
    const received: { type: string; [key: string]: unknown }[] = [];
    socket.on('message', (data) => received.push(ServerMessageSchema.parse(JSON.parse(String(data)))));
    await eventually(
      async () => received,
      (messages) => messages.some((m) => m.type === 'ready'),
    );
    return { ...diner, tableId, received, of: (type: string) => received.filter((m) => m.type === type) };
  }

  it('breakfast goes at 11:00 live on an open menu, orders for it are refused, and it is back at 07:00', async () => {
    const soups = ctx.bistro.categories.soups as number;
    const goulash = ctx.bistro.items.goulash as number;
    const saved = await asStaff(ctx.app, staff.MANAGER, 'PUT', WINDOWS, {
      categories: [
        { categoryId: soups, windows: [{ weekdays: EVERY_DAY, startMinute: 420, endMinute: 660 }] },
      ],
    });
    expect(saved.statusCode).toBe(200);
    const read = MenuWindowsResponseSchema.parse(
      (await asStaff(ctx.app, staff.OWNER, 'GET', WINDOWS)).json(),
    );
    expect(read.timeZone).toBe('Europe/Budapest');
    expect(read.categories.find((c) => c.categoryId === soups)?.windows).toEqual([
      { weekdays: EVERY_DAY, startMinute: 420, endMinute: 660 },
    ]);
    expect(await nextBoundary('2026-11-27T10:00:00.000Z')).toBe('2026-11-27T10:00:00.000Z');

    const diner = await liveDiner(2);
    const before = await eventually(menu, (m) => m.menu.some((c) => c.id === soups));
    expect(before.menu.map((c) => c.id)).toContain(soups);

    await at('2026-11-27T10:59:59+01:00');
    expect(await categoryIds()).toContain(soups);
    expect(diner.of('menu.published')).toEqual([]);

    await at('2026-11-27T11:00:00+01:00');
    // The open menu is told to read the menu again, and the answer no longer holds breakfast.
    await eventually(
      async () => diner.of('menu.published'),
      (events) => events.length === 1,
    );
    expect(diner.of('menu.published')).toHaveLength(1);
    const after = await eventually(menu, (m) => !m.menu.some((c) => c.id === soups));
    expect(after.menu.map((c) => c.id)).not.toContain(soups);
    expect(after.etag).not.toBe(before.etag);

    const refused = await postOrder(ctx.app, 'key-window-1', {
      sessionId: diner.sessionId,
      tableId: diner.tableId,
      items: [{ menuItemId: goulash, quantity: 1 }],
    });
    expect([refused.statusCode, refused.json().message]).toEqual([
      422,
      `Menu item ${goulash} (Goulash soup) is not offered at this time`,
    ]);

    expect(await nextBoundary('2026-11-28T06:00:00.000Z')).toBe('2026-11-28T06:00:00.000Z');
    await at('2026-11-28T06:59:59+01:00');
    expect(await categoryIds()).not.toContain(soups);
    await at('2026-11-28T07:00:00+01:00');
    expect(await eventually(categoryIds, (ids) => ids.includes(soups))).toContain(soups);
    await eventually(
      async () => diner.of('menu.published'),
      (events) => events.length === 2,
    );
    expect(diner.of('menu.published')).toHaveLength(2);
    const placed = await postOrder(ctx.app, 'key-window-2', {
      sessionId: diner.sessionId,
      tableId: diner.tableId,
      items: [{ menuItemId: goulash, quantity: 1 }],
    });
    expect(placed.statusCode).toBe(201);
  });

  it('a window over midnight: the late bar runs Friday 22:00 into Saturday 02:00', async () => {
    const palinka = ctx.bistro.items.palinka as number;
    clock.set('2026-11-27T21:00:00+01:00');
    const saved = await asStaff(ctx.app, staff.OWNER, 'PUT', WINDOWS, {
      categories: [],
      items: [{ menuItemId: palinka, windows: [{ weekdays: [5], startMinute: 22 * 60, endMinute: 120 }] }],
    });
    expect(saved.statusCode).toBe(200);
    expect(await eventually(itemIds, (ids) => !ids.includes(palinka))).not.toContain(palinka);
    await at('2026-11-27T22:00:00+01:00');
    expect(await eventually(itemIds, (ids) => ids.includes(palinka))).toContain(palinka);
    await at('2026-11-28T01:59:00+01:00');
    expect(await itemIds()).toContain(palinka);
    await at('2026-11-28T02:00:00+01:00');
    expect(await eventually(itemIds, (ids) => !ids.includes(palinka))).not.toContain(palinka);
    // Saturday has no window of its own: the next is Friday 4 December, 22:00.
    expect(await nextBoundary('2026-12-04T21:00:00.000Z')).toBe('2026-12-04T21:00:00.000Z');
  });

  it.each([
    // Spring: on Sunday 29 March 2026 07:00 is summer time (UTC+2), 05:00 UTC, not 06:00.
    ['spring', '2026-03-28T10:30:00+01:00', '2026-03-28T10:00:00.000Z', '2026-03-29T05:00:00.000Z'],
    // Autumn: on Sunday 25 October 2026 07:00 is winter time again (UTC+1), 06:00 UTC.
    ['autumn', '2026-10-24T10:30:00+02:00', '2026-10-24T09:00:00.000Z', '2026-10-25T06:00:00.000Z'],
  ])('breakfast on the night of the %s daylight-saving change', async (_name, start, close, open) => {
    const soups = ctx.bistro.categories.soups as number;
    clock.set(start);
    await asStaff(ctx.app, staff.MANAGER, 'PUT', WINDOWS, {
      categories: [
        { categoryId: soups, windows: [{ weekdays: EVERY_DAY, startMinute: 420, endMinute: 660 }] },
      ],
    });
    expect(await eventually(categoryIds, (ids) => ids.includes(soups))).toContain(soups);
    expect(await nextBoundary(close)).toBe(close);
    await at(close);
    expect(await eventually(categoryIds, (ids) => !ids.includes(soups))).not.toContain(soups);
    expect(await nextBoundary(open)).toBe(open);
    await at(new Date(new Date(open).getTime() - 1000).toISOString());
    expect(await categoryIds()).not.toContain(soups);
    await at(open);
    expect(await eventually(categoryIds, (ids) => ids.includes(soups))).toContain(soups);
  });

  it('"sold out for today" is back at the next business day (04:00), not at midnight', async () => {
    const goulash = ctx.bistro.items.goulash as number;
    const url = `/api/staff/menu-items/${goulash}/availability`;
    const diner = await liveDiner(3);
    const availability = async () =>
      (await menu()).menu.flatMap((c) => c.menuItems).find((i) => i.id === goulash)?.availabilityType;

    clock.set('2026-11-27T23:30:00+01:00');
    const marked = await asStaff(ctx.app, staff.WAITER, 'PUT', url, {
      availabilityType: 'SOLD_OUT',
      soldOutFor: 'TODAY',
    });
    expect([marked.statusCode, marked.json()]).toEqual([
      200,
      { availabilityType: 'SOLD_OUT', soldOutUntil: '2026-11-28T03:00:00.000Z' },
    ]);
    const listed = SoldOutTodayResponseSchema.parse(
      (await asStaff(ctx.app, staff.WAITER, 'GET', '/api/staff/menu-items/sold-out-today')).json(),
    );
    expect(listed).toEqual({
      timeZone: 'Europe/Budapest',
      items: [{ menuItemId: goulash, soldOutUntil: '2026-11-28T03:00:00.000Z' }],
    });
    expect(await eventually(availability, (value) => value === 'SOLD_OUT')).toBe('SOLD_OUT');

    await at('2026-11-28T00:00:00+01:00');
    expect(await availability()).toBe('SOLD_OUT');
    await at('2026-11-28T03:59:59+01:00');
    expect(await availability()).toBe('SOLD_OUT');
    const refused = await postOrder(ctx.app, 'key-today-1', {
      sessionId: diner.sessionId,
      tableId: diner.tableId,
      items: [{ menuItemId: goulash, quantity: 1 }],
    });
    expect(refused.statusCode).toBe(409);

    await at('2026-11-28T04:00:00+01:00');
    expect(await eventually(availability, (value) => value === 'AVAILABLE')).toBe('AVAILABLE');
    const back = await eventually(
      async () => diner.of('item.availability_changed'),
      (events) => events.some((e) => e.availabilityType === 'AVAILABLE'),
    );
    expect(back.at(-1)).toMatchObject({ menuItemId: goulash, availabilityType: 'AVAILABLE' });
    const [row] = await ctx.database.db
      .select({ availabilityType: menuItem.availabilityType })
      .from(menuItem)
      .where(eq(menuItem.id, goulash));
    expect(row?.availabilityType).toBe('AVAILABLE');
    const listedAfter = (
      await asStaff(ctx.app, staff.WAITER, 'GET', '/api/staff/menu-items/sold-out-today')
    ).json();
    expect(listedAfter).toEqual({ timeZone: 'Europe/Budapest', items: [] });
    const placed = await postOrder(ctx.app, 'key-today-2', {
      sessionId: diner.sessionId,
      tableId: diner.tableId,
      items: [{ menuItemId: goulash, quantity: 1 }],
    });
    expect(placed.statusCode).toBe(201);

    // Plain "sold out" stays until changed back, whatever the day.
    const plain = await asStaff(ctx.app, staff.WAITER, 'PUT', url, { availabilityType: 'SOLD_OUT' });
    expect(plain.json()).toEqual({ availabilityType: 'SOLD_OUT' });
    expect(await eventually(availability, (value) => value === 'SOLD_OUT')).toBe('SOLD_OUT');
    await at('2026-11-29T05:00:00+01:00');
    expect(await availability()).toBe('SOLD_OUT');
    await asStaff(ctx.app, staff.WAITER, 'PUT', url, { availabilityType: 'AVAILABLE' });
  });

  it('refuses bad windows with clear messages and keeps the ones saved', async () => {
    const soups = ctx.bistro.categories.soups as number;
    const steak = ctx.other.items.steak as number;
    const otherMains = ctx.other.categories.mains as number;
    const good = { weekdays: [1, 2, 3, 4, 5], startMinute: 690, endMinute: 900 };
    expect(
      (
        await asStaff(ctx.app, staff.MANAGER, 'PUT', WINDOWS, {
          categories: [{ categoryId: soups, windows: [good] }],
        })
      ).statusCode,
    ).toBe(200);

    const cases: [unknown, number, string | RegExp][] = [
      [{ categories: [{ categoryId: soups, windows: [{ ...good, weekdays: [8] }] }] }, 400, /weekdays/],
      [{ categories: [{ categoryId: soups, windows: [{ ...good, endMinute: 1440 }] }] }, 400, /endMinute/],
      [
        { categories: [{ categoryId: soups, windows: [{ ...good, startMinute: 600, endMinute: 600 }] }] },
        422,
        `Category ${soups}: a window cannot start and end at the same time (10:00)`,
      ],
      [
        { categories: [{ categoryId: soups, windows: [{ ...good, weekdays: [1, 1] }] }] },
        422,
        `Category ${soups}: a window names a weekday twice`,
      ],
      [
        { categories: [{ categoryId: otherMains, windows: [good] }] },
        422,
        `Category ${otherMains} is not on this restaurant's menu`,
      ],
      [
        { categories: [], items: [{ menuItemId: steak, windows: [good] }] },
        422,
        `Menu item ${steak} is not on this restaurant's menu`,
      ],
      [
        {
          categories: [
            { categoryId: soups, windows: [] },
            { categoryId: soups, windows: [] },
          ],
        },
        422,
        `Category ${soups} is listed twice`,
      ],
    ];
    for (const [body, status, message] of cases) {
      const response = await asStaff(ctx.app, staff.MANAGER, 'PUT', WINDOWS, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json().message).toMatch(message);
    }
    const read = MenuWindowsResponseSchema.parse(
      (await asStaff(ctx.app, staff.MANAGER, 'GET', WINDOWS)).json(),
    );
    expect(read.categories.find((c) => c.categoryId === soups)?.windows).toEqual([good]);

    // Waiters may not change windows; another restaurant reads only its own menu.
    const waiter = await asStaff(ctx.app, staff.WAITER, 'PUT', WINDOWS, { categories: [] });
    expect(waiter.statusCode).toBe(403);
    const theirs = MenuWindowsResponseSchema.parse((await asStaff(ctx.app, outsider, 'GET', WINDOWS)).json());
    expect(theirs.categories.map((c) => c.categoryId)).toEqual([otherMains]);
    expect(theirs.categories[0]?.windows).toEqual([]);
  });
});

import { WS_CLOSE } from '@tablo/contract/events';
import { OrderSchema } from '@tablo/contract/order';
import {
  formatStaffSince,
  MAX_STAFF_SOCKETS_PER_SESSION,
  StaffBoardSchema,
  type StaffCursor,
  StaffTablesSchema,
} from '@tablo/contract/staff';
import type { JoinTableResponse } from '@tablo/contract/table-session';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BISTRO, type InsertedRestaurant, insertRestaurant } from '../../../test/helpers/fixtures.ts';
import { RecordingClient, wsUrl } from '../../../test/helpers/live.ts';
import { tableToken } from '../../../test/helpers/ordering-kit.ts';
import {
  eventsOf,
  type LoggedIn,
  logIn,
  STAFF_PASSWORD,
  type StaffClient,
  staffRequest,
  staffSocket,
} from '../../../test/helpers/staff-live.ts';
import { testConfig } from '../../../test/helpers/test-app.ts';
import {
  createPostgresTestDatabaseUrl,
  createTestDatabase,
  type TestDatabaseKind,
  testDatabaseKinds,
} from '../../../test/helpers/test-database.ts';
import { buildApp } from '../../app.ts';
import { notifyStaffTableChanged, STAFF_SESSIONS_ENDED_CHANNEL } from '../../db/channels.ts';
import type { Database } from '../../db/database.ts';
import { openPostgres } from '../../db/postgres.ts';
import type { App } from '../../lib/app-type.ts';
import { createStaff } from './create-staff.ts';

interface Instance {
  app: App;
  database: Database;
  http: string;
}

/**
 * The staff board's websocket against real listening servers. On PostgreSQL the two boards sit on two
 * instances of one database (DESIGN §2: no sticky sessions); on PGlite both are on the one instance.
 */
describe.each(testDatabaseKinds())('staff live channel /api/staff/ws (%s)', (kind: TestDatabaseKind) => {
  let a: Instance;
  let b: Instance;
  let cleanup: () => Promise<void>;
  let bistro: InsertedRestaurant;
  let other: InsertedRestaurant;
  let waiter: LoggedIn;
  let manager: LoggedIn;
  const clients: { terminate(): void }[] = [];

  async function start(database: Database): Promise<Instance> {
    const app = await buildApp({ database, config: testConfig(), logger: false });
    const http = await app.listen({ host: '127.0.0.1', port: 0 });
    return { app, database, http };
  }

  beforeAll(async () => {
    if (kind === 'postgres') {
      const fresh = await createPostgresTestDatabaseUrl(process.env.TEST_DATABASE_URL ?? '');
      a = await start(await openPostgres({ url: fresh.url, poolSize: 5 }));
      b = await start(await openPostgres({ url: fresh.url, poolSize: 5 }));
      cleanup = fresh.drop;
    } else {
      a = await start(await createTestDatabase('pglite'));
      b = a;
      cleanup = async () => {};
    }
    bistro = await insertRestaurant(a.database.db, { ...BISTRO, tables: [1, 2, 3, 4, 5, 6, 7, 8] });
    other = await insertRestaurant(a.database.db, {
      shortName: 'other',
      tables: [1],
      categories: [{ ref: 'mains', items: [{ ref: 'steak', priceGross: 5900 }] }],
    });
    for (const [shortName, email, role] of [
      ['bistro', 'wendy@bistro.test', 'WAITER'],
      ['bistro', 'kai@bistro.test', 'KITCHEN'],
      ['bistro', 'mona@bistro.test', 'MANAGER'],
      ['other', 'olga@other.test', 'OWNER'],
    ] as const) {
      await createStaff(a.database, { shortName, email, role, password: STAFF_PASSWORD });
    }
    waiter = await logIn(a.app, 'wendy@bistro.test');
    manager = await logIn(b.app, 'mona@bistro.test');
  });

  afterAll(async () => {
    for (const client of clients) client.terminate();
    for (const instance of new Set([a, b])) {
      await instance?.app.close();
      await instance?.database.close();
    }
    await cleanup?.();
  });

  function board(instance: Instance, options: Parameters<typeof staffSocket>[1] = {}): StaffClient {
    const client = staffSocket(instance.http, options);
    clients.push(client);
    return client;
  }

  async function cursorsNow(who: LoggedIn = waiter): Promise<StaffCursor[]> {
    const response = await staffRequest(a.app, who, 'GET', '/api/staff/board');
    return StaffBoardSchema.parse(response.json()).cursors;
  }

  async function diner(instance: Instance, tableId: number) {
    const { uuid: sessionId } = (await instance.app.inject({ method: 'GET', url: '/api/order/uuid' })).json();
    const joined = await instance.app.inject({
      method: 'POST',
      url: '/api/table-sessions',
      payload: {
        shortName: 'bistro',
        tableId,
        token: await tableToken(instance.database, tableId),
        sessionId,
      },
    });
    if (joined.statusCode !== 200) throw new Error(`join ${joined.statusCode}`);
    return { sessionId: sessionId as string, tableId, visitId: (joined.json() as JoinTableResponse).visitId };
  }

  let keys = 0;
  async function order(instance: Instance, at: { sessionId: string; tableId: number }) {
    const response = await instance.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { 'idempotency-key': `staff-live-${kind}-${keys++}` },
      payload: {
        sessionId: at.sessionId,
        tableId: at.tableId,
        items: [{ menuItemId: bistro.items.goulash, quantity: 2 }],
      },
    });
    if (response.statusCode !== 201) throw new Error(`order ${response.statusCode} ${response.body}`);
    return OrderSchema.parse(response.json());
  }

  function move(instance: Instance, who: LoggedIn, orderId: number, status: string) {
    return staffRequest(instance.app, who, 'PATCH', `/api/staff/orders/${orderId}`, { status });
  }

  it('refuses a foreign or missing Origin before the upgrade (403)', async () => {
    const foreign = board(a, { cookie: waiter.cookie, origin: 'https://evil.example' });
    const missing = board(a, { cookie: waiter.cookie, origin: null });
    expect(await foreign.refused).toBe(403);
    expect(await missing.refused).toBe(403);
    // PUBLIC_URL's origin is the console's too.
    const viaPublicUrl = board(a, { cookie: waiter.cookie, origin: 'http://localhost:3000' });
    await viaPublicUrl.ready();
    viaPublicUrl.terminate();
  });

  it('closes without a valid session (4401), with a bad or future `since` (4400)', async () => {
    expect((await board(a).closed).code).toBe(WS_CLOSE.unauthorized);
    expect((await board(a, { cookie: 'tablo_staff=forged' }).closed).code).toBe(WS_CLOSE.unauthorized);
    expect((await board(a, { cookie: waiter.cookie, since: '1:x' }).closed).code).toBe(WS_CLOSE.badRequest);
    const table = bistro.tables[1] as number;
    const ahead = board(a, { cookie: waiter.cookie, since: `${table}:999999999` });
    expect((await ahead.closed).code).toBe(WS_CLOSE.badRequest);
  });

  it(`allows ${MAX_STAFF_SOCKETS_PER_SESSION} sockets per staff session (4429 beyond); KITCHEN sees the board`, async () => {
    const kitchen = await logIn(a.app, 'kai@bistro.test');
    const open = Array.from({ length: MAX_STAFF_SOCKETS_PER_SESSION }, () =>
      board(a, { cookie: kitchen.cookie }),
    );
    await Promise.all(open.map((client) => client.ready()));
    const extra = board(a, { cookie: kitchen.cookie });
    expect((await extra.closed).code).toBe(WS_CLOSE.tooManyConnections);
    // Another session of the same user is counted apart.
    const again = await logIn(a.app, 'kai@bistro.test');
    await board(a, { cookie: again.cookie }).ready();
    for (const client of open) await client.close();
  });

  it('shows an order placed by a diner live; two boards see each other’s moves', async () => {
    const since = formatStaffSince(await cursorsNow());
    const first = board(a, { cookie: waiter.cookie, since });
    const second = board(b, { cookie: manager.cookie, since });
    const otherRestaurant = board(b, { cookie: (await logIn(b.app, 'olga@other.test')).cookie });
    await Promise.all([first.ready(), second.ready(), otherRestaurant.ready()]);

    const guest = await diner(b, bistro.tables[1] as number);
    const placed = await order(b, guest);
    for (const client of [first, second]) {
      const [event] = await client.until(() => eventsOf(client).length === 1);
      expect(client.messages.at(-1)).toMatchObject({
        type: 'order.placed',
        tableId: guest.tableId,
        order: { id: placed.id, isMine: false, status: 'PLACED' },
      });
      expect(event).toEqual({ type: 'ready' });
    }
    expect((await move(a, waiter, placed.id, 'ACCEPTED')).statusCode).toBe(200);
    expect((await move(b, manager, placed.id, 'SERVED')).statusCode).toBe(200);
    for (const client of [first, second]) {
      await client.until(() => eventsOf(client).length === 3);
      expect(client.messages.slice(2).map((m) => ('status' in m ? m.status : m.type))).toEqual([
        'ACCEPTED',
        'SERVED',
      ]);
    }
    // Nothing of another restaurant, nothing twice.
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(eventsOf(first)).toHaveLength(3);
    expect(otherRestaurant.messages).toEqual([{ type: 'ready' }]);
  });

  it('a reconnect with its cursors gets exactly the events it missed, once, then live', async () => {
    const tableX = bistro.tables[2] as number;
    const tableY = bistro.tables[3] as number;
    const x = await diner(a, tableX);
    const y = await diner(b, tableY);
    await order(a, x);
    const cursors = await cursorsNow();
    const before = board(a, { cookie: waiter.cookie, since: formatStaffSince(cursors) });
    await before.ready();
    const seen = await order(b, y);
    await before.until(() => eventsOf(before).length === 1);
    // What the board knows when its Wi-Fi drops: the board's cursors moved on by what it received.
    const known = new Map(cursors.map((c) => [c.tableId, c.cursor]));
    for (const [, tableId, cursor] of eventsOf(before)) known.set(tableId, cursor);
    before.terminate();

    const missed = [
      (await order(b, x)).id,
      (await move(a, waiter, seen.id, 'ACCEPTED')).json().id,
      (await move(b, manager, seen.id, 'PLACED')).statusCode, // 409: not a legal move, no event
    ];
    expect(missed[2]).toBe(409);
    const call = await b.app.inject({
      method: 'POST',
      url: `/api/tables/${tableX}/calls`,
      headers: { 'x-session-id': x.sessionId },
      payload: { kind: 'BILL' },
    });
    expect(call.statusCode).toBe(200);

    const since = formatStaffSince([...known].map(([tableId, cursor]) => ({ tableId, cursor })));
    const after = board(b, { cookie: manager.cookie, since });
    await after.ready();
    const replayed = eventsOf(after);
    expect(replayed.map(([type, tableId]) => [type, tableId])).toEqual([
      ['order.placed', tableX],
      ['order.status_changed', tableY],
      ['call.changed', tableX],
    ]);
    expect(after.messages.at(-1)).toEqual({ type: 'ready' });
    const latest = new Map((await cursorsNow()).map((c) => [c.tableId, c.cursor]));
    expect(replayed.at(-1)?.[2]).toBe(latest.get(tableX));

    const live = await order(a, y);
    await after.until(() => eventsOf(after).length === 4);
    expect(after.messages.at(-1)).toMatchObject({ type: 'order.placed', order: { id: live.id } });
    const all = eventsOf(after).map(([, , cursor]) => cursor);
    expect(new Set(all).size).toBe(all.length);
  });

  it('replays the open visit’s events for a table missing from `since`', async () => {
    const tableId = bistro.tables[4] as number;
    const early = await diner(a, tableId);
    await order(a, early);
    expect(
      (await staffRequest(a.app, waiter, 'POST', `/api/staff/tables/${tableId}/close`, {})).statusCode,
    ).toBe(204);
    const guest = await diner(a, tableId);
    const placed = await order(a, guest);
    const others = (await cursorsNow()).filter((c) => c.tableId !== tableId);
    const client = board(b, { cookie: manager.cookie, since: formatStaffSince(others) });
    await client.ready();
    expect(client.messages).toHaveLength(2);
    expect(client.messages[0]).toMatchObject({
      type: 'order.placed',
      visitId: guest.visitId,
      order: { id: placed.id },
    });
  });

  it('relays table calls to the table’s diners and the boards, and table.updated to the restaurant’s boards', async () => {
    const tableId = bistro.tables[6] as number;
    const guest = await diner(a, tableId);
    const diningSocket = new RecordingClient(wsUrl(a.http.replace(/^http/, 'ws'), guest));
    clients.push(diningSocket);
    const staffBoard = board(b, { cookie: manager.cookie, since: formatStaffSince(await cursorsNow()) });
    await Promise.all([diningSocket.ready(), staffBoard.ready()]);

    const placed = await a.app.inject({
      method: 'POST',
      url: `/api/tables/${tableId}/calls`,
      headers: { 'x-session-id': guest.sessionId },
      payload: { kind: 'WAITER' },
    });
    expect(placed.statusCode).toBe(200);
    const acked = await staffRequest(
      b.app,
      manager,
      'POST',
      `/api/staff/tables/${tableId}/calls/WAITER/acknowledge`,
      {},
    );
    expect(acked.statusCode).toBe(200);
    for (const client of [diningSocket, staffBoard] as RecordingClient<{ type: string; call?: unknown }>[]) {
      await client.until((messages) => messages.filter((m) => m.type === 'call.changed').length === 2);
      const calls = client.messages.filter((m) => m.type === 'call.changed').map((m) => m.call);
      expect(calls).toEqual([placed.json(), acked.json()]);
    }

    // A diner connecting now finds the call in its snapshot.
    const later = new RecordingClient(wsUrl(b.http.replace(/^http/, 'ws'), guest));
    clients.push(later);
    const [snapshot] = await later.ready();
    expect(snapshot).toMatchObject({ type: 'snapshot', calls: [acked.json()] });

    await notifyStaffTableChanged(a.database, bistro.id, tableId);
    await notifyStaffTableChanged(a.database, other.id, other.tables[1] as number);
    await staffBoard.until((messages) => messages.some((m) => m.type === 'table.updated'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(staffBoard.messages.filter((m) => m.type === 'table.updated')).toEqual([
      { type: 'table.updated', tableId },
    ]);
  });

  it('tells every console of the restaurant, on every instance, of tables added and removed (table.updated)', async () => {
    const staffBoard = board(b, { cookie: manager.cookie, since: formatStaffSince(await cursorsNow()) });
    await staffBoard.ready();
    const added = await staffRequest(a.app, manager, 'POST', '/api/staff/tables', { count: 2 });
    expect(added.statusCode).toBe(201);
    const newIds = StaffTablesSchema.parse(added.json())
      .tables.filter((table) => !Object.values(bistro.tables).includes(table.tableId))
      .map((table) => table.tableId);
    expect(newIds).toHaveLength(2);
    await staffBoard.until(
      (messages) => messages.filter((m) => m.type === 'table.updated').length === newIds.length,
    );
    const told = (messages: { type: string; tableId?: number }[]) =>
      messages.filter((m) => m.type === 'table.updated').map((m) => m.tableId);
    expect(told(staffBoard.messages as { type: string; tableId?: number }[]).sort()).toEqual(
      [...newIds].sort(),
    );
    const removed = newIds[1] as number;
    const deleted = await staffRequest(a.app, manager, 'DELETE', `/api/staff/tables/${removed}`);
    expect(deleted.statusCode).toBe(204);
    await staffBoard.until((messages) => messages.filter((m) => m.type === 'table.updated').length === 3);
    expect(told(staffBoard.messages as { type: string; tableId?: number }[]).at(-1)).toBe(removed);
  });

  it('closes (4401) the boards of a session that ended, on every instance, and only those', async () => {
    const ending = await logIn(a.app, 'wendy@bistro.test');
    const staying = await logIn(a.app, 'wendy@bistro.test');
    const endingBoard = board(b, { cookie: ending.cookie });
    const stayingBoard = board(a, { cookie: staying.cookie });
    await Promise.all([endingBoard.ready(), stayingBoard.ready()]);
    expect((await staffRequest(a.app, ending, 'POST', '/api/staff/logout', {})).statusCode).toBe(204);
    // What log-out and disabling an account send (the staff accounts module).
    const me = await a.database.db.query.staffUser.findFirst({
      where: (u, { eq }) => eq(u.email, 'wendy@bistro.test'),
    });
    await a.database.notify(STAFF_SESSIONS_ENDED_CHANNEL, String(me?.id));
    expect((await endingBoard.closed).code).toBe(WS_CLOSE.unauthorized);
    const guest = await diner(a, bistro.tables[7] as number);
    const placed = await order(a, guest);
    await stayingBoard.until((messages) =>
      messages.some((m) => m.type === 'order.placed' && m.order.id === placed.id),
    );
  });
});

import { Writable } from 'node:stream';
import { WS_CLOSE } from '@tablo/contract/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appendStatusChange,
  closeVisit,
  joinedSession,
  newSession,
  openVisit,
  placeOrder,
  RecordingClient,
  type SeededRestaurant,
  seedRestaurant,
  startLiveServer,
  wsUrl,
} from '../../../test/helpers/live.ts';
import { testConfig } from '../../../test/helpers/test-app.ts';
import { createTestDatabase, testDatabaseKinds } from '../../../test/helpers/test-database.ts';
import { buildApp } from '../../app.ts';
import type { Database } from '../../db/database.ts';
import { tableEvent } from '../../db/schema.ts';
import { loggerOptions } from '../../lib/logger.ts';
import { MAX_REPLAY_EVENTS } from './connection.ts';

describe.each(testDatabaseKinds())('live updates over /api/ws (%s)', (kind) => {
  let database: Database;
  let server: Awaited<ReturnType<typeof startLiveServer>>;
  let seeded: SeededRestaurant;
  const clients: RecordingClient[] = [];

  function connect(
    query: Parameters<typeof wsUrl>[1],
    options?: ConstructorParameters<typeof RecordingClient>[1],
  ) {
    const client = new RecordingClient(wsUrl(server.baseUrl, query), options);
    clients.push(client);
    return client;
  }

  /** A table of its own with an open visit, so tests do not see each other's events. */
  async function freshTable() {
    const tableId = seeded.tableIds.shift();
    if (tableId === undefined) throw new Error('out of tables');
    const visitId = await openVisit(database, tableId);
    const sessionId = await joinedSession(database, visitId);
    return { tableId, visitId, sessionId, menuItemId: seeded.menuItemId };
  }

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    seeded = await seedRestaurant(database, 20);
    server = await startLiveServer(database, { maxSocketsPerSession: 3, heartbeatMs: 200 });
  });

  afterAll(async () => {
    for (const client of clients) client.terminate();
    await server?.close();
    await database?.close();
  });

  it('sends a snapshot of the visit (isMine per session) and ready, then live events in order, once', async () => {
    const table = await freshTable();
    const other = await joinedSession(database, table.visitId);
    const first = await placeOrder(database, table);

    const mine = connect({ tableId: table.tableId, sessionId: table.sessionId });
    const theirs = connect({ tableId: table.tableId, sessionId: other });
    for (const client of [mine, theirs]) {
      const [snapshot, ready] = await client.ready();
      expect(snapshot).toMatchObject({ type: 'snapshot', cursor: first.cursor, visitId: table.visitId });
      expect(ready).toEqual({ type: 'ready', cursor: first.cursor });
    }
    const snapshotOf = (client: RecordingClient) => client.messages[0];
    const mineSnapshot = snapshotOf(mine);
    const theirSnapshot = snapshotOf(theirs);
    if (mineSnapshot?.type !== 'snapshot' || theirSnapshot?.type !== 'snapshot')
      throw new Error('no snapshot');
    expect(mineSnapshot.orders.map((o) => [o.id, o.isMine, o.total, o.items.length])).toEqual([
      [first.orderId, true, 2490, 1],
    ]);
    expect(theirSnapshot.orders.map((o) => o.isMine)).toEqual([false]);

    const second = await placeOrder(database, { ...table, sessionId: other });
    const third = await appendStatusChange(database, { ...table, orderId: first.orderId });
    for (const client of [mine, theirs]) {
      await client.until(() => client.eventCursors().length === 2);
      expect(client.eventCursors()).toEqual([second.cursor, third]);
    }
    const placed = mine.messages[2];
    expect(placed).toMatchObject({ type: 'order.placed', order: { id: second.orderId, isMine: false } });
    expect(theirs.messages[2]).toMatchObject({ type: 'order.placed', order: { isMine: true } });
    // Nothing more arrives (exactly once).
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(mine.messages).toHaveLength(4);
  });

  it('replays exactly the events missed after `since`, then ready, then live', async () => {
    const table = await freshTable();
    const start = await placeOrder(database, table);
    const missed = [await appendStatusChange(database, table), (await placeOrder(database, table)).cursor];

    const client = connect({ ...table, since: start.cursor });
    await client.ready();
    expect(client.messages.map((m) => m.type)).toEqual(['order.status_changed', 'order.placed', 'ready']);
    expect(client.eventCursors()).toEqual(missed);
    expect(client.messages.at(-1)).toEqual({ type: 'ready', cursor: missed[1] });

    const live = await appendStatusChange(database, table);
    await client.until(() => client.eventCursors().length === 3);
    expect(client.eventCursors()).toEqual([...missed, live]);

    // Up to date: an empty replay.
    const again = connect({ ...table, since: live });
    await again.ready();
    expect(again.messages).toEqual([{ type: 'ready', cursor: live }]);
  });

  it('sends a snapshot instead when `since` predates the visit, is in the future, or is too far behind', async () => {
    const table = await freshTable();
    const oldSession = await joinedSession(database, table.visitId);
    const before = await placeOrder(database, table);
    await closeVisit(database, table.tableId, table.visitId);
    const visitId = await openVisit(database, table.tableId);
    const sessionId = await joinedSession(database, visitId);
    const now = await placeOrder(database, { ...table, visitId, sessionId });
    expect(oldSession).not.toBe(sessionId);

    for (const since of [before.cursor, now.cursor + 1000]) {
      const client = connect({ tableId: table.tableId, sessionId, since });
      const [snapshot] = await client.ready();
      expect(snapshot).toMatchObject({ type: 'snapshot', cursor: now.cursor, visitId });
      if (snapshot?.type !== 'snapshot') throw new Error('no snapshot');
      expect(snapshot.orders.map((o) => o.id)).toEqual([now.orderId]);
    }

    // More than a replay carries (written in one statement: the log is what matters here, not NOTIFY).
    await database.db.insert(tableEvent).values(
      Array.from({ length: MAX_REPLAY_EVENTS + 1 }, () => ({
        tableId: table.tableId,
        visitId,
        type: 'order.status_changed',
        payload: {
          type: 'order.status_changed',
          orderId: now.orderId,
          status: 'ACCEPTED',
          rejectReason: null,
        },
      })),
    );
    const behind = connect({ tableId: table.tableId, sessionId, since: now.cursor });
    const [snapshot] = await behind.ready();
    expect(snapshot?.type).toBe('snapshot');
  });

  it('refuses bad parameters (4400) and sessions not joined to the open visit of the table (4403)', async () => {
    const table = await freshTable();
    const elsewhere = await freshTable();
    const stranger = await newSession(database);
    const base = server.baseUrl;
    const refusals = [
      [`${base}/api/ws`, WS_CLOSE.badRequest],
      [`${base}/api/ws?table_id=abc&session_id=${table.sessionId}`, WS_CLOSE.badRequest],
      [`${base}/api/ws?table_id=${table.tableId}&session_id=not-a-uuid`, WS_CLOSE.badRequest],
      [wsUrl(base, { ...table, since: -1 }), WS_CLOSE.badRequest],
      [wsUrl(base, { tableId: elsewhere.tableId, sessionId: table.sessionId }), WS_CLOSE.forbidden],
      [wsUrl(base, { tableId: table.tableId, sessionId: stranger }), WS_CLOSE.forbidden],
      [wsUrl(base, { tableId: 999_999, sessionId: table.sessionId }), WS_CLOSE.forbidden],
    ] as const;
    for (const [url, code] of refusals) {
      const client = new RecordingClient(url);
      clients.push(client);
      const closed = await client.closed;
      expect([url.replace(/session_id=[^&]+/, 'session_id=…'), closed.code]).toEqual([
        url.replace(/session_id=[^&]+/, 'session_id=…'),
        code,
      ]);
      expect(client.messages).toEqual([]);
    }

    await closeVisit(database, table.tableId, table.visitId);
    const late = connect(table);
    expect((await late.closed).code).toBe(WS_CLOSE.forbidden);
  });

  it('sends table.closed and then closes the socket with 4410', async () => {
    const table = await freshTable();
    const client = connect(table);
    await client.ready();
    const cursor = await closeVisit(database, table.tableId, table.visitId);
    const closed = await client.closed;
    expect(closed.code).toBe(WS_CLOSE.tableClosed);
    expect(client.messages.at(-1)).toEqual({
      type: 'table.closed',
      cursor,
      tableId: table.tableId,
      visitId: table.visitId,
    });
  });

  it('never duplicates or skips an event when connections race concurrent appends', async () => {
    const table = await freshTable();
    const start = await appendStatusChange(database, table);
    const sessions = [table.sessionId];
    for (let i = 0; i < 5; i++) sessions.push(await joinedSession(database, table.visitId));
    const appends: Promise<number>[] = [];
    const racing: { client: RecordingClient; since: number | undefined }[] = [];
    for (let i = 0; i < 24; i++) {
      appends.push(appendStatusChange(database, table));
      const sessionId = sessions[i / 4];
      if (sessionId) {
        const since = i % 8 === 0 ? start : undefined;
        racing.push({ client: connect({ tableId: table.tableId, sessionId, since }), since });
      }
    }
    const cursors = (await Promise.all(appends)).sort((a, b) => a - b);
    const last = cursors.at(-1) ?? 0;
    for (const { client, since } of racing) {
      await client.until((messages) => messages.some((m) => 'cursor' in m && m.cursor === last));
      const received = client.eventCursors();
      for (let i = 1; i < received.length; i++) expect(received[i]).toBeGreaterThan(received[i - 1] ?? 0);
      // Complete: everything after the replay or snapshot cursor arrived.
      const first = client.messages[0];
      const from = first?.type === 'snapshot' ? first.cursor : (since ?? 0);
      expect(received).toEqual(cursors.filter((c) => c > from));
    }
  });

  it('limits the sockets of one session and drops sockets that stop answering pings', async () => {
    const table = await freshTable();
    const open = [connect(table), connect(table), connect(table)];
    await Promise.all(open.map((client) => client.ready()));
    const extra = connect(table);
    expect((await extra.closed).code).toBe(WS_CLOSE.tooManyConnections);
    await Promise.all(open.map((client) => client.close()));

    const silent = connect(table, { autoPong: false });
    await silent.ready();
    const closed = await silent.closed;
    expect(closed.code).toBe(1006);
  });
});

describe('live updates in the whole app', () => {
  it('is mounted by buildApp, logs no session id, and closes sockets with 1001 on shutdown', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const database = await createTestDatabase('pglite');
    const app = await buildApp({
      database,
      config: testConfig(),
      logger: Object.assign({}, loggerOptions('trace'), { stream }),
    });
    try {
      const baseUrl = (await app.listen({ host: '127.0.0.1', port: 0 })).replace(/^http/, 'ws');
      const seeded = await seedRestaurant(database, 1);
      const tableId = seeded.tableIds[0] ?? 0;
      const visitId = await openVisit(database, tableId);
      const sessionId = await joinedSession(database, visitId);
      const client = new RecordingClient(wsUrl(baseUrl, { tableId, sessionId, since: 0 }));
      await client.ready();
      await client.close();
      const refused = new RecordingClient(wsUrl(baseUrl, { tableId: tableId + 1, sessionId }));
      expect((await refused.closed).code).toBe(WS_CLOSE.forbidden);
      const log = lines.join('');
      expect(log).toContain('/api/ws');
      expect(log).not.toContain(sessionId);
      expect(log).not.toContain('session_id');

      // Shutting down tells open sockets to reconnect elsewhere (1001), without waiting for them.
      const open = new RecordingClient(wsUrl(baseUrl, { tableId, sessionId }));
      await open.ready();
      await app.close();
      expect((await open.closed).code).toBe(1001);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

import { randomUUID } from 'node:crypto';
import type { JoinTableResponse } from '@tablo/contract/table-session';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BISTRO, type InsertedRestaurant, insertRestaurant } from '../../../test/helpers/fixtures.ts';
import { RecordingClient, wsUrl } from '../../../test/helpers/live.ts';
import { testConfig } from '../../../test/helpers/test-app.ts';
import { createPostgresTestDatabaseUrl } from '../../../test/helpers/test-database.ts';
import { buildApp } from '../../app.ts';
import type { Database } from '../../db/database.ts';
import { LISTENER_APPLICATION_NAME, openPostgres } from '../../db/postgres.ts';
import { diningTable } from '../../db/schema.ts';
import type { App } from '../../lib/app-type.ts';

interface Instance {
  app: App;
  database: Database;
  http: string;
  ws: string;
}

/**
 * DESIGN §2: identical instances on one PostgreSQL, no sticky sessions. An order placed through one
 * instance reaches sockets on the other through LISTEN/NOTIFY and the event log.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('live updates across two server instances (postgres)', () => {
  let fresh: { url: string; drop(): Promise<void> };
  let a: Instance;
  let b: Instance;
  let bistro: InsertedRestaurant;
  const clients: RecordingClient[] = [];

  async function start(url: string): Promise<Instance> {
    const database = await openPostgres({ url, poolSize: 5 });
    const app = await buildApp({ database, config: testConfig(), logger: false });
    const http = await app.listen({ host: '127.0.0.1', port: 0 });
    return { app, database, http, ws: http.replace(/^http/, 'ws') };
  }

  beforeAll(async () => {
    fresh = await createPostgresTestDatabaseUrl(process.env.TEST_DATABASE_URL ?? '');
    a = await start(fresh.url);
    b = await start(fresh.url);
    bistro = await insertRestaurant(a.database.db, BISTRO);
  });

  afterAll(async () => {
    for (const client of clients) client.terminate();
    for (const instance of [a, b]) {
      await instance?.app.close();
      await instance?.database.close();
    }
    await fresh?.drop();
  });

  function connect(instance: Instance, query: Parameters<typeof wsUrl>[1]): RecordingClient {
    const client = new RecordingClient(wsUrl(instance.ws, query));
    clients.push(client);
    return client;
  }

  async function api<T>(instance: Instance, path: string, init: RequestInit = {}): Promise<T> {
    const response = await fetch(`${instance.http}/api${path}`, {
      ...init,
      headers: { 'content-type': 'application/json', ...init.headers },
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }

  /** A diner: a session issued by `instance` and joined with the table's real token. */
  async function diner(instance: Instance, tableId: number) {
    const { uuid: sessionId } = await api<{ uuid: string }>(instance, '/order/uuid');
    const [table] = await instance.database.db
      .select({ token: diningTable.qrToken })
      .from(diningTable)
      .where(eq(diningTable.id, tableId));
    const joined = await api<JoinTableResponse>(instance, '/table-sessions', {
      method: 'POST',
      body: JSON.stringify({ shortName: BISTRO.shortName, tableId, token: table?.token, sessionId }),
    });
    return { sessionId, tableId, joined };
  }

  function order(instance: Instance, at: { sessionId: string; tableId: number }): Promise<{ id: number }> {
    return api(instance, '/orders', {
      method: 'POST',
      headers: { 'idempotency-key': randomUUID() },
      body: JSON.stringify({
        sessionId: at.sessionId,
        tableId: at.tableId,
        items: [{ menuItemId: bistro.items.goulash, quantity: 1 }],
      }),
    });
  }

  function placedIds(client: RecordingClient): number[] {
    return client.messages.flatMap((m) => (m.type === 'order.placed' ? [m.order.id] : []));
  }

  function strictlyIncreasing(cursors: number[]): boolean {
    return cursors.every((cursor, i) => i === 0 || cursor > (cursors[i - 1] ?? 0));
  }

  it('delivers an order placed through A to a socket on B, in order, exactly once', async () => {
    const tableId = bistro.tables[1] ?? 0;
    const watcher = await diner(b, tableId);
    const orderers = [await diner(a, tableId), await diner(a, tableId)];
    const socket = connect(b, { tableId, sessionId: watcher.sessionId, since: watcher.joined.cursor });
    await socket.ready();

    const placed: number[] = [];
    for (let round = 0; round < 3; round++) {
      // Concurrent orders from two diners, then one more after they are in.
      const ids = await Promise.all(orderers.map((at) => order(a, at)));
      placed.push(...ids.map((o) => o.id));
    }
    await socket.until(() => placedIds(socket).length >= placed.length);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(placedIds(socket).sort((x, y) => x - y)).toEqual([...placed].sort((x, y) => x - y));
    expect(strictlyIncreasing(socket.eventCursors())).toBe(true);
    // Every order.placed from A arrives with isMine false for the watcher on B.
    expect(socket.messages.filter((m) => m.type === 'order.placed' && m.order.isMine)).toEqual([]);
  });

  it('gives a client that reconnects with its cursor exactly what it missed, on either instance', async () => {
    const tableId = bistro.tables[2] ?? 0;
    const me = await diner(a, tableId);
    const first = connect(b, { tableId, sessionId: me.sessionId });
    await first.ready();
    const before = await order(a, me);
    await first.until(() => placedIds(first).includes(before.id));
    const cursor = first.eventCursors().at(-1) ?? 0;
    await first.close();

    const missed = [(await order(a, me)).id, (await order(b, me)).id, (await order(a, me)).id];
    for (const instance of [a, b]) {
      const again = connect(instance, { tableId, sessionId: me.sessionId, since: cursor });
      await again.ready();
      expect(again.messages.map((m) => m.type)).toEqual([
        'order.placed',
        'order.placed',
        'order.placed',
        'ready',
      ]);
      expect(placedIds(again)).toEqual(missed);
      expect(again.messages.filter((m) => m.type === 'order.placed').every((m) => m.order.isMine)).toBe(true);
      expect(strictlyIncreasing(again.eventCursors())).toBe(true);
      expect(again.eventCursors()[0]).toBeGreaterThan(cursor);
    }
  });

  it('keeps relaying after the LISTEN connection is cut (re-reads the log on reconnect)', async () => {
    const tableId = bistro.tables[3] ?? 0;
    const me = await diner(a, tableId);
    const socket = connect(b, { tableId, sessionId: me.sessionId });
    await socket.ready();
    // Cut every LISTEN connection of this database; the instances reconnect with backoff.
    const dbName = new URL(fresh.url).pathname.slice(1);
    const cut = await a.database.db.execute(
      sql`select pg_terminate_backend(pid) as cut from pg_stat_activity
          where datname = ${dbName} and application_name = ${LISTENER_APPLICATION_NAME}`,
    );
    expect((cut as unknown as { rows: unknown[] }).rows.length).toBe(2);
    const during = await order(a, me);
    const after = await new Promise<{ id: number }>((resolve, reject) =>
      setTimeout(() => order(a, me).then(resolve, reject), 600),
    );
    await socket.until(() => placedIds(socket).length >= 2);
    expect(placedIds(socket)).toEqual([during.id, after.id]);
  });
});

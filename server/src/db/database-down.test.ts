import { randomUUID } from 'node:crypto';
import { OrderSchema, TableOrdersResponseSchema } from '@tablo/contract/order';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BISTRO, type InsertedRestaurant, insertRestaurant } from '../../test/helpers/fixtures.ts';
import { cursorOf, RecordingClient, wsUrl } from '../../test/helpers/live.ts';
import {
  getTableOrders,
  joinRequest,
  newSession,
  postOrder,
  tableToken,
} from '../../test/helpers/ordering-kit.ts';
import { startTcpProxy, type TcpProxy } from '../../test/helpers/tcp-proxy.ts';
import { testConfig } from '../../test/helpers/test-app.ts';
import { createPostgresTestDatabaseUrl } from '../../test/helpers/test-database.ts';
import { buildApp } from '../app.ts';
import type { App } from '../lib/app-type.ts';
import { DATABASE_UNAVAILABLE } from '../plugins/error-handler.ts';
import type { Database } from './database.ts';
import { openPostgres } from './postgres.ts';

const url = process.env.TEST_DATABASE_URL;
const KEY = randomUUID();

async function waitUntilReady(app: App): Promise<void> {
  for (let attempt = 0; attempt < 40; attempt += 1) {
    if ((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('not ready again within 10 s');
}

/** PostgreSQL unreachable under a running app (issue 11 point 3): fast 503s with a message, then recovery. */
describe.runIf(url)('PostgreSQL unreachable', () => {
  let fresh: { url: string; drop(): Promise<void> };
  let proxy: TcpProxy;
  let database: Database;
  let app: App;
  let bistro: InsertedRestaurant;
  let tableId: number;
  let sessionId: string;
  let wsBase: string;

  beforeAll(async () => {
    fresh = await createPostgresTestDatabaseUrl(url as string);
    const target = new URL(fresh.url);
    proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
    const viaProxy = new URL(fresh.url);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    database = await openPostgres({ url: viaProxy.toString(), poolSize: 4, onListenerError: () => {} });
    app = await buildApp({ database, config: testConfig(), logger: false, cacheCoalesceMs: 20 });
    wsBase = (await app.listen({ host: '127.0.0.1', port: 0 })).replace(/^http/, 'ws');
    bistro = await insertRestaurant(database.db, BISTRO);
    tableId = bistro.tables[1] as number;
    sessionId = await newSession(app);
    const joined = await joinRequest(app, {
      shortName: 'bistro',
      tableId,
      token: await tableToken(database, tableId),
      sessionId,
    });
    expect(joined.statusCode).toBe(200);
    // The menu answer is cached before the database goes away.
    expect((await app.inject({ method: 'GET', url: '/api/menu/current/bistro' })).statusCode).toBe(200);
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await proxy?.close();
    await fresh?.drop();
  });

  it('answers 503 fast with a message and Retry-After, keeps serving the menu, and recovers; nothing doubled', async () => {
    await proxy.cut();
    const order = { sessionId, tableId, items: [{ menuItemId: bistro.items.goulash, quantity: 2 }] };
    const started = performance.now();
    const down = await postOrder(app, KEY, order);
    expect(performance.now() - started).toBeLessThan(4000);
    expect(down.statusCode).toBe(503);
    expect(down.headers['retry-after']).toBe('2');
    expect(down.json()).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      message: DATABASE_UNAVAILABLE,
    });
    const ready = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    const read = await getTableOrders(app, tableId, sessionId);
    expect(read.statusCode).toBe(503);
    expect((await app.inject({ method: 'GET', url: '/api/menu/current/bistro' })).statusCode).toBe(200);

    await proxy.restore();
    // Every cut with connections idle in the pool: none may be lost for good (the pool holds 4).
    for (let blip = 0; blip < 6; blip += 1) {
      await waitUntilReady(app);
      await proxy.cut();
      expect((await postOrder(app, randomUUID(), order)).statusCode).toBe(503);
      await proxy.restore();
    }
    let again = await postOrder(app, KEY, order);
    for (let attempt = 0; again.statusCode === 503 && attempt < 20; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      again = await postOrder(app, KEY, order);
    }
    expect(again.statusCode).toBe(201);
    const retried = await postOrder(app, KEY, order);
    expect(OrderSchema.parse(retried.json()).id).toBe(OrderSchema.parse(again.json()).id);
    expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    const orders = TableOrdersResponseSchema.parse((await getTableOrders(app, tableId, sessionId)).json());
    expect(orders.orders).toHaveLength(1);
  });

  it('keeps a diner socket up through the outage, or lets it resume, and delivers what is placed after it once', async () => {
    const order = { sessionId, tableId, items: [{ menuItemId: bistro.items.goulash, quantity: 1 }] };
    let client = new RecordingClient(wsUrl(wsBase, { tableId, sessionId }));
    await client.ready();
    const received: RecordingClient[] = [client];

    await proxy.cut();
    // Long enough for the pool's connect timeout and the LISTEN connection's first retries to fail.
    await new Promise((resolve) => setTimeout(resolve, 4000));
    await proxy.restore();
    await waitUntilReady(app);

    // The web app resumes a closed socket from the last cursor it applied; an open one needs nothing.
    const closed = await Promise.race([client.closed, Promise.resolve(null)]);
    if (closed) {
      const cursors = client.messages.map(cursorOf).filter((c): c is number => c !== undefined);
      client = new RecordingClient(wsUrl(wsBase, { tableId, sessionId, since: Math.max(0, ...cursors) }));
      await client.ready();
      received.push(client);
    }

    const key = randomUUID();
    let placed = await postOrder(app, key, order);
    for (let attempt = 0; placed.statusCode === 503 && attempt < 20; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      placed = await postOrder(app, key, order);
    }
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = OrderSchema.parse(placed.json()).id;
    await client.until((messages) =>
      messages.some((m) => m.type === 'order.placed' && m.order.id === orderId),
    );
    const cursors = received.flatMap((c) => c.eventCursors());
    expect(new Set(cursors).size).toBe(cursors.length);
    await client.close();
  });
});

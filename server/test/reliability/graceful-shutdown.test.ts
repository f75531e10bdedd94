import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DRAINING_TEXT } from '../../src/lib/draining.ts';
import { ensureServerBundle, type ServerProcess } from '../helpers/server-process.ts';
import { testDatabaseKinds } from '../helpers/test-database.ts';
import {
  type Diner,
  joinedDiner,
  type OrderRequest,
  type Outcome,
  orderRequest,
  placeOrder,
} from './diner-client.ts';
import { type PreparedDatabase, prepareDatabase } from './prepared-database.ts';
import { startProductionServer } from './production-server.ts';
import { linesOf, partialOrders, storedOrders } from './stored-state.ts';

// Issue 11 point 4, docs/decisions/032: SIGTERM under load.
const DINERS = 30;
const SERVER_ENV = { RATE_LIMIT_ORDERS_PER_MINUTE: '100000' };

/** Resolves once the listener is closed (a new connection is refused): the server is draining. */
async function listenerClosed(port: number): Promise<void> {
  for (;;) {
    const refused = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(false);
      });
      socket.once('error', () => resolve(true));
    });
    if (refused) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Raw HTTP/1.1 on one socket: what a kept-alive client sends and reads, byte for byte. */
function rawSocket(port: number) {
  const socket = connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk) => {
    received += String(chunk);
  });
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => {});
  return { socket, received: () => received, closed };
}

function orderBytes(port: number, request: OrderRequest): { head: string; body: string } {
  const body = JSON.stringify(request.body);
  const head =
    `POST /api/orders HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
    `Idempotency-Key: ${request.key}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`;
  return { head, body };
}

describe.each(testDatabaseKinds())('SIGTERM under load (%s)', (kind) => {
  let db: PreparedDatabase;
  const running: ServerProcess[] = [];

  beforeAll(async () => {
    ensureServerBundle();
    db = await prepareDatabase(kind, 10);
  });
  afterAll(async () => {
    for (const server of running) server.kill();
    await db?.remove();
  });

  it('finishes accepted requests, answers new ones 503, closes sockets with 1001, exits in time, loses nothing', async () => {
    const server = await startProductionServer({ env: { ...db.env, ...SERVER_ENV } });
    running.push(server);
    const port = Number(new URL(server.baseUrl).port);
    const tableIds = Object.values(db.restaurant.tables);
    const diners: Diner[] = [];
    for (let index = 0; index < DINERS; index++)
      diners.push(await joinedDiner(server.baseUrl, db, tableIds[index % tableIds.length] as number));

    // A diner's live socket.
    const first = diners[0] as Diner;
    const socket = new WebSocket(
      `ws://127.0.0.1:${port}/api/ws?table_id=${first.tableId}&session_id=${first.sessionId}`,
    );
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    const socketClosed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));

    // One order whose request is accepted (headers read) but whose body is still on its way at SIGTERM,
    // with a second request pipelined behind it on the same connection.
    const slow = orderRequest(db, first, 7);
    const late = orderRequest(db, first, 8);
    const raw = rawSocket(port);
    const slowBytes = orderBytes(port, slow);
    raw.socket.write(slowBytes.head + slowBytes.body.slice(0, 10));
    // The same with a read of the cached menu behind it (answered before Fastify, lib/hot-answers.ts).
    const menuPath = `/api/menu/current/${db.restaurant.shortName}`;
    expect((await fetch(`${server.baseUrl}${menuPath}`)).status).toBe(200);
    const slowToo = orderRequest(db, diners[1] as Diner, 9);
    const rawToo = rawSocket(port);
    const slowTooBytes = orderBytes(port, slowToo);
    rawToo.socket.write(slowTooBytes.head + slowTooBytes.body.slice(0, 10));

    // The rush: every diner places order after order until the server is gone.
    const sent: { request: OrderRequest; outcome: Promise<Outcome> }[] = [];
    let stop = false;
    const workers = diners.map(async (diner, index) => {
      for (let seed = index; !stop; seed += DINERS) {
        const request = orderRequest(db, diner, seed);
        const outcome = placeOrder(server.baseUrl, request, 15_000);
        sent.push({ request, outcome });
        const result = await outcome;
        if (!result.answered && result.error === 'ECONNREFUSED') return;
      }
    });

    await new Promise((resolve) => setTimeout(resolve, 400));
    const signalled = Date.now();
    server.process.kill('SIGTERM');
    await listenerClosed(port);
    // The accepted request completes; the one behind it is refused, and the connection closes.
    const lateBytes = orderBytes(port, late);
    raw.socket.write(slowBytes.body.slice(10) + lateBytes.head + lateBytes.body);
    rawToo.socket.write(
      `${slowTooBytes.body.slice(10)}GET ${menuPath} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`,
    );
    await Promise.all([raw.closed, rawToo.closed]);

    const exit = await server.exited;
    stop = true;
    await Promise.all(workers);
    const outcomes = await Promise.all(
      sent.map(async ({ request, outcome }) => ({ request, result: await outcome })),
    );

    expect(exit.code).toBe(0);
    expect(exit.at - signalled).toBeLessThan(10_000);
    expect(await socketClosed).toBe(1001);

    const [first201, second] = raw.received().split(/(?=HTTP\/1\.1 )/);
    expect(first201).toMatch(/^HTTP\/1\.1 201 /);
    expect(second).toMatch(/^HTTP\/1\.1 503 /);
    expect(second).toMatch(/\r\nconnection: close\r\n/i);
    expect(JSON.parse(second?.split('\r\n\r\n')[1] ?? '')).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      message: DRAINING_TEXT,
    });
    const [orderAnswer, menuAnswer] = rawToo.received().split(/(?=HTTP\/1\.1 )/);
    expect(orderAnswer).toMatch(/^HTTP\/1\.1 201 /);
    expect(menuAnswer).toMatch(/^HTTP\/1\.1 503 /);
    expect(menuAnswer).toMatch(/\r\nx-content-type-options: nosniff\r\n/i);

    // Every answer is 201 or the draining 503 (in the API's shape, closing the connection); nothing hangs.
    const acknowledged = outcomes.filter((o) => o.result.answered && o.result.status === 201);
    expect(acknowledged.length).toBeGreaterThan(0);
    for (const { result } of outcomes) {
      if (!result.answered) {
        expect(result.error).not.toBe('TimeoutError');
        continue;
      }
      if (result.status === 201) continue;
      expect({ status: result.status, body: result.body }).toEqual({
        status: 503,
        body: { statusCode: 503, error: 'Service Unavailable', message: DRAINING_TEXT },
      });
      expect(result.headers.get('connection')).toBe('close');
    }

    // Restarted: the acknowledged orders are there whole; the others, retried with their keys, once each.
    const again = await startProductionServer({ env: { ...db.env, ...SERVER_ENV } });
    running.push(again);
    const unacknowledged = outcomes.filter((o) => !(o.result.answered && o.result.status === 201));
    for (const { request } of unacknowledged) {
      const retry = await placeOrder(again.baseUrl, request);
      expect(retry.answered && retry.status).toBe(201);
    }
    await again.stop();

    const database = await db.open();
    try {
      const stored = await storedOrders(database.db);
      expect(partialOrders(stored)).toEqual([]);
      for (const { request } of [...outcomes, { request: slow }, { request: slowToo }]) {
        const list = stored.get(request.key) ?? [];
        expect(list.length, request.key).toBe(1);
        expect(linesOf(list[0]?.items ?? [])).toBe(linesOf(request.body.items));
      }
      // The refused request was never stored.
      expect(stored.get(late.key)).toBeUndefined();
    } finally {
      await database.close();
    }
  }, 120_000);
});

describe('SIGTERM with a request that never ends', () => {
  let db: PreparedDatabase;
  const running: ServerProcess[] = [];
  beforeAll(async () => {
    ensureServerBundle();
    db = await prepareDatabase('pglite', 1);
  });
  afterAll(async () => {
    for (const server of running) server.kill();
    await db?.remove();
  });

  it('exits by its deadline, before an orchestrator’s 10 s SIGKILL', async () => {
    const server = await startProductionServer({ env: db.env });
    running.push(server);
    const port = Number(new URL(server.baseUrl).port);
    const diner = await joinedDiner(server.baseUrl, db, Object.values(db.restaurant.tables)[0] as number);
    // Headers sent, body never: the request is accepted and would keep the server open for good.
    const raw = rawSocket(port);
    raw.socket.write(orderBytes(port, orderRequest(db, diner, 1)).head);
    await new Promise((resolve) => setTimeout(resolve, 200));

    const signalled = Date.now();
    server.process.kill('SIGTERM');
    const exit = await server.exited;
    expect(exit.code).toBe(1);
    expect(exit.at - signalled).toBeGreaterThanOrEqual(7_500);
    expect(exit.at - signalled).toBeLessThan(10_000);
    expect(server.output()).toContain('still closing after 8000 ms');
  }, 90_000);
});

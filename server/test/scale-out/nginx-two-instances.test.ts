import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SHORT_NAME } from '../../src/demo/demo-restaurants.ts';
import { type Cluster, startCluster } from './cluster.ts';
import { Diner, orderableItems } from './diner.ts';
import {
  type DemoTable,
  divergences,
  enabledTables,
  keepOrdering,
  keepPaying,
  keepServing,
  lostOrDoubled,
  readDatabaseState,
  sleep,
  waitUntilConverged,
} from './dinner-service.ts';
import { StaffLive } from './staff-live.ts';

/**
 * Issue 11 point 11: two Tablo instances behind nginx (round robin, no sticky sessions) serve the demo
 * restaurant together — diners ordering and reading "My Table", waiters on the board moving orders, every
 * live socket — and one instance is killed (SIGKILL) mid-service. Clients retry with their idempotency keys
 * and reconnect; nothing acknowledged is lost or doubled, and every socket resumes on the other instance
 * and converges to the database (orders, cash payments confirmed by the waiter, status changes).
 * SCALE_OUT_SECONDS (8) of service; the kill comes at 40 %.
 */
const SECONDS = Number(process.env.SCALE_OUT_SECONDS ?? 8);
const DINERS_PER_TABLE = 2;
const CONVERGE_MS = 10_000;

describe.runIf(process.env.TEST_DATABASE_URL)(
  'two instances behind nginx, one killed mid-service (postgres)',
  () => {
    let cluster: Cluster;
    const diners: Diner[] = [];
    const boards: StaffLive[] = [];

    beforeAll(async () => {
      cluster = await startCluster(process.env.TEST_DATABASE_URL ?? '');
    }, 120_000);

    afterAll(async () => {
      for (const client of [...diners.map((d) => d.live), ...boards]) client?.stop();
      await cluster?.stop();
    });

    it(
      'loses and doubles nothing, and every socket resumes on the surviving instance',
      async () => {
        const { a, b, nginx, databaseUrl } = cluster;
        const base = nginx.url;
        const upstreamA = `127.0.0.1:${a.port}`;
        const upstreamB = `127.0.0.1:${b.port}`;
        const tables: DemoTable[] = await enabledTables(databaseUrl, DEMO_SHORT_NAME);
        const items = await orderableItems(base, DEMO_SHORT_NAME);
        expect(tables.length).toBeGreaterThanOrEqual(10);

        // Waiters' tablets until there is a board socket on each instance.
        while (new Set(boards.map((board) => board.socket?.connections[0]?.upstream)).size < 2) {
          expect(boards.length).toBeLessThan(8);
          const board = await (await StaffLive.login(base, 'waiter@demo.example', 'demo-waiter')).follow();
          boards.push(board);
          while (board.readyCount === 0) await sleep(20);
        }
        for (const table of tables)
          for (let i = 0; i < DINERS_PER_TABLE; i++)
            diners.push(await Diner.join(base, DEMO_SHORT_NAME, table));
        for (const diner of diners) diner.connect();
        const deadline = Date.now() + 10_000;
        while (diners.some((d) => (d.live?.readyCount ?? 0) === 0) && Date.now() < deadline) await sleep(20);
        const firstUpstreams = diners.map((d) => d.live?.socket.connections[0]?.upstream);
        expect(new Set(firstUpstreams)).toEqual(new Set([upstreamA, upstreamB]));

        let stopped = false;
        const stop = () => stopped;
        const ordering = Promise.all([
          ...diners.map((diner) => keepOrdering(diner, items, stop)),
          // One diner per table pays what is left, in cash, every second or so; the waiter confirms.
          ...diners.filter((_, i) => i % DINERS_PER_TABLE === 0).map((diner) => keepPaying(diner, stop)),
        ]);
        const waiter = keepServing(boards[0] as StaffLive, () => stopped);
        await sleep(SECONDS * 400);
        const ordersBeforeKill = diners.reduce((sum, d) => sum + d.orders.size, 0);
        await a.kill();
        await sleep(SECONDS * 600);
        stopped = true;
        await ordering;
        const waiterStats = await waiter;

        const convergedInMs = await waitUntilConverged(
          databaseUrl,
          DEMO_SHORT_NAME,
          diners,
          boards,
          CONVERGE_MS,
        );
        const state = await readDatabaseState(databaseUrl, DEMO_SHORT_NAME);
        const acknowledged = diners.reduce((sum, d) => sum + d.orders.size, 0);
        console.info(
          `scale-out: ${acknowledged} orders acknowledged (${ordersBeforeKill} before the kill), ` +
            `${diners.reduce((sum, d) => sum + d.payments.size, 0)} payments, ` +
            `${diners.reduce((sum, d) => sum + d.retried, 0)} requests needed a retry; waiter ${JSON.stringify(waiterStats)}; ` +
            `clients converged ${Math.round(convergedInMs)} ms after the service stopped`,
        );

        expect(lostOrDoubled(state, diners)).toEqual([]);
        expect([...state.ordersBySession.values()].reduce((sum, keys) => sum + keys.size, 0)).toBe(
          acknowledged,
        );
        expect(ordersBeforeKill).toBeGreaterThan(0);
        expect(acknowledged).toBeGreaterThan(ordersBeforeKill);
        expect(diners.flatMap((d) => d.missingFromMyTable)).toEqual([]);
        // Every order reached SERVED (the waiter kept working through the kill).
        expect(
          [...state.openOrders.values()].every((status) => status === 'SERVED' || status === 'PAID'),
        ).toBe(true);
        expect(diners.reduce((sum, d) => sum + d.payments.size, 0)).toBeGreaterThan(0);
        expect(divergences(state, diners, boards)).toEqual([]);

        // Sockets that were on A resumed on B; nothing was delivered twice or to the wrong table.
        const killedSockets = [...diners.map((d) => d.live?.socket), ...boards.map((s) => s.socket)].filter(
          (socket) => socket?.connections[0]?.upstream === upstreamA,
        );
        expect(killedSockets.length).toBeGreaterThan(1);
        for (const socket of killedSockets) {
          expect(socket?.connections.at(-1)?.upstream).toBe(upstreamB);
          expect(socket?.isOpen).toBe(true);
        }
        expect(diners.flatMap((d) => d.live?.duplicates ?? [])).toEqual([]);
        expect(diners.flatMap((d) => d.live?.foreign ?? [])).toEqual([]);
        expect(boards.flatMap((board) => board.duplicates)).toEqual([]);
        expect(nginx.errorLog()).toMatch(/connect\(\) failed \(111: Connection refused\)/);
      },
      Math.max(120_000, SECONDS * 1000 + 90_000),
    );
  },
);

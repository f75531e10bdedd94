import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SHORT_NAME } from '../../src/demo/demo-restaurants.ts';
import { type Cluster, startCluster } from './cluster.ts';
import { Diner, orderableItems } from './diner.ts';
import {
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
 * Issue 11 point 6: an instance restarts (SIGTERM, then started again on its port) while diners and
 * staff are connected to it — some through nginx, some straight to it — and the service goes on through
 * the other instance meanwhile (orders, status changes, cash payments confirmed). Every client converges
 * to the database within 10 s of the instance being back (and the last requests answered), and no client
 * is sent (or applies) any event twice: each resumes from the last cursor it applied (decision 010).
 */
const CONVERGE_MS = 10_000;

describe.runIf(process.env.TEST_DATABASE_URL)(
  'an instance restarted with clients connected (postgres)',
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

    it('every client converges within 10 s of the restart and applies no event twice', async () => {
      const { a, nginx, databaseUrl } = cluster;
      const tables = await enabledTables(databaseUrl, DEMO_SHORT_NAME);
      const items = await orderableItems(nginx.url, DEMO_SHORT_NAME);
      const waiter = await StaffLive.login(nginx.url, 'waiter@demo.example', 'demo-waiter');
      // One tablet on A directly, one through the balancer; the waiter works through the balancer.
      boards.push(await (await StaffLive.login(a.http, 'manager@demo.example', 'demo-manager')).follow());
      boards.push(await waiter.follow());
      for (const table of tables) {
        const first = await Diner.join(nginx.url, DEMO_SHORT_NAME, table);
        const second = await Diner.join(nginx.url, DEMO_SHORT_NAME, table);
        first.connect();
        second.connect(a.http);
        diners.push(first, second);
      }
      const lives = diners.flatMap((d) => (d.live ? [d.live] : []));
      while (lives.some((live) => live.readyCount === 0) || boards.some((board) => board.readyCount === 0))
        await sleep(20);

      let stopped = false;
      const stop = () => stopped;
      const service = Promise.all([
        ...diners.map((diner) => keepOrdering(diner, items, stop, [400, 1200])),
        ...diners.filter((_, i) => i % 2 === 0).map((diner) => keepPaying(diner, stop)),
      ]);
      const serving = keepServing(waiter, stop, { drain: false });
      await sleep(2500);

      expect(await a.stop()).toBe(0);
      const sockets = [
        ...lives.map((live) => live.socket),
        ...boards.flatMap((b) => (b.socket ? [b.socket] : [])),
      ];
      const onA = sockets.filter((socket) =>
        socket.connections.some((c) => c.upstream.endsWith(`:${a.port}`)),
      );
      // Told to reconnect elsewhere (1001), not dropped.
      expect(onA.length).toBeGreaterThan(tables.length);
      const closeCodesOnA = onA.flatMap((socket) =>
        socket.connections.filter((c) => c.upstream.endsWith(`:${a.port}`)).map((c) => c.closeCode),
      );
      expect(new Set(closeCodesOnA)).toEqual(new Set([1001]));
      // The service goes on through B while A is down; it stops as A starts again, so that when A is back
      // (and the last requests are answered) the database holds still and convergence can be timed.
      await sleep(2000);
      const downAt = performance.now();
      const restarted = a.restart().then(() => performance.now());
      stopped = true;
      await service;
      const waiterStats = await serving;
      const quiet = performance.now();
      const back = await restarted;
      const from = Math.max(back, quiet);
      await waitUntilConverged(databaseUrl, DEMO_SHORT_NAME, diners, boards, CONVERGE_MS);
      const convergedMs = performance.now() - from;
      console.info(
        `restart: A was down ${Math.round(back - downAt + 2000)} ms; every client converged ${Math.round(convergedMs)} ms ` +
          `after A was back and the service quiet (${Math.round(Math.max(0, quiet - back))} ms of draining after A was back); ` +
          `waiter ${JSON.stringify(waiterStats)}; ${diners.reduce((n, d) => n + d.orders.size, 0)} orders, ` +
          `${diners.reduce((n, d) => n + d.payments.size, 0)} payments`,
      );
      expect(convergedMs).toBeLessThanOrEqual(CONVERGE_MS);

      const state = await readDatabaseState(databaseUrl, DEMO_SHORT_NAME);
      expect(lostOrDoubled(state, diners)).toEqual([]);
      expect(diners.reduce((n, d) => n + d.payments.size, 0)).toBeGreaterThan(0);
      for (const live of lives) {
        expect(live.duplicates).toEqual([]);
        expect(live.foreign).toEqual([]);
        // Every cursor received was applied exactly once.
        expect(live.applied).toBe(live.receivedAt.size);
      }
      for (const board of boards) expect(board.duplicates).toEqual([]);
      // The clients that were straight on A are back on A, with one socket each.
      const direct = [...diners.filter((_, i) => i % 2 === 1).map((d) => d.live?.socket), boards[0]?.socket];
      for (const socket of direct) {
        expect(socket?.isOpen).toBe(true);
        expect(socket?.connections.at(-1)?.upstream).toBe(`127.0.0.1:${a.port}`);
      }
    }, 120_000);
  },
);

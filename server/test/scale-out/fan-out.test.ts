import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.ts';
import { openPostgres } from '../../src/db/postgres.ts';
import { startInstances } from './cluster.ts';
import { DinerLive } from './diner-live.ts';
import { sleep } from './dinner-service.ts';
import { type FanOutTable, percentile, seedFanOut, streamEvents } from './fan-out.ts';
import type { Instance } from './instances.ts';

/**
 * Issue 11 point 5: FAN_OUT_CLIENTS (1,000) diner sockets spread over two instances, FAN_OUT_TABLES (50)
 * tables, while status changes and payment changes stream at FAN_OUT_RATE (100) events/s for
 * FAN_OUT_SECONDS (5): every client gets every event of its table once, in order, and nothing of another
 * table. Commit-to-receipt (the writer's commit acknowledged → the client's receipt) is recorded; its p99
 * is held to 100 ms by `bench:live` and only loosely here (a shared CI machine).
 */
const CLIENTS = Number(process.env.FAN_OUT_CLIENTS ?? 1000);
const TABLES = Number(process.env.FAN_OUT_TABLES ?? 50);
const RATE = Number(process.env.FAN_OUT_RATE ?? 100);
const SECONDS = Number(process.env.FAN_OUT_SECONDS ?? 5);
/** Loose on purpose: on a shared CI machine the tail is the machine's (bench:live holds the 100 ms goal). */
const LOOSE_P99_MS = Number(process.env.FAN_OUT_P99_LIMIT_MS ?? 2000);

describe.runIf(process.env.TEST_DATABASE_URL)('fan-out over two instances (postgres)', () => {
  let started: Awaited<ReturnType<typeof startInstances>>;
  let writer: Database;
  let tables: FanOutTable[];
  const clients: DinerLive[] = [];

  beforeAll(async () => {
    started = await startInstances(process.env.TEST_DATABASE_URL ?? '', ['A', 'B'], { SEED_DEMO: 'false' });
    writer = await openPostgres({ url: started.databaseUrl, poolSize: 4 });
    ({ tables } = await seedFanOut(writer, TABLES, Math.ceil(CLIENTS / TABLES)));
  }, 120_000);

  afterAll(async () => {
    for (const client of clients) client.stop();
    await writer?.close();
    await started?.stop();
  });

  it(`delivers every event to each of ${CLIENTS} clients of its table exactly once`, async () => {
    const instances = started.instances as [Instance, Instance];
    let n = 0;
    for (const table of tables)
      for (const sessionId of table.sessions) {
        const instance = instances[n++ % 2] as Instance;
        clients.push(new DinerLive(instance.http, table.tableId, table.visitId, sessionId, 0));
      }
    // Connected in batches, as phones arrive over a minute rather than in one instant.
    for (let i = 0; i < clients.length; i += 100) {
      const batch = clients.slice(i, i + 100);
      for (const client of batch) client.start();
      while (batch.some((client) => client.readyCount === 0)) await sleep(10);
    }

    const { commits, failed, errors } = await streamEvents(writer, tables, {
      perSecond: RATE,
      seconds: SECONDS,
    });
    expect(errors).toEqual([]);
    expect(failed).toBe(0);
    const expected = (client: DinerLive) => commits.get(client.tableId) ?? new Map<number, number>();
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && clients.some((c) => c.receivedAt.size < expected(c).size))
      await sleep(50);

    const latencies: number[] = [];
    let missing = 0;
    for (const client of clients) {
      for (const [cursor, committedAt] of expected(client)) {
        const at = client.receivedAt.get(cursor);
        if (at === undefined) missing++;
        else latencies.push(at - committedAt);
      }
      expect(client.receivedAt.size).toBe(expected(client).size);
      expect(client.duplicates).toEqual([]);
      expect(client.foreign).toEqual([]);
      expect(client.applied).toBe(expected(client).size);
      expect(client.socket.connections).toHaveLength(1);
    }
    latencies.sort((x, y) => x - y);
    const figures = {
      clients: clients.length,
      events: [...commits.values()].reduce((sum, table) => sum + table.size, 0),
      deliveries: latencies.length,
      p50Ms: Math.round(percentile(latencies, 50) * 10) / 10,
      p99Ms: Math.round(percentile(latencies, 99) * 10) / 10,
      maxMs: Math.round((latencies.at(-1) ?? 0) * 10) / 10,
    };
    console.info(`fan-out: ${JSON.stringify(figures)}`);
    expect(missing).toBe(0);
    expect(figures.deliveries).toBe(RATE * SECONDS * Math.ceil(CLIENTS / TABLES));
    expect(figures.p99Ms).toBeLessThanOrEqual(LOOSE_P99_MS);
  }, 120_000);
});

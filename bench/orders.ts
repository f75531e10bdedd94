// `npm run bench:orders`: many diners at many tables place orders at once against the real app, on
// PostgreSQL and on PGlite. Afterwards the rows are counted against the acknowledged answers: an order
// acknowledged (201) but not stored is lost, a (session, key) stored twice is duplicated. Writes
// bench/results/orders.json and prints the figures against the targets of issue 4.
//
// Phases per database: BENCH_WARMUP_SECONDS (3) of warm-up; BENCH_SECONDS (10) at BENCH_RATE orders/s (350) offered in an open
// loop — orders/s, p50 and p99 come from here; then BENCH_CAPACITY_SECONDS (5) of every diner ordering
// back to back (capacity). Every acknowledged order of every phase is checked against the rows.
//
// Environment: BENCH_DATABASE_URL or TEST_DATABASE_URL (an admin URL of a PostgreSQL server; a dedicated
// database is created and dropped; default postgres://postgres@127.0.0.1:5432/test), BENCH_DINERS (200
// diners, each with its own session and address), BENCH_TABLES (200), BENCH_KINDS (postgres,pglite),
// BENCH_CHOICES=1 (issue 27: every item has option groups and every line sends three choices; the figures go
// to bench/results/orders-choices.json, to be read beside orders.json).
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { percentile } from '../server/test/reliability/rush-load.ts';
import { startBenchApp } from './support/app-process.ts';
import {
  BENCH_KINDS,
  type BenchDatabase,
  type BenchKind,
  createBenchDatabase,
} from './support/bench-database.ts';
import { processCpuMs } from './support/cpu-sampling.ts';
import { call, type Diner, joinDiners } from './support/diners.ts';
import { round, runBench, writeResults } from './support/figures.ts';
import { openLoop } from './support/open-loop.ts';
import type { BenchAppInfo } from './support/orders-app.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const CAPACITY_SECONDS = Number(process.env.BENCH_CAPACITY_SECONDS ?? 5);
/** Orders per second offered in the measured phase (above the target of 300). */
const RATE = Number(process.env.BENCH_RATE ?? 350);
const DINERS = Number(process.env.BENCH_DINERS ?? 200);
const TABLES = Number(process.env.BENCH_TABLES ?? 200);
const TARGETS = { ordersPerSecond: 300, p99Ms: 150 };
const CHOICES = process.env.BENCH_CHOICES === '1';

interface KindResult {
  ordersPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  acknowledged: number;
  stored: number;
  lost: number;
  duplicated: number;
  storedItems: number;
  expectedItems: number;
  /** Stored but never acknowledged (a request that timed out after its commit): not lost, not a duplicate. */
  storedUnacknowledged: number;
  /** The arrival rate of the measured (open-loop) phase. */
  offeredPerSecond: number;
  /** Closed loop, every diner ordering back to back: the server's capacity. */
  maxOrdersPerSecond: number;
  /** Server process CPU time per order during the measured phase (contention inflates it far less than latency). */
  serverCpuMsPerOrder: number;
  statuses: Record<string, number>;
  diners: number;
  tables: number;
  seconds: number;
}

interface LoadTally {
  acknowledgedIds: number[];
  expectedItems: number;
  latenciesMs: number[];
  statuses: Record<string, number>;
}

function newTally(): LoadTally {
  return { acknowledgedIds: [], expectedItems: 0, latenciesMs: [], statuses: {} };
}

/** One order from one diner, with a new idempotency key; 1–3 lines. */
async function placeOne(base: string, info: BenchAppInfo, diner: Diner, n: number, tally: LoadTally) {
  const lines = 1 + (n % 3);
  const items = Array.from({ length: lines }, (_, i) => {
    const menuItemId = info.menuItemIds[(n + i) % info.menuItemIds.length] as number;
    const choices = info.choices?.[menuItemId];
    return { menuItemId, quantity: 1 + ((n + i) % 2), ...(choices ? { choices } : {}) };
  });
  const t0 = performance.now();
  let status = 'error';
  try {
    const response = await call(base, '/orders', diner.ip, {
      method: 'POST',
      headers: { 'idempotency-key': `bench-${randomUUID()}` },
      body: JSON.stringify({ sessionId: diner.sessionId, tableId: diner.tableId, items }),
    });
    status = String(response.status);
    const body = (await response.json()) as { id?: number };
    if (response.status === 201 && typeof body.id === 'number') {
      tally.acknowledgedIds.push(body.id);
      tally.expectedItems += lines;
      tally.latenciesMs.push(performance.now() - t0);
    }
  } catch (error) {
    status = error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'error';
  }
  tally.statuses[status] = (tally.statuses[status] ?? 0) + 1;
}

/** The measured phase: RATE orders a second, open loop; resolves with the seconds until the last answer. */
async function atRate(base: string, info: BenchAppInfo, diners: Diner[], tally: LoadTally, seconds: number) {
  const run = await openLoop(diners, RATE, seconds, (diner, i) => placeOne(base, info, diner, i, tally));
  if (run.notSent > 0) tally.statuses.notSent = (tally.statuses.notSent ?? 0) + run.notSent;
  return run.seconds;
}

/** Closed loop: every diner orders again as soon as it is answered — the capacity of the server. */
async function flatOut(base: string, info: BenchAppInfo, diners: Diner[], tally: LoadTally, seconds: number) {
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    diners.map(async (diner, d) => {
      for (let n = d; performance.now() < deadline; n += diners.length)
        await placeOne(base, info, diner, n, tally);
    }),
  );
  return (performance.now() - started) / 1000;
}

interface Counts {
  stored: number;
  distinctKeys: number;
  storedItems: number;
  acknowledgedFound: number;
}

const COUNT_SQL = `select
  (select count(*) from orders)::int as stored,
  (select count(distinct (session_id, idempotency_key)) from orders)::int as "distinctKeys",
  (select count(*) from order_item)::int as "storedItems",
  (select count(*) from orders where id = any($1::int[]))::int as "acknowledgedFound"`;

async function countPostgres(url: string, ids: number[]): Promise<Counts> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<Counts>(COUNT_SQL, [ids]);
    const row = result.rows[0];
    if (!row) throw new Error('no counts');
    return row;
  } finally {
    await client.end();
  }
}

async function countPglite(benchDatabase: BenchDatabase, ids: number[]): Promise<Counts> {
  const database = await benchDatabase.open();
  try {
    const { sql } = await import('drizzle-orm');
    const result = await database.db.execute(
      sql.raw(COUNT_SQL.replace('$1::int[]', `array[${ids.map(Number).join(',') || 'null'}]::int[]`)),
    );
    const row = (result as unknown as { rows: Counts[] }).rows[0];
    if (!row) throw new Error('no counts');
    return row;
  } finally {
    await database.close();
  }
}

async function runKind(kind: BenchKind): Promise<KindResult> {
  const database = await createBenchDatabase(kind, 'orders');
  const count = (ids: number[]) =>
    database.url ? countPostgres(database.url, ids) : countPglite(database, ids);
  try {
    const app = await startBenchApp({
      ...database.env,
      BENCH_TABLES: String(TABLES),
      BENCH_CHOICES: CHOICES ? '1' : '0',
    });
    const { base, info } = app;
    const warmup = newTally();
    const measured = newTally();
    const capacity = newTally();
    let seconds: number;
    let capacitySeconds: number;
    let cpuMs: number;
    try {
      // Each diner from its own address, as real phones are.
      const diners = await joinDiners(
        base,
        info,
        DINERS,
        (i) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
      );
      await flatOut(base, info, diners, warmup, WARMUP_SECONDS);
      const cpuBefore = processCpuMs(app.child.pid);
      seconds = await atRate(base, info, diners, measured, SECONDS);
      cpuMs = processCpuMs(app.child.pid) - cpuBefore;
      capacitySeconds = await flatOut(base, info, diners, capacity, CAPACITY_SECONDS);
    } finally {
      await app.stop();
    }
    const all = [warmup, measured, capacity];
    const acknowledgedIds = all.flatMap((tally) => tally.acknowledgedIds);
    const counts = await count(acknowledgedIds);
    const acknowledged = acknowledgedIds.length;
    const statuses: Record<string, number> = {};
    for (const tally of all) {
      for (const [status, n] of Object.entries(tally.statuses))
        statuses[status] = (statuses[status] ?? 0) + n;
    }
    return {
      ordersPerSecond: round(measured.acknowledgedIds.length / seconds),
      p50Ms: round(percentile(measured.latenciesMs, 50)),
      p99Ms: round(percentile(measured.latenciesMs, 99)),
      acknowledged,
      stored: counts.stored,
      lost: acknowledged - counts.acknowledgedFound,
      duplicated: counts.stored - counts.distinctKeys + (acknowledged - new Set(acknowledgedIds).size),
      storedItems: counts.storedItems,
      expectedItems: all.reduce((sum, tally) => sum + tally.expectedItems, 0),
      storedUnacknowledged: counts.stored - counts.acknowledgedFound,
      offeredPerSecond: RATE,
      maxOrdersPerSecond: round(capacity.acknowledgedIds.length / capacitySeconds),
      serverCpuMsPerOrder: round(cpuMs / Math.max(1, measured.acknowledgedIds.length), 2),
      statuses,
      diners: DINERS,
      tables: TABLES,
      seconds: round(seconds, 2),
    };
  } finally {
    await database.remove();
  }
}

function verdict(result: KindResult): string {
  const ok =
    result.ordersPerSecond >= TARGETS.ordersPerSecond &&
    result.p99Ms <= TARGETS.p99Ms &&
    result.lost === 0 &&
    result.duplicated === 0;
  return ok ? 'meets the targets' : 'MISSES the targets';
}

async function main(): Promise<void> {
  const results: Partial<Record<BenchKind, KindResult>> = {};
  for (const kind of BENCH_KINDS) {
    console.log(
      `bench:orders — ${kind}: ${DINERS} diners at ${TABLES} tables for ${SECONDS} s${CHOICES ? ', three choices on every line' : ''} …`,
    );
    const result = await runKind(kind);
    results[kind] = result;
    console.log(
      `  ${kind}: ${result.ordersPerSecond} orders/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, ` +
        `acknowledged ${result.acknowledged}, stored ${result.stored}, lost ${result.lost}, ` +
        `duplicated ${result.duplicated}, items ${result.storedItems}/${result.expectedItems}, ` +
        `server CPU ${result.serverCpuMsPerOrder} ms/order, offered ${result.offeredPerSecond}/s, ` +
        `capacity ${result.maxOrdersPerSecond}/s, ` +
        `statuses ${JSON.stringify(result.statuses)}` +
        (kind === 'postgres'
          ? ` — ${verdict(result)} (≥ ${TARGETS.ordersPerSecond}/s, p99 ≤ ${TARGETS.p99Ms} ms)`
          : ''),
    );
  }
  writeResults(CHOICES ? 'orders-choices' : 'orders', { targets: TARGETS, choices: CHOICES, ...results });
}

runBench(main);

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
// diners, each with its own session and address), BENCH_TABLES (200), BENCH_KINDS (postgres,pglite).
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openPglite } from '../server/src/db/pglite.ts';
import { createPostgresTestDatabaseUrl } from '../server/src/testing/test-database.ts';
import { startBenchApp, stopBenchApp } from './support/app-process.ts';
import type { BenchAppInfo } from './support/orders-app.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const CAPACITY_SECONDS = Number(process.env.BENCH_CAPACITY_SECONDS ?? 5);
/** Orders per second offered in the measured phase (above the target of 300). */
const RATE = Number(process.env.BENCH_RATE ?? 350);
const DINERS = Number(process.env.BENCH_DINERS ?? 200);
const TABLES = Number(process.env.BENCH_TABLES ?? 200);
const KINDS = (process.env.BENCH_KINDS ?? 'postgres,pglite').split(',') as Kind[];
const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const REQUEST_TIMEOUT_MS = 10_000;
const TARGETS = { ordersPerSecond: 300, p99Ms: 150 };
const HERE = fileURLToPath(new URL('.', import.meta.url));

type Kind = 'postgres' | 'pglite';

interface Diner {
  sessionId: string;
  tableId: number;
  ip: string;
}

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

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

function round(value: number, digits = 1): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** User + system CPU time of a process, from /proc (Linux; NaN elsewhere). */
function processCpuMs(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 14 and 15 of stat (utime, stime) in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

async function call(base: string, path: string, ip: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${base}/api${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, ...init.headers },
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
}

/** Each diner: a session from GET /api/order/uuid, joined to a table with the table's QR token. */
async function joinDiners(base: string, info: BenchAppInfo): Promise<Diner[]> {
  const diners: Diner[] = [];
  for (let start = 0; start < DINERS; start += 20) {
    const batch = Array.from({ length: Math.min(20, DINERS - start) }, async (_, offset) => {
      const i = start + offset;
      const ip = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
      const table = info.tables[i % info.tables.length];
      if (!table) throw new Error('no tables');
      const issued = await call(base, '/order/uuid', ip);
      const { uuid: sessionId } = (await issued.json()) as { uuid: string };
      const joined = await call(base, '/table-sessions', ip, {
        method: 'POST',
        body: JSON.stringify({ shortName: info.shortName, tableId: table.id, token: table.token, sessionId }),
      });
      if (joined.status !== 200) throw new Error(`join: ${joined.status} ${await joined.text()}`);
      return { sessionId, tableId: table.id, ip };
    });
    diners.push(...(await Promise.all(batch)));
  }
  return diners;
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
  const items = Array.from({ length: lines }, (_, i) => ({
    menuItemId: info.menuItemIds[(n + i) % info.menuItemIds.length],
    quantity: 1 + ((n + i) % 2),
  }));
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

/**
 * Open loop: orders arrive at RATE per second whether or not earlier ones have been answered, so the
 * latency measured is the service time at that load, not the queueing of a closed loop. Each arrival
 * goes to the diner who has waited longest among those not waiting for an answer (a phone places its
 * next order after "Order placed"); when every diner is waiting, the arrival is counted as `notSent`.
 * Returns the seconds until the last answer.
 */
async function atRate(base: string, info: BenchAppInfo, diners: Diner[], tally: LoadTally, seconds: number) {
  const interval = 1000 / RATE;
  const started = performance.now();
  const free = [...diners];
  const inFlight = new Set<Promise<void>>();
  for (let i = 0; i < RATE * seconds; i++) {
    const wait = started + i * interval - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const diner = free.shift();
    if (!diner) {
      tally.statuses.notSent = (tally.statuses.notSent ?? 0) + 1;
      continue;
    }
    const request: Promise<void> = placeOne(base, info, diner, i, tally).finally(() => {
      inFlight.delete(request);
      free.push(diner);
    });
    inFlight.add(request);
  }
  await Promise.all(inFlight);
  return (performance.now() - started) / 1000;
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

async function countPglite(dir: string, ids: number[]): Promise<Counts> {
  const database = await openPglite(dir);
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

async function runKind(kind: Kind): Promise<KindResult> {
  let cleanup: () => Promise<void>;
  let env: Record<string, string>;
  let count: (ids: number[]) => Promise<Counts>;
  if (kind === 'postgres') {
    const fresh = await createPostgresTestDatabaseUrl(ADMIN_URL);
    env = { BENCH_DATABASE_URL: fresh.url };
    count = (ids) => countPostgres(fresh.url, ids);
    cleanup = fresh.drop;
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'tablo-bench-pglite-'));
    env = { BENCH_DATA_DIR: dir };
    count = (ids) => countPglite(dir, ids);
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  }
  try {
    const { child, info } = await startBenchApp({ ...env, BENCH_TABLES: String(TABLES) });
    const warmup = newTally();
    const measured = newTally();
    const capacity = newTally();
    let seconds: number;
    let capacitySeconds: number;
    let cpuMs: number;
    try {
      const base = `http://127.0.0.1:${info.port}`;
      const diners = await joinDiners(base, info);
      await flatOut(base, info, diners, warmup, WARMUP_SECONDS);
      const cpuBefore = processCpuMs(child.pid);
      seconds = await atRate(base, info, diners, measured, SECONDS);
      cpuMs = processCpuMs(child.pid) - cpuBefore;
      capacitySeconds = await flatOut(base, info, diners, capacity, CAPACITY_SECONDS);
    } finally {
      await stopBenchApp(child);
    }
    const all = [warmup, measured, capacity];
    const acknowledgedIds = all.flatMap((tally) => tally.acknowledgedIds);
    const counts = await count(acknowledgedIds);
    const sorted = [...measured.latenciesMs].sort((a, b) => a - b);
    const acknowledged = acknowledgedIds.length;
    const statuses: Record<string, number> = {};
    for (const tally of all) {
      for (const [status, n] of Object.entries(tally.statuses))
        statuses[status] = (statuses[status] ?? 0) + n;
    }
    return {
      ordersPerSecond: round(measured.acknowledgedIds.length / seconds),
      p50Ms: round(percentile(sorted, 50)),
      p99Ms: round(percentile(sorted, 99)),
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
    await cleanup();
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
  const results: Partial<Record<Kind, KindResult>> = {};
  for (const kind of KINDS) {
    console.log(`bench:orders — ${kind}: ${DINERS} diners at ${TABLES} tables for ${SECONDS} s …`);
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
  const dir = join(HERE, 'results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'orders.json');
  writeFileSync(
    file,
    `${JSON.stringify({ measuredAt: new Date().toISOString(), targets: TARGETS, ...results }, null, 2)}\n`,
  );
  console.log(`wrote ${file}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

// `npm run bench:rush` (issue 11, point 1): a dinner rush against the real app, run as its own process, on
// PostgreSQL and on PGlite. BENCH_DINERS (500) diner sessions from one address — the restaurant's Wi-Fi,
// so the per-address abuse limits apply as shipped — joined to BENCH_TABLES (100) tables order at a fixed
// rate for BENCH_SECONDS (60) in an open loop; a waiter accepts every order; with every BENCH_PAY_EVERY-th
// (5th) order a diner pays its accepted items by cash and a waiter confirms. Only the per-session order
// limit is raised (a rush diner orders about once a second, a real one a few times a visit).
//
// Afterwards the rows are checked against the answers (server/test/reliability/rush-check.ts). Prints and
// writes to bench/results/rush.json: orders/s, p50/p99 of placing an order (and of accepting, paying,
// confirming), every non-2xx answer, the server's CPU per order (and PostgreSQL's, and this load
// generator's), the server's resident memory after the rush and the load average.
//
// Environment: BENCH_DATABASE_URL or TEST_DATABASE_URL (admin URL of a PostgreSQL server; a dedicated
// database is created and dropped), BENCH_KINDS (postgres,pglite), BENCH_RATE_POSTGRES (500) and
// BENCH_RATE_PGLITE (100) orders/s, BENCH_WARMUP_SECONDS (5, at the same rate, checked but not measured).
import { loadavg } from 'node:os';
import { checkRush, inconsistencies, type RushCheck } from '../server/test/reliability/rush-check.ts';
import { RushHttpClient } from '../server/test/reliability/rush-http.ts';
import {
  failures,
  joinDiners,
  newTally,
  percentile,
  type RushTally,
  runRush,
} from '../server/test/reliability/rush-load.ts';
import { startBenchApp } from './support/app-process.ts';
import { BENCH_KINDS, type BenchKind, createBenchDatabase } from './support/bench-database.ts';
import { cpuSpent, databaseCpuMs, ownCpuMs, processCpuMs, residentMb } from './support/cpu-sampling.ts';
import { round, runBench, writeResults } from './support/figures.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
const DINERS = Number(process.env.BENCH_DINERS ?? 500);
const TABLES = Number(process.env.BENCH_TABLES ?? 100);
const PAY_EVERY = Number(process.env.BENCH_PAY_EVERY ?? 5);
const REQUEST_TIMEOUT_MS = 10_000;
const STAFF_PASSWORD = 'bench-waiter-password';
const TARGETS: Record<BenchKind, { ordersPerSecond: number; p99Ms: number }> = {
  postgres: { ordersPerSecond: 500, p99Ms: 100 },
  pglite: { ordersPerSecond: 100, p99Ms: 250 },
};
const RATES: Record<BenchKind, number> = {
  postgres: Number(process.env.BENCH_RATE_POSTGRES ?? TARGETS.postgres.ordersPerSecond),
  pglite: Number(process.env.BENCH_RATE_PGLITE ?? TARGETS.pglite.ordersPerSecond),
};

function latencies(values: number[]) {
  return { p50Ms: round(percentile(values, 50)), p99Ms: round(percentile(values, 99)) };
}

async function runKind(kind: BenchKind) {
  const rate = RATES[kind];
  const prepared = await createBenchDatabase(kind, 'rush');
  try {
    const app = await startBenchApp({
      ...prepared.env,
      BENCH_TABLES: String(TABLES),
      BENCH_STAFF: '2',
      BENCH_STAFF_PASSWORD: STAFF_PASSWORD,
    });
    const { info } = app;
    const client = new RushHttpClient(app.base);
    const venue = {
      shortName: info.shortName,
      tables: info.tables,
      menuItemIds: info.menuItemIds,
      staff: info.staffEmails.map((email) => ({ email, password: STAFF_PASSWORD })),
    };
    const warmup = newTally();
    const measured = newTally();
    let serverCpuMs: number;
    let databaseMs = Number.NaN;
    let clientMs: number;
    let rssMb: number;
    let loadAverage: number[];
    try {
      const diners = await joinDiners(client, venue, DINERS, warmup, { timeoutMs: REQUEST_TIMEOUT_MS });
      const options = { ordersPerSecond: rate, payEvery: PAY_EVERY, timeoutMs: REQUEST_TIMEOUT_MS };
      if (WARMUP_SECONDS > 0)
        await runRush(client, venue, diners, { ...options, seconds: WARMUP_SECONDS }, warmup);
      const databaseBefore = prepared.url ? await databaseCpuMs(prepared.url) : null;
      const clientBefore = ownCpuMs();
      const cpuBefore = processCpuMs(app.child.pid);
      await runRush(client, venue, diners, { ...options, seconds: SECONDS }, measured);
      serverCpuMs = processCpuMs(app.child.pid) - cpuBefore;
      clientMs = ownCpuMs() - clientBefore;
      rssMb = residentMb(app.child.pid);
      loadAverage = loadavg();
      if (prepared.url && databaseBefore)
        databaseMs = cpuSpent(databaseBefore, await databaseCpuMs(prepared.url));
    } finally {
      client.close();
      await app.stop();
    }
    const all = merge(warmup, measured);
    const database = await prepared.open();
    let check: RushCheck;
    try {
      check = await checkRush(database.db, all);
    } finally {
      await database.close();
    }
    const orders = Math.max(1, measured.orders.length);
    return {
      ordersPerSecond: round(measured.orders.length / measured.seconds),
      offeredPerSecond: rate,
      order: latencies(measured.latencyMs.order),
      accept: latencies(measured.latencyMs.accept),
      payCreate: latencies(measured.latencyMs.payCreate),
      payConfirm: latencies(measured.latencyMs.payConfirm),
      paymentsPerSecond: round(measured.paid.length / measured.seconds),
      nonSuccess: failures(all),
      notSent: measured.notSent,
      statuses: measured.statuses,
      ...check,
      inconsistencies: inconsistencies(check),
      serverCpuMsPerOrder: round(serverCpuMs / orders, 2),
      databaseCpuMsPerOrder: round(databaseMs / orders, 2),
      loadGeneratorCpuMsPerOrder: round(clientMs / orders, 2),
      serverRssMbAfterRush: round(rssMb),
      loadAverage: loadAverage.map((value) => round(value, 2)),
      diners: DINERS,
      tables: TABLES,
      payEvery: PAY_EVERY,
      seconds: round(measured.seconds, 2),
    };
  } finally {
    await prepared.remove();
  }
}

/** Both phases' answers, for the row check (the warm-up's orders are in the database too). */
function merge(a: RushTally, b: RushTally): RushTally {
  const statuses = { ...a.statuses };
  for (const [key, n] of Object.entries(b.statuses)) statuses[key] = (statuses[key] ?? 0) + n;
  return {
    orders: [...a.orders, ...b.orders],
    accepted: [...a.accepted, ...b.accepted],
    paid: [...a.paid, ...b.paid],
    unansweredConfirmations: [...a.unansweredConfirmations, ...b.unansweredConfirmations],
    latencyMs: b.latencyMs,
    statuses,
    notSent: a.notSent + b.notSent,
    seconds: a.seconds + b.seconds,
  };
}

async function main(): Promise<void> {
  const results: Partial<Record<BenchKind, Awaited<ReturnType<typeof runKind>>>> = {};
  let failed = false;
  for (const kind of BENCH_KINDS) {
    console.log(
      `bench:rush — ${kind}: ${DINERS} diners at ${TABLES} tables, ${RATES[kind]} orders/s offered for ${SECONDS} s, a payment with every ${PAY_EVERY}th order …`,
    );
    const r = await runKind(kind);
    results[kind] = r;
    const target = TARGETS[kind];
    const clean = Object.keys(r.nonSuccess).length === 0 && r.inconsistencies.length === 0;
    const met = clean && r.ordersPerSecond >= target.ordersPerSecond && r.order.p99Ms <= target.p99Ms;
    failed ||= !clean;
    console.log(
      `  ${kind}: ${r.ordersPerSecond} orders/s (offered ${r.offeredPerSecond}, not sent ${r.notSent}), ` +
        `order p50 ${r.order.p50Ms} ms / p99 ${r.order.p99Ms} ms, accept p99 ${r.accept.p99Ms} ms, ` +
        `${r.paymentsPerSecond} payments/s (create p99 ${r.payCreate.p99Ms} ms, confirm p99 ${r.payConfirm.p99Ms} ms); ` +
        `non-2xx ${JSON.stringify(r.nonSuccess)}; acknowledged ${r.acknowledged}, stored ${r.stored}, lost ${r.lost}, ` +
        `duplicated ${r.duplicated}, rows ${r.inconsistencies.length === 0 ? 'consistent' : `INCONSISTENT: ${r.inconsistencies.join('; ')}`}; ` +
        `per order: server CPU ${r.serverCpuMsPerOrder} ms, PostgreSQL CPU ${r.databaseCpuMsPerOrder} ms, ` +
        `load generator CPU ${r.loadGeneratorCpuMsPerOrder} ms; server RSS after the rush ${r.serverRssMbAfterRush} MB; ` +
        `load average ${r.loadAverage.join(' ')} — ${met ? 'meets the targets' : 'MISSES the targets'} ` +
        `(≥ ${target.ordersPerSecond}/s, p99 ≤ ${target.p99Ms} ms, only 2xx, rows consistent)`,
    );
  }
  writeResults('rush', { targets: TARGETS, ...results });
  if (failed) process.exitCode = 1;
}

runBench(main);

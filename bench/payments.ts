// `npm run bench:payments`: diners pay at many tables at once against the real app on PostgreSQL while
// other orders are being placed and accepted. Each payment is created (POST /api/payments, cash, one of
// the diner's accepted lines) and confirmed by a waiter (POST /api/staff/payments/:id/confirm).
// Afterwards the rows are checked: every confirmed payment SUCCEEDED, no unit paid twice, the paid units
// add up to the succeeded payments (a confirmation that timed out may have succeeded: not an error).
// Writes bench/results/payments.json; prints payments/s and p50/p99, and per payment (orders placed
// meanwhile included) the CPU of the server, of PostgreSQL's backends for the bench database and of this
// load generator, the statements the app sent (counted in support/payments-app.ts) and the load average —
// the machine is shared, so the CPU figures say more than the rate when it is busy.
//
// Phases: a stock of accepted orders is placed first (not measured); BENCH_WARMUP_SECONDS (3) of
// payments; BENCH_SECONDS (10) at BENCH_PAYMENT_RATE payments/s (220) offered in an open loop, with
// BENCH_ORDER_RATE orders/s (40) placed and accepted meanwhile — payments/s, p50 and p99 come from here.
//
// Environment: BENCH_DATABASE_URL or TEST_DATABASE_URL (an admin URL of a PostgreSQL server; a dedicated
// database is created and dropped; default postgres://postgres@127.0.0.1:5432/test), BENCH_DINERS (200),
// BENCH_TABLES (100).
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createPostgresTestDatabaseUrl } from '../server/test/helpers/test-database.ts';
import { cpuSpent, databaseCpuMs, ownCpuMs, processCpuMs } from './support/cpu-sampling.ts';
import { type HttpAnswer, httpCall } from './support/http-client.ts';
import type { PaymentsBenchAppInfo } from './support/payments-app.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const RATE = Number(process.env.BENCH_PAYMENT_RATE ?? 220);
const ORDER_RATE = Number(process.env.BENCH_ORDER_RATE ?? 40);
const DINERS = Number(process.env.BENCH_DINERS ?? 200);
const TABLES = Number(process.env.BENCH_TABLES ?? 100);
const LINES_PER_ORDER = 8;
const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const REQUEST_TIMEOUT_MS = 10_000;
const TARGETS = { paymentsPerSecond: 200, p99Ms: 150 };
const HERE = fileURLToPath(new URL('.', import.meta.url));

interface Line {
  orderItemId: number;
  quantity: number;
  amount: number;
}

interface Diner {
  sessionId: string;
  tableId: number;
  ip: string;
  lines: Line[];
}

interface Staff {
  cookie: string;
  csrf: string;
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

interface App {
  child: ChildProcess;
  info: PaymentsBenchAppInfo;
  /** Statements the app has sent to PostgreSQL so far (support/payments-app.ts counts them). */
  statements(): Promise<number>;
}

async function startApp(env: Record<string, string>): Promise<App> {
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(
    process.execPath,
    [...nodeArgs, '--import', 'tsx', join(HERE, 'support', 'payments-app.ts')],
    {
      cwd: HERE,
      env: { ...process.env, ...env, BENCH_TABLES: String(TABLES) },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const info = await new Promise<PaymentsBenchAppInfo>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the app exited (${code}) before listening`)));
    lines.once('line', (line) => resolve(JSON.parse(line) as PaymentsBenchAppInfo));
  });
  const statements = () =>
    new Promise<number>((resolve) => {
      lines.once('line', (line) => resolve((JSON.parse(line) as { statements: number }).statements));
      child.kill('SIGUSR2');
    });
  return { child, info, statements };
}

async function stopApp(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  await exited;
}

function call(
  base: string,
  path: string,
  ip: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<HttpAnswer> {
  return httpCall(`${base}/api${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, ...init.headers },
    timeoutMs: REQUEST_TIMEOUT_MS,
  });
}

async function joinDiners(base: string, info: PaymentsBenchAppInfo): Promise<Diner[]> {
  const diners: Diner[] = [];
  for (let start = 0; start < DINERS; start += 20) {
    const batch = Array.from({ length: Math.min(20, DINERS - start) }, async (_, offset) => {
      const i = start + offset;
      const ip = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
      const table = info.tables[i % info.tables.length];
      if (!table) throw new Error('no tables');
      const issued = await call(base, '/order/uuid', ip);
      const { uuid: sessionId } = issued.json() as { uuid: string };
      const joined = await call(base, '/table-sessions', ip, {
        method: 'POST',
        body: JSON.stringify({ shortName: info.shortName, tableId: table.id, token: table.token, sessionId }),
      });
      if (joined.status !== 200) throw new Error(`join: ${joined.status} ${joined.text()}`);
      return { sessionId, tableId: table.id, ip, lines: [] };
    });
    diners.push(...(await Promise.all(batch)));
  }
  return diners;
}

async function logIn(base: string, info: PaymentsBenchAppInfo): Promise<Staff> {
  const response = await call(base, '/staff/login', '127.0.0.1', {
    method: 'POST',
    body: JSON.stringify({ email: info.staffEmail, password: info.staffPassword }),
  });
  if (response.status !== 200) throw new Error(`login: ${response.status}`);
  const cookie = (response.header('set-cookie') ?? '').split(';')[0] ?? '';
  const { csrfToken } = response.json() as { csrfToken: string };
  return { cookie, csrf: csrfToken };
}

function asStaff(staff: Staff): Record<string, string> {
  return { cookie: staff.cookie, 'x-csrf-token': staff.csrf };
}

/** A request that got no answer: `timeout`, or `error-<code>` (e.g. error-ECONNRESET). */
function failureOf(error: unknown): string {
  if (error instanceof Error && error.name === 'TimeoutError') return 'timeout';
  const code = (error as { code?: unknown } | null)?.code;
  return `error-${typeof code === 'string' ? code : error instanceof Error ? error.name : 'unknown'}`;
}

/** One order of LINES_PER_ORDER lines, accepted by the waiter: its lines join the diner's payable stock. */
async function orderAndAccept(
  base: string,
  info: PaymentsBenchAppInfo,
  staff: Staff,
  diner: Diner,
  n: number,
): Promise<string> {
  try {
    return await placeAndAccept(base, info, staff, diner, n);
  } catch (error) {
    return `order-${failureOf(error)}`;
  }
}

async function placeAndAccept(
  base: string,
  info: PaymentsBenchAppInfo,
  staff: Staff,
  diner: Diner,
  n: number,
) {
  const items = Array.from({ length: LINES_PER_ORDER }, (_, i) => {
    const item = info.menuItems[(n + i) % info.menuItems.length] as { id: number; price: number };
    return { menuItemId: item.id, quantity: 1 + ((n + i) % 2) };
  });
  const placed = await call(base, '/orders', diner.ip, {
    method: 'POST',
    headers: { 'idempotency-key': `bench-${randomUUID()}` },
    body: JSON.stringify({ sessionId: diner.sessionId, tableId: diner.tableId, items }),
  });
  if (placed.status !== 201) return `order-${placed.status}`;
  const order = placed.json() as {
    id: number;
    items: { id: number; unitPrice: number; quantity: number }[];
  };
  const accepted = await call(base, `/staff/orders/${order.id}`, '127.0.0.1', {
    method: 'PATCH',
    headers: asStaff(staff),
    body: JSON.stringify({ status: 'ACCEPTED' }),
  });
  if (accepted.status !== 200) return `accept-${accepted.status}`;
  for (const line of order.items) {
    diner.lines.push({
      orderItemId: line.id,
      quantity: line.quantity,
      amount: line.unitPrice * line.quantity,
    });
  }
  return 'ok';
}

interface Tally {
  confirmed: string[];
  /** Confirmations sent but not answered (timed out): the payment may or may not have succeeded. */
  uncertain: string[];
  createMs: number[];
  confirmMs: number[];
  paymentMs: number[];
  statuses: Record<string, number>;
  orders: number;
}

function newTally(): Tally {
  return {
    confirmed: [],
    uncertain: [],
    createMs: [],
    confirmMs: [],
    paymentMs: [],
    statuses: {},
    orders: 0,
  };
}

function count(tally: Tally, status: string): void {
  tally.statuses[status] = (tally.statuses[status] ?? 0) + 1;
}

/** One payment: the diner pays one of its lines by cash; the waiter confirms it. */
async function payOne(base: string, staff: Staff, diner: Diner, line: Line, tally: Tally): Promise<void> {
  const t0 = performance.now();
  try {
    const created = await call(base, '/payments', diner.ip, {
      method: 'POST',
      headers: { 'idempotency-key': `pay-${randomUUID()}`, 'x-session-id': diner.sessionId },
      body: JSON.stringify({
        tableId: diner.tableId,
        method: 'CASH',
        selection: { kind: 'items', items: [{ orderItemId: line.orderItemId, quantity: line.quantity }] },
        expectedAmount: line.amount,
      }),
    });
    const t1 = performance.now();
    if (created.status !== 201) {
      count(tally, `create-${created.status}`);
      return;
    }
    const { id } = created.json() as { id: string };
    const confirmed = await call(base, `/staff/payments/${id}/confirm`, '127.0.0.1', {
      method: 'POST',
      headers: asStaff(staff),
      body: '{}',
    }).catch((error: unknown) => {
      tally.uncertain.push(id);
      throw error;
    });
    const t2 = performance.now();
    if (confirmed.status !== 200) {
      count(tally, `confirm-${confirmed.status}`);
      return;
    }
    count(tally, 'paid');
    tally.confirmed.push(id);
    tally.createMs.push(t1 - t0);
    tally.confirmMs.push(t2 - t1);
    tally.paymentMs.push(t2 - t0);
  } catch (error) {
    count(tally, failureOf(error));
  }
}

/**
 * Open loop: payments arrive at RATE per second (and orders at ORDER_RATE) whether or not earlier ones
 * have been answered. A payment goes to the diner who has waited longest among those not paying right
 * now and with a line left; when there is none, the arrival is counted as `notSent`.
 */
async function atRate(
  base: string,
  info: PaymentsBenchAppInfo,
  staff: Staff,
  diners: Diner[],
  tally: Tally,
  seconds: number,
) {
  const started = performance.now();
  const free = [...diners];
  const inFlight = new Set<Promise<void>>();
  const track = (request: Promise<void>) => {
    inFlight.add(request);
    void request.finally(() => inFlight.delete(request));
  };
  const total = RATE * seconds;
  const orderEvery = ORDER_RATE > 0 ? Math.max(1, Math.round(RATE / ORDER_RATE)) : 0;
  for (let i = 0; i < total; i++) {
    const wait = started + (i * 1000) / RATE - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    if (orderEvery && i % orderEvery === 0) {
      const orderer = diners[(i / orderEvery) % diners.length] as Diner;
      track(
        orderAndAccept(base, info, staff, orderer, i).then((status) => {
          if (status === 'ok') tally.orders++;
          else count(tally, status);
        }),
      );
    }
    const index = free.findIndex((diner) => diner.lines.length > 0);
    const diner = index >= 0 ? free.splice(index, 1)[0] : undefined;
    const line = diner?.lines.shift();
    if (!diner || !line) {
      count(tally, 'notSent');
      continue;
    }
    track(
      payOne(base, staff, diner, line, tally).finally(() => {
        free.push(diner);
      }),
    );
  }
  await Promise.all(inFlight);
  return (performance.now() - started) / 1000;
}

interface Check {
  succeeded: number;
  confirmedFound: number;
  /** Succeeded payments that were neither confirmed nor among the unanswered confirmations. */
  unexplained: number;
  overpaid: number;
  paidUnitsAmount: number;
  succeededAmount: number;
  pending: number;
}

async function check(url: string, confirmed: string[], uncertain: string[]): Promise<Check> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<Check>(
      `select
        (select count(*) from payment where status = 'SUCCEEDED')::int as succeeded,
        (select count(*) from payment where status = 'SUCCEEDED' and id = any($1::uuid[]))::int as "confirmedFound",
        (select count(*) from payment where status = 'SUCCEEDED'
          and not id = any($1::uuid[]) and not id = any($2::uuid[]))::int as unexplained,
        (select count(*) from order_item where paid_quantity > quantity)::int as overpaid,
        (select coalesce(sum(paid_quantity * unit_price), 0) from order_item)::int as "paidUnitsAmount",
        (select coalesce(sum(amount), 0) from payment where status = 'SUCCEEDED')::int as "succeededAmount",
        (select count(*) from payment where status = 'PENDING')::int as pending`,
      [confirmed, uncertain],
    );
    const row = result.rows[0];
    if (!row) throw new Error('no counts');
    return row;
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  console.log(
    `bench:payments — ${DINERS} diners at ${TABLES} tables, ${RATE} payments/s and ${ORDER_RATE} orders/s for ${SECONDS} s …`,
  );
  const fresh = await createPostgresTestDatabaseUrl(ADMIN_URL);
  try {
    const { child, info, statements } = await startApp({ BENCH_DATABASE_URL: fresh.url });
    const warmup = newTally();
    const measured = newTally();
    let seconds: number;
    let cpuMs: number;
    let databaseMs: number;
    let clientMs: number;
    let statementCount: number;
    let loadAverage: number[];
    try {
      const base = `http://127.0.0.1:${info.port}`;
      const diners = await joinDiners(base, info);
      const staff = await logIn(base, info);
      // The stock: enough accepted lines for every payment of the run, placed before it (not measured).
      const linesNeeded = Math.ceil(RATE * (SECONDS + WARMUP_SECONDS) * 1.3);
      const ordersPerDiner = Math.ceil(linesNeeded / LINES_PER_ORDER / diners.length);
      const stockStarted = performance.now();
      let n = 0;
      for (let round = 0; round < ordersPerDiner; round++) {
        for (let start = 0; start < diners.length; start += 25) {
          const statuses = await Promise.all(
            diners.slice(start, start + 25).map((diner) => orderAndAccept(base, info, staff, diner, n++)),
          );
          for (const status of statuses) if (status !== 'ok') count(warmup, `stock-${status}`);
        }
      }
      console.log(`  stock: ${n} orders accepted in ${round1((performance.now() - stockStarted) / 1000)} s`);
      await atRate(base, info, staff, diners, warmup, WARMUP_SECONDS);
      const databaseBefore = await databaseCpuMs(fresh.url);
      const statementsBefore = await statements();
      const clientBefore = ownCpuMs();
      const cpuBefore = processCpuMs(child.pid);
      seconds = await atRate(base, info, staff, diners, measured, SECONDS);
      cpuMs = processCpuMs(child.pid) - cpuBefore;
      clientMs = ownCpuMs() - clientBefore;
      loadAverage = loadavg();
      statementCount = (await statements()) - statementsBefore;
      databaseMs = cpuSpent(databaseBefore, await databaseCpuMs(fresh.url));
    } finally {
      await stopApp(child);
    }
    const confirmed = [...warmup.confirmed, ...measured.confirmed];
    const uncertain = [...warmup.uncertain, ...measured.uncertain];
    const checked = await check(fresh.url, confirmed, uncertain);
    const paid = Math.max(1, measured.confirmed.length);
    const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
    const create = sorted(measured.createMs);
    const confirm = sorted(measured.confirmMs);
    const payment = sorted(measured.paymentMs);
    const result = {
      paymentsPerSecond: round(measured.confirmed.length / seconds),
      offeredPerSecond: RATE,
      createP50Ms: round(percentile(create, 50)),
      createP99Ms: round(percentile(create, 99)),
      confirmP50Ms: round(percentile(confirm, 50)),
      confirmP99Ms: round(percentile(confirm, 99)),
      paymentP50Ms: round(percentile(payment, 50)),
      paymentP99Ms: round(percentile(payment, 99)),
      ordersPerSecondMeanwhile: round(measured.orders / seconds),
      // Per payment, with the orders placed meanwhile included (BENCH_ORDER_RATE=0 isolates payments).
      serverCpuMsPerPayment: round(cpuMs / paid, 2),
      databaseCpuMsPerPayment: round(databaseMs / paid, 2),
      loadGeneratorCpuMsPerPayment: round(clientMs / paid, 2),
      statementsPerPayment: round(statementCount / paid, 1),
      loadAverage: loadAverage.map((value) => round(value, 2)),
      statuses: measured.statuses,
      warmupStatuses: warmup.statuses,
      confirmed: confirmed.length,
      unansweredConfirmations: uncertain.length,
      succeededStored: checked.succeeded,
      confirmedFound: checked.confirmedFound,
      overpaidLines: checked.overpaid,
      paidUnitsAmount: checked.paidUnitsAmount,
      succeededAmount: checked.succeededAmount,
      pendingLeft: checked.pending,
      diners: DINERS,
      tables: TABLES,
      seconds: round(seconds, 2),
    };
    // A confirmation that timed out may have succeeded on the server: it is neither required nor an error.
    const consistent =
      checked.overpaid === 0 &&
      checked.confirmedFound === confirmed.length &&
      checked.unexplained === 0 &&
      checked.paidUnitsAmount === checked.succeededAmount;
    const p99 = Math.max(result.createP99Ms, result.confirmP99Ms);
    const ok = result.paymentsPerSecond >= TARGETS.paymentsPerSecond && p99 <= TARGETS.p99Ms && consistent;
    console.log(
      `  postgres: ${result.paymentsPerSecond} payments/s (created + confirmed), ` +
        `create p50 ${result.createP50Ms} ms / p99 ${result.createP99Ms} ms, ` +
        `confirm p50 ${result.confirmP50Ms} ms / p99 ${result.confirmP99Ms} ms, ` +
        `${result.ordersPerSecondMeanwhile} orders/s meanwhile; per payment (orders included): server CPU ` +
        `${result.serverCpuMsPerPayment} ms, PostgreSQL CPU ${result.databaseCpuMsPerPayment} ms, load generator CPU ` +
        `${result.loadGeneratorCpuMsPerPayment} ms, ${result.statementsPerPayment} statements; ` +
        `load average ${result.loadAverage.join(' ')}; ` +
        `statuses ${JSON.stringify(result.statuses)}, rows ${consistent ? 'consistent' : 'INCONSISTENT'} — ` +
        `${ok ? 'meets the targets' : 'MISSES the targets'} (≥ ${TARGETS.paymentsPerSecond}/s, p99 ≤ ${TARGETS.p99Ms} ms)`,
    );
    const dir = join(HERE, 'results');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'payments.json');
    writeFileSync(
      file,
      `${JSON.stringify({ measuredAt: new Date().toISOString(), targets: TARGETS, postgres: result }, null, 2)}\n`,
    );
    console.log(`wrote ${file}`);
    if (!consistent) process.exitCode = 1;
  } finally {
    await fresh.drop();
  }
}

function round1(value: number): number {
  return round(value, 1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

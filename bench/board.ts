// `npm run bench:board`: how long an order placed by a diner takes to appear on a connected staff board,
// with BENCH_TABLES (50) tables busy — BENCH_DINERS_PER_TABLE (2) diners each, joined with the table's
// QR token, ordering in an open loop at BENCH_RATE orders/s (25) over all tables — and BENCH_BOARDS (2)
// staff boards connected to /api/staff/ws with their cookie and cursors, as the console does. The real
// app runs in a child process (support/orders-app.ts) on PostgreSQL and on PGlite.
//
// Latency per order and board: from the start of the diner's POST /api/orders to the board receiving
// the order's `order.placed` (placed → board, the figure against the target: it contains the order's
// own processing, so it bounds commit → board from above). Also from the POST's answer to the board
// (answered → board; negative when the board heard of the order before the diner's phone did).
// BENCH_WARMUP_SECONDS (3) of warm-up are not counted; then BENCH_SECONDS (20) measured.
// Writes bench/results/board.json and prints p50/p95/p99 per database.
//
// Environment: BENCH_DATABASE_URL or TEST_DATABASE_URL (an admin URL of a PostgreSQL server; a dedicated
// database is created and dropped; default postgres://postgres@127.0.0.1:5432/test), BENCH_KINDS
// (postgres,pglite; postgres is skipped with a note when no server answers).
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatStaffSince, StaffBoardSchema } from '@tablo/contract/staff';
import pg from 'pg';
import WebSocket from 'ws';
import { createPostgresTestDatabaseUrl } from '../server/src/testing/test-database.ts';
import { startBenchApp, stopBenchApp } from './support/app-process.ts';
import type { BenchAppInfo } from './support/orders-app.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const RATE = Number(process.env.BENCH_RATE ?? 25);
const TABLES = Number(process.env.BENCH_TABLES ?? 50);
const DINERS_PER_TABLE = Number(process.env.BENCH_DINERS_PER_TABLE ?? 2);
const BOARDS = Number(process.env.BENCH_BOARDS ?? 2);
const KINDS = (process.env.BENCH_KINDS ?? 'postgres,pglite').split(',') as Kind[];
const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const REQUEST_TIMEOUT_MS = 10_000;
/** How long to wait for the last receipts after the load stops. */
const DRAIN_MS = 10_000;
const TARGET = { p99Ms: 200 };
const STAFF_PASSWORD = `bench-${randomUUID()}`;
const HERE = fileURLToPath(new URL('.', import.meta.url));

type Kind = 'postgres' | 'pglite';

interface Diner {
  sessionId: string;
  tableId: number;
  ip: string;
}

interface Placed {
  startedAt: number;
  answeredAt: number;
  measured: boolean;
}

interface Board {
  socket: WebSocket;
  /** Order id → when its order.placed arrived. */
  receipts: Map<number, number>;
}

interface KindResult {
  placedToBoard: { p50Ms: number; p95Ms: number; p99Ms: number; maxMs: number };
  answeredToBoard: { p50Ms: number; p95Ms: number; p99Ms: number };
  postAnswer: { p50Ms: number; p99Ms: number };
  orders: number;
  samples: number;
  missing: number;
  failedOrders: number;
  offeredPerSecond: number;
  tables: number;
  diners: number;
  boards: number;
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

async function call(base: string, path: string, ip: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${base}/api${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, ...init.headers },
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
}

async function joinDiners(base: string, info: BenchAppInfo): Promise<Diner[]> {
  const diners: Diner[] = [];
  const total = TABLES * DINERS_PER_TABLE;
  for (let start = 0; start < total; start += 20) {
    const batch = Array.from({ length: Math.min(20, total - start) }, async (_, offset) => {
      const i = start + offset;
      const ip = `10.1.${(i >> 8) & 255}.${i & 255}`;
      const table = info.tables[i % info.tables.length];
      if (!table) throw new Error('no tables');
      const { uuid: sessionId } = (await (await call(base, '/order/uuid', ip)).json()) as { uuid: string };
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

/** A board as the console opens it: log in, read the board, connect with its cursors, wait for ready. */
async function openBoard(base: string, email: string, n: number): Promise<Board> {
  const ip = `10.2.0.${n}`;
  const login = await call(base, '/staff/login', ip, {
    method: 'POST',
    body: JSON.stringify({ email, password: STAFF_PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`staff login: ${login.status} ${await login.text()}`);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const board = StaffBoardSchema.parse(
    await (await call(base, '/staff/board', ip, { headers: { cookie } })).json(),
  );
  const receipts = new Map<number, number>();
  const socket = new WebSocket(
    `${base.replace(/^http/, 'ws')}/api/staff/ws?since=${formatStaffSince(board.cursors)}`,
    { headers: { cookie }, origin: base },
  );
  await new Promise<void>((resolve, reject) => {
    socket.on('message', (data) => {
      const at = performance.now();
      const message = JSON.parse(String(data)) as { type: string; order?: { id: number } };
      if (message.type === 'order.placed' && message.order) receipts.set(message.order.id, at);
      else if (message.type === 'ready') resolve();
    });
    socket.once('close', (code) => reject(new Error(`board socket closed (${code})`)));
    socket.once('error', reject);
  });
  return { socket, receipts };
}

async function placeOne(base: string, info: BenchAppInfo, diner: Diner, n: number) {
  const items = [{ menuItemId: info.menuItemIds[n % info.menuItemIds.length], quantity: 1 + (n % 2) }];
  const startedAt = performance.now();
  try {
    const response = await call(base, '/orders', diner.ip, {
      method: 'POST',
      headers: { 'idempotency-key': `board-${randomUUID()}` },
      body: JSON.stringify({ sessionId: diner.sessionId, tableId: diner.tableId, items }),
    });
    const body = (await response.json()) as { id?: number };
    const answeredAt = performance.now();
    return response.status === 201 && typeof body.id === 'number'
      ? { id: body.id, startedAt, answeredAt }
      : null;
  } catch {
    return null;
  }
}

/** Open loop at RATE/s: each arrival goes to the diner free the longest (one order in flight per phone). */
async function load(base: string, info: BenchAppInfo, diners: Diner[], placed: Map<number, Placed>) {
  const seconds = WARMUP_SECONDS + SECONDS;
  const interval = 1000 / RATE;
  const started = performance.now();
  const measuredFrom = started + WARMUP_SECONDS * 1000;
  const free = [...diners];
  const inFlight = new Set<Promise<void>>();
  let failed = 0;
  for (let i = 0; i < RATE * seconds; i++) {
    const wait = started + i * interval - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const diner = free.shift();
    if (!diner) {
      failed++;
      continue;
    }
    const request: Promise<void> = placeOne(base, info, diner, i).then((result) => {
      inFlight.delete(request);
      free.push(diner);
      if (!result) failed++;
      else
        placed.set(result.id, {
          startedAt: result.startedAt,
          answeredAt: result.answeredAt,
          measured: result.startedAt >= measuredFrom,
        });
    });
    inFlight.add(request);
  }
  await Promise.all(inFlight);
  return failed;
}

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

async function runKind(kind: Kind): Promise<KindResult> {
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  if (kind === 'postgres') {
    const fresh = await createPostgresTestDatabaseUrl(ADMIN_URL);
    env = { BENCH_DATABASE_URL: fresh.url };
    cleanup = fresh.drop;
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'tablo-bench-board-'));
    env = { BENCH_DATA_DIR: dir };
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  }
  try {
    const { child, info } = await startBenchApp({
      ...env,
      BENCH_TABLES: String(TABLES),
      BENCH_STAFF: String(BOARDS),
      BENCH_STAFF_PASSWORD: STAFF_PASSWORD,
    });
    const placed = new Map<number, Placed>();
    const boards: Board[] = [];
    let failedOrders: number;
    try {
      const base = `http://127.0.0.1:${info.port}`;
      const diners = await joinDiners(base, info);
      for (const [n, email] of info.staffEmails.entries()) boards.push(await openBoard(base, email, n));
      failedOrders = await load(base, info, diners, placed);
      const deadline = performance.now() + DRAIN_MS;
      const unseen = () => boards.some((b) => [...placed.keys()].some((id) => !b.receipts.has(id)));
      while (performance.now() < deadline && unseen()) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      for (const board of boards) board.socket.terminate();
      await stopBenchApp(child);
    }
    const placedToBoard: number[] = [];
    const answeredToBoard: number[] = [];
    const postAnswer: number[] = [];
    let missing = 0;
    let orders = 0;
    for (const [id, order] of placed) {
      if (!order.measured) continue;
      orders++;
      postAnswer.push(order.answeredAt - order.startedAt);
      for (const board of boards) {
        const at = board.receipts.get(id);
        if (at === undefined) missing++;
        else {
          placedToBoard.push(at - order.startedAt);
          answeredToBoard.push(at - order.answeredAt);
        }
      }
    }
    for (const list of [placedToBoard, answeredToBoard, postAnswer]) list.sort((x, y) => x - y);
    return {
      placedToBoard: {
        p50Ms: round(percentile(placedToBoard, 50)),
        p95Ms: round(percentile(placedToBoard, 95)),
        p99Ms: round(percentile(placedToBoard, 99)),
        maxMs: round(placedToBoard.at(-1) ?? Number.NaN),
      },
      answeredToBoard: {
        p50Ms: round(percentile(answeredToBoard, 50)),
        p95Ms: round(percentile(answeredToBoard, 95)),
        p99Ms: round(percentile(answeredToBoard, 99)),
      },
      postAnswer: { p50Ms: round(percentile(postAnswer, 50)), p99Ms: round(percentile(postAnswer, 99)) },
      orders,
      samples: placedToBoard.length,
      missing,
      failedOrders,
      offeredPerSecond: RATE,
      tables: TABLES,
      diners: TABLES * DINERS_PER_TABLE,
      boards: boards.length,
      seconds: SECONDS,
    };
  } finally {
    await cleanup();
  }
}

async function main(): Promise<void> {
  const results: Partial<Record<Kind, KindResult | { skipped: string }>> = {};
  for (const kind of KINDS) {
    if (kind === 'postgres' && !(await postgresReachable())) {
      console.log(`bench:board — postgres: skipped, no server at ${ADMIN_URL.replace(/\/\/.*@/, '//…@')}`);
      results[kind] = { skipped: 'no PostgreSQL server reachable' };
      continue;
    }
    console.log(
      `bench:board — ${kind}: ${TABLES} tables, ${TABLES * DINERS_PER_TABLE} diners at ${RATE} orders/s, ` +
        `${BOARDS} boards, ${SECONDS} s …`,
    );
    const result = await runKind(kind);
    results[kind] = result;
    const { placedToBoard: p, answeredToBoard: a } = result;
    const ok = p.p99Ms <= TARGET.p99Ms && result.missing === 0;
    console.log(
      `  ${kind}: placed → board p50 ${p.p50Ms} ms, p95 ${p.p95Ms} ms, p99 ${p.p99Ms} ms (max ${p.maxMs}); ` +
        `answered → board p50 ${a.p50Ms}, p95 ${a.p95Ms}, p99 ${a.p99Ms} ms; POST p50 ${result.postAnswer.p50Ms}, ` +
        `p99 ${result.postAnswer.p99Ms} ms; ${result.orders} orders × ${result.boards} boards, ` +
        `missing ${result.missing}, failed orders ${result.failedOrders} — ` +
        `${ok ? 'meets' : 'MISSES'} the target (p99 ≤ ${TARGET.p99Ms} ms, nothing missing)`,
    );
  }
  const dir = join(HERE, 'results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'board.json');
  writeFileSync(
    file,
    `${JSON.stringify({ measuredAt: new Date().toISOString(), target: TARGET, ...results }, null, 2)}\n`,
  );
  console.log(`wrote ${file}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

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
import { formatStaffSince, StaffBoardSchema } from '@tablo/contract/staff';
import WebSocket from 'ws';
import { percentile } from '../server/test/reliability/rush-load.ts';
import { startBenchApp } from './support/app-process.ts';
import {
  ADMIN_URL,
  BENCH_KINDS,
  type BenchKind,
  createBenchDatabase,
  postgresReachable,
} from './support/bench-database.ts';
import { call, type Diner, joinDiners } from './support/diners.ts';
import { round, runBench, writeResults } from './support/figures.ts';
import { openLoop } from './support/open-loop.ts';
import type { BenchAppInfo } from './support/orders-app.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const RATE = Number(process.env.BENCH_RATE ?? 25);
const TABLES = Number(process.env.BENCH_TABLES ?? 50);
const DINERS_PER_TABLE = Number(process.env.BENCH_DINERS_PER_TABLE ?? 2);
const BOARDS = Number(process.env.BENCH_BOARDS ?? 2);
/** How long to wait for the last receipts after the load stops. */
const DRAIN_MS = 10_000;
const TARGET = { p99Ms: 200 };
const STAFF_PASSWORD = `bench-${randomUUID()}`;

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

/** RATE orders a second, open loop (support/open-loop.ts), over the warm-up and the measured seconds. */
async function load(base: string, info: BenchAppInfo, diners: Diner[], placed: Map<number, Placed>) {
  const measuredFrom = performance.now() + WARMUP_SECONDS * 1000;
  let failed = 0;
  const run = await openLoop(diners, RATE, WARMUP_SECONDS + SECONDS, async (diner, i) => {
    const result = await placeOne(base, info, diner, i);
    if (!result) failed++;
    else
      placed.set(result.id, {
        startedAt: result.startedAt,
        answeredAt: result.answeredAt,
        measured: result.startedAt >= measuredFrom,
      });
  });
  return failed + run.notSent;
}

async function runKind(kind: BenchKind): Promise<KindResult> {
  const database = await createBenchDatabase(kind, 'board');
  try {
    const app = await startBenchApp({
      ...database.env,
      BENCH_TABLES: String(TABLES),
      BENCH_STAFF: String(BOARDS),
      BENCH_STAFF_PASSWORD: STAFF_PASSWORD,
    });
    const placed = new Map<number, Placed>();
    const boards: Board[] = [];
    let failedOrders: number;
    try {
      const { base, info } = app;
      const diners = await joinDiners(
        base,
        info,
        TABLES * DINERS_PER_TABLE,
        (i) => `10.1.${(i >> 8) & 255}.${i & 255}`,
      );
      for (const [n, email] of info.staffEmails.entries()) boards.push(await openBoard(base, email, n));
      failedOrders = await load(base, info, diners, placed);
      const deadline = performance.now() + DRAIN_MS;
      const unseen = () => boards.some((b) => [...placed.keys()].some((id) => !b.receipts.has(id)));
      while (performance.now() < deadline && unseen()) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      for (const board of boards) board.socket.terminate();
      await app.stop();
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
    placedToBoard.sort((x, y) => x - y);
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
    await database.remove();
  }
}

async function main(): Promise<void> {
  const results: Partial<Record<BenchKind, KindResult | { skipped: string }>> = {};
  for (const kind of BENCH_KINDS) {
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
  writeResults('board', { target: TARGET, ...results });
}

runBench(main);

import type { OrderStatus } from '@tablo/contract/order';
import pg from 'pg';
import type { Diner } from './diner.ts';
import { sendUntilAnswered } from './diner.ts';
import type { StaffLive } from './staff-live.ts';

/**
 * A dinner service driven through the API — diners ordering with idempotency keys and checking "My
 * Table", a waiter moving orders on the board and confirming cash payments — and the checks against the
 * database that say nothing acknowledged was lost or doubled and every live client converged.
 */

export interface DemoTable {
  id: number;
  token: string;
}

export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The restaurant's enabled tables with the token their QR code carries. */
export function enabledTables(url: string, shortName: string): Promise<DemoTable[]> {
  return withClient(url, async (client) => {
    const result = await client.query<{ id: number; token: string }>(
      `select t.id, t.qr_token as token from dining_table t join restaurant r on r.id = t.restaurant_id
       where r.short_name = $1 and t.is_enabled order by t.table_number`,
      [shortName],
    );
    return result.rows;
  });
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * A diner orders one or two dishes, checks "My Table", pauses (`pauseMs`, 150–450 ms by default) and
 * again, until told to stop.
 */
export async function keepOrdering(
  diner: Diner,
  items: number[],
  stop: () => boolean,
  pauseMs: [number, number] = [150, 450],
): Promise<void> {
  let n = 0;
  while (!stop()) {
    const menuItemId = items[(n + diner.tableId) % items.length] ?? items[0] ?? 0;
    await diner.orderAndCheck([{ menuItemId, quantity: 1 + (n % 2) }]);
    n++;
    await sleep(pauseMs[0] + Math.random() * (pauseMs[1] - pauseMs[0]));
  }
}

/** A diner pays what is left at the table in cash every 0.8–1.6 s until told to stop. */
export async function keepPaying(diner: Diner, stop: () => boolean): Promise<void> {
  while (!stop()) {
    await sleep(800 + Math.random() * 800);
    await diner.payRest();
  }
}

export interface WaiterStats {
  moves: number;
  confirmations: number;
  /** Moves answered 409 — already made by an earlier attempt that the balancer lost the answer of. */
  alreadyDone: number;
}

/**
 * A waiter working the board over HTTP: accept what is placed, serve what is accepted, confirm pending cash
 * payments. Runs until `stop()` holds — with `drain`, until the board also has nothing left to do.
 */
export async function keepServing(
  staff: StaffLive,
  stop: () => boolean,
  options: { drain: boolean } = { drain: true },
): Promise<WaiterStats> {
  const stats: WaiterStats = { moves: 0, confirmations: 0, alreadyDone: 0 };
  for (;;) {
    let board: Awaited<ReturnType<StaffLive['readBoard']>>;
    try {
      board = await staff.readBoard();
    } catch {
      await sleep(200);
      continue;
    }
    let work = 0;
    if (stop() && !options.drain) return stats;
    for (const visit of board.visits) {
      for (const order of visit.orders) {
        const next = order.status === 'PLACED' ? 'ACCEPTED' : order.status === 'ACCEPTED' ? 'SERVED' : null;
        if (!next) continue;
        work++;
        const { response } = await sendUntilAnswered(() =>
          staff.request('PATCH', `/staff/orders/${order.id}`, { status: next }),
        );
        if (response.status === 200) stats.moves++;
        else if (response.status === 409) stats.alreadyDone++;
        else throw new Error(`move ${order.id} → ${next}: ${response.status} ${await response.text()}`);
        await response.body?.cancel();
      }
      for (const payment of visit.payments) {
        work++;
        const { response } = await sendUntilAnswered(() =>
          staff.request('POST', `/staff/payments/${payment.id}/confirm`, {}),
        );
        if (response.status !== 200)
          throw new Error(`confirm ${payment.id}: ${response.status} ${await response.text()}`);
        stats.confirmations++;
        await response.body?.cancel();
      }
    }
    if (work === 0 && stop()) return stats;
    await sleep(100);
  }
}

export interface DatabaseState {
  /** Visit id → (order id → status). */
  byVisit: Map<number, Map<number, OrderStatus>>;
  /** Order id → status of every open visit's orders of the restaurant (what a board shows). */
  openOrders: Map<number, OrderStatus>;
  /** Session id → (idempotency key → order id). */
  ordersBySession: Map<string, Map<string, number>>;
  /** Session id → (idempotency key → payment id). */
  paymentsBySession: Map<string, Map<string, string>>;
}

export function readDatabaseState(url: string, shortName: string): Promise<DatabaseState> {
  return withClient(url, async (client) => {
    const rows = await client.query<{
      id: number;
      status: OrderStatus;
      visit_id: number;
      session_id: string;
      idempotency_key: string;
      open: boolean;
    }>(
      `select o.id, o.status, o.visit_id, o.session_id, o.idempotency_key, v.closed_at is null as open
       from orders o join table_visit v on v.id = o.visit_id join dining_table t on t.id = v.table_id
       join restaurant r on r.id = t.restaurant_id where r.short_name = $1`,
      [shortName],
    );
    const state: DatabaseState = {
      byVisit: new Map(),
      openOrders: new Map(),
      ordersBySession: new Map(),
      paymentsBySession: new Map(),
    };
    for (const row of rows.rows) {
      const visit = state.byVisit.get(row.visit_id) ?? new Map<number, OrderStatus>();
      visit.set(row.id, row.status);
      state.byVisit.set(row.visit_id, visit);
      if (row.open) state.openOrders.set(row.id, row.status);
      const keys = state.ordersBySession.get(row.session_id) ?? new Map<string, number>();
      keys.set(row.idempotency_key, row.id);
      state.ordersBySession.set(row.session_id, keys);
    }
    const payments = await client.query<{ id: string; session_id: string; idempotency_key: string }>(
      `select p.id, p.session_id, p.idempotency_key from payment p join table_visit v on v.id = p.visit_id
       join dining_table t on t.id = v.table_id join restaurant r on r.id = t.restaurant_id
       where r.short_name = $1`,
      [shortName],
    );
    for (const row of payments.rows) {
      const keys = state.paymentsBySession.get(row.session_id) ?? new Map<string, string>();
      keys.set(row.idempotency_key, row.id);
      state.paymentsBySession.set(row.session_id, keys);
    }
    return state;
  });
}

function sameStatuses(a: ReadonlyMap<number, string>, b: ReadonlyMap<number, string>): boolean {
  if (a.size !== b.size) return false;
  for (const [id, status] of a) if (b.get(id) !== status) return false;
  return true;
}

/** What still differs between the live clients and the database (empty once every client converged). */
export function divergences(state: DatabaseState, diners: readonly Diner[], boards: readonly StaffLive[]) {
  const out: string[] = [];
  for (const diner of diners) {
    const expected = state.byVisit.get(diner.visitId) ?? new Map();
    const live = diner.live;
    if (live && !sameStatuses(live.orders, expected))
      out.push(`diner at table ${diner.tableId}: ${live.orders.size} orders live, ${expected.size} stored`);
  }
  for (const [i, board] of boards.entries()) {
    if (!sameStatuses(board.orders, state.openOrders))
      out.push(`board ${i}: ${board.orders.size} orders live, ${state.openOrders.size} stored`);
  }
  return out;
}

/** Polls until every live client shows the database's state; resolves with how long it took, or throws. */
export async function waitUntilConverged(
  url: string,
  shortName: string,
  diners: readonly Diner[],
  boards: readonly StaffLive[],
  timeoutMs: number,
): Promise<number> {
  const started = performance.now();
  let last: string[] = [];
  while (performance.now() - started < timeoutMs) {
    last = divergences(await readDatabaseState(url, shortName), diners, boards);
    if (last.length === 0) return performance.now() - started;
    await sleep(100);
  }
  throw new Error(`not converged within ${timeoutMs} ms: ${last.slice(0, 5).join('; ')}`);
}

/** Acknowledged orders and payments that the database lacks or holds under a key nobody sent. */
export function lostOrDoubled(state: DatabaseState, diners: readonly Diner[]): string[] {
  const out: string[] = [];
  for (const diner of diners) {
    const stored = state.ordersBySession.get(diner.sessionId) ?? new Map<string, number>();
    for (const [key, id] of diner.orders)
      if (stored.get(key) !== id) out.push(`order ${id} (${key}) acknowledged but not stored`);
    for (const [key, id] of stored)
      if (!diner.orders.has(key)) out.push(`order ${id} stored under a key never acknowledged`);
    const paid = state.paymentsBySession.get(diner.sessionId) ?? new Map<string, string>();
    for (const [key, id] of diner.payments)
      if (paid.get(key) !== id) out.push(`payment ${id} acknowledged but not stored`);
    for (const [key, id] of paid)
      if (!diner.payments.has(key)) out.push(`payment ${id} stored under a key never acknowledged`);
  }
  return out;
}

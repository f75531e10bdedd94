// A dinner rush against a running Tablo (issue 11, point 1), shared by `npm run bench:rush` and
// rush.test.ts: diner sessions joined to tables from one address (a restaurant's Wi-Fi), orders arriving
// at a fixed rate whether or not earlier ones were answered (open loop), every order accepted by a waiter,
// and diners paying their accepted items by cash, confirmed by a waiter. Every answer is tallied; what was
// acknowledged is compared with the rows afterwards (rush-check.ts).
import { randomUUID } from 'node:crypto';
import { failureOf, type RushAnswer, type RushHttpClient } from './rush-http.ts';

export interface RushVenue {
  shortName: string;
  tables: { id: number; token: string }[];
  menuItemIds: number[];
  staff: { email: string; password: string }[];
}

export interface RushOptions {
  seconds: number;
  ordersPerSecond: number;
  /** One payment starts with every `payEvery`-th order (by a diner with accepted, unpaid items). */
  payEvery: number;
  timeoutMs: number;
}

interface Line {
  orderItemId: number;
  quantity: number;
  amount: number;
}

export interface RushDiner {
  sessionId: string;
  tableId: number;
  lines: Line[];
}

interface Waiter {
  cookie: string;
  csrf: string;
}

export interface RushTally {
  /** Orders answered 201: id, session and idempotency key. */
  orders: { id: number; sessionId: string; key: string }[];
  accepted: number[];
  /** Payments created and confirmed (200). */
  paid: string[];
  /** Payments whose confirmation got no answer: they may or may not have succeeded. */
  unansweredConfirmations: string[];
  latencyMs: { order: number[]; accept: number[]; payCreate: number[]; payConfirm: number[] };
  /** Answers by request and status (`order 201`, `accept timeout` …). */
  statuses: Record<string, number>;
  /** Arrivals with every diner still waiting for an answer (not sent). */
  notSent: number;
  /** From the first arrival to the last answer. */
  seconds: number;
}

export function newTally(): RushTally {
  return {
    orders: [],
    accepted: [],
    paid: [],
    unansweredConfirmations: [],
    latencyMs: { order: [], accept: [], payCreate: [], payConfirm: [] },
    statuses: {},
    notSent: 0,
    seconds: 0,
  };
}

function count(tally: RushTally, what: string, status: string | number): void {
  const key = `${what} ${status}`;
  tally.statuses[key] = (tally.statuses[key] ?? 0) + 1;
}

/** Answers that are not 2xx, and requests that got no answer at all. */
export function failures(tally: RushTally): Record<string, number> {
  return Object.fromEntries(Object.entries(tally.statuses).filter(([key]) => !/ 2\d\d$/.test(key)));
}

async function timed(
  tally: RushTally,
  what: string,
  latencies: number[] | null,
  run: () => Promise<RushAnswer>,
  ok: number,
): Promise<RushAnswer | null> {
  const started = performance.now();
  try {
    const answer = await run();
    count(tally, what, answer.status);
    if (answer.status !== ok) return null;
    latencies?.push(performance.now() - started);
    return answer;
  } catch (error) {
    count(tally, what, failureOf(error));
    return null;
  }
}

/** `count` diners, each with a new session joined to a table (round robin), `concurrency` at a time. */
export async function joinDiners(
  client: RushHttpClient,
  venue: RushVenue,
  diners: number,
  tally: RushTally,
  options: { timeoutMs: number; concurrency?: number },
): Promise<RushDiner[]> {
  const joined: RushDiner[] = [];
  const concurrency = options.concurrency ?? 25;
  for (let start = 0; start < diners; start += concurrency) {
    const batch = Array.from({ length: Math.min(concurrency, diners - start) }, async (_, offset) => {
      const table = venue.tables[(start + offset) % venue.tables.length];
      if (!table) throw new Error('the venue has no tables');
      const issued = await timed(
        tally,
        'session',
        null,
        () => client.call('/api/order/uuid', { timeoutMs: options.timeoutMs }),
        200,
      );
      if (!issued) return;
      const { uuid: sessionId } = issued.json() as { uuid: string };
      const body = { shortName: venue.shortName, tableId: table.id, token: table.token, sessionId };
      const answer = await timed(
        tally,
        'join',
        null,
        () => client.call('/api/table-sessions', { method: 'POST', body, timeoutMs: options.timeoutMs }),
        200,
      );
      if (answer) joined.push({ sessionId, tableId: table.id, lines: [] });
    });
    await Promise.all(batch);
  }
  return joined;
}

async function logIn(client: RushHttpClient, staff: RushVenue['staff'][number], timeoutMs: number) {
  const answer = await client.call('/api/staff/login', { method: 'POST', body: staff, timeoutMs });
  if (answer.status !== 200) throw new Error(`staff log-in answered ${answer.status}`);
  const cookie = (answer.header('set-cookie') ?? '').split(';')[0] ?? '';
  const { csrfToken } = answer.json() as { csrfToken: string };
  return { cookie, csrf: csrfToken };
}

/**
 * Runs the rush: `ordersPerSecond` orders for `seconds`, each to the diner who has waited longest among
 * those not waiting for an answer (an arrival with none free is counted in notSent), every order then
 * accepted by a waiter, and every `payEvery`-th arrival also starts a payment.
 */
export async function runRush(
  client: RushHttpClient,
  venue: RushVenue,
  diners: RushDiner[],
  options: RushOptions,
  tally: RushTally,
): Promise<void> {
  const waiters = await Promise.all(venue.staff.map((staff) => logIn(client, staff, options.timeoutMs)));
  if (waiters.length === 0) throw new Error('the rush needs at least one waiter');
  const free = [...diners];
  const inFlight = new Set<Promise<void>>();
  const track = (work: Promise<void>, diner: RushDiner) => {
    inFlight.add(work);
    void work.finally(() => {
      inFlight.delete(work);
      free.push(diner);
    });
  };
  const started = performance.now();
  const arrivals = Math.round(options.ordersPerSecond * options.seconds);
  for (let i = 0; i < arrivals; i++) {
    const wait = started + (i * 1000) / options.ordersPerSecond - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const waiter = waiters[i % waiters.length] as Waiter;
    const diner = free.shift();
    if (diner) track(orderAndAccept(client, venue, waiter, diner, i, options, tally), diner);
    else tally.notSent++;
    if (options.payEvery > 0 && i % options.payEvery === options.payEvery - 1) {
      const index = free.findIndex((candidate) => candidate.lines.length > 0);
      const payer = index >= 0 ? free.splice(index, 1)[0] : undefined;
      if (payer) track(payAndConfirm(client, waiter, payer, options, tally), payer);
    }
  }
  while (inFlight.size > 0) await Promise.all(inFlight);
  tally.seconds = (performance.now() - started) / 1000;
}

async function orderAndAccept(
  client: RushHttpClient,
  venue: RushVenue,
  waiter: Waiter,
  diner: RushDiner,
  n: number,
  options: RushOptions,
  tally: RushTally,
): Promise<void> {
  const items = Array.from({ length: 1 + (n % 3) }, (_, i) => ({
    menuItemId: venue.menuItemIds[(n + i) % venue.menuItemIds.length] as number,
    quantity: 1 + ((n + i) % 2),
  }));
  const key = `rush-${randomUUID()}`;
  const placed = await timed(
    tally,
    'order',
    tally.latencyMs.order,
    () =>
      client.call('/api/orders', {
        method: 'POST',
        headers: { 'idempotency-key': key },
        body: { sessionId: diner.sessionId, tableId: diner.tableId, items },
        timeoutMs: options.timeoutMs,
      }),
    201,
  );
  if (!placed) return;
  const order = placed.json() as { id: number; items: { id: number; unitPrice: number; quantity: number }[] };
  tally.orders.push({ id: order.id, sessionId: diner.sessionId, key });
  // The diner may order again meanwhile; the waiter's accept is not on the diner's path.
  const accepted = await timed(
    tally,
    'accept',
    tally.latencyMs.accept,
    () =>
      client.call(`/api/staff/orders/${order.id}`, {
        method: 'PATCH',
        headers: { cookie: waiter.cookie, 'x-csrf-token': waiter.csrf },
        body: { status: 'ACCEPTED' },
        timeoutMs: options.timeoutMs,
      }),
    200,
  );
  if (!accepted) return;
  tally.accepted.push(order.id);
  for (const line of order.items) {
    diner.lines.push({
      orderItemId: line.id,
      quantity: line.quantity,
      amount: line.unitPrice * line.quantity,
    });
  }
}

async function payAndConfirm(
  client: RushHttpClient,
  waiter: Waiter,
  diner: RushDiner,
  options: RushOptions,
  tally: RushTally,
): Promise<void> {
  const lines = diner.lines.splice(0);
  const created = await timed(
    tally,
    'pay',
    tally.latencyMs.payCreate,
    () =>
      client.call('/api/payments', {
        method: 'POST',
        headers: { 'idempotency-key': `rush-pay-${randomUUID()}`, 'x-session-id': diner.sessionId },
        body: {
          tableId: diner.tableId,
          method: 'CASH',
          selection: {
            kind: 'items',
            items: lines.map((line) => ({ orderItemId: line.orderItemId, quantity: line.quantity })),
          },
          expectedAmount: lines.reduce((sum, line) => sum + line.amount, 0),
        },
        timeoutMs: options.timeoutMs,
      }),
    201,
  );
  if (!created) return;
  const { id } = created.json() as { id: string };
  const confirmed = await timed(
    tally,
    'confirm',
    tally.latencyMs.payConfirm,
    () =>
      client
        .call(`/api/staff/payments/${id}/confirm`, {
          method: 'POST',
          headers: { cookie: waiter.cookie, 'x-csrf-token': waiter.csrf },
          body: {},
          timeoutMs: options.timeoutMs,
        })
        .catch((error: unknown) => {
          tally.unansweredConfirmations.push(id);
          throw error;
        }),
    200,
  );
  if (confirmed) tally.paid.push(id);
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

import { randomUUID } from 'node:crypto';
import { type PayableResponse, PaymentSchema, type PaymentSelection } from '@tablo/contract/payment';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asStaff,
  createPaymentsApp,
  type PaymentsContext,
  pay,
  payable,
} from '../../../test/helpers/payments.ts';
import { type TestDatabaseKind, testDatabaseKinds } from '../../../test/helpers/test-database.ts';
import { dinerSession, orderItem, orders, tableVisit, visitSession } from '../../db/schema.ts';
import { SandboxProvider } from './providers/sandbox.ts';
import { amountOfShares } from './split-math.ts';

/**
 * Ten phones at one table pay at the same moment, round after round: "my items", "everything",
 * hand-picked parts of lines, equal shares and "the rest", by cash, card and the sandbox; then staff
 * confirm or cancel and the sandbox approves or declines, at random. After each round: no unit paid twice,
 * nothing reserved by a settled payment, paid + unpaid = the bill; then the rest is paid and the
 * succeeded payments add up to the bill exactly, the tips to the tips of the succeeded payments.
 *
 * PAYMENTS_RACE_ROUNDS (1000) on PostgreSQL, PAYMENTS_RACE_ROUNDS_PGLITE (50) on PGlite.
 */
const ROUNDS: Record<TestDatabaseKind, number> = {
  postgres: Number(process.env.PAYMENTS_RACE_ROUNDS ?? 1000),
  pglite: Number(process.env.PAYMENTS_RACE_ROUNDS_PGLITE ?? 50),
};
const PHONES = 10;
/** Rounds run at this many tables side by side (each round is still ten phones at one table). */
const TABLES = Number(process.env.PAYMENTS_RACE_TABLES ?? 5);
const SANDBOX_SECRET = 'race-test-sandbox-secret-0123456789';

/** A small deterministic generator (mulberry32), so a failing round can be replayed by its seed. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Attempt {
  selection: PaymentSelection;
  expectedAmount: number;
}

/** What one phone chooses, with the amount it shows (from the summary it read before the race). */
function choose(view: PayableResponse, rnd: () => number): Attempt | null {
  const free = view.lines.filter((line) => line.freeQuantity > 0);
  const items = (lines: typeof free, part: (line: (typeof free)[number]) => number): Attempt | null => {
    const picked = lines.map((line) => ({ line, quantity: part(line) })).filter((p) => p.quantity > 0);
    if (picked.length === 0) return null;
    return {
      selection: {
        kind: 'items',
        items: picked.map((p) => ({ orderItemId: p.line.orderItemId, quantity: p.quantity })),
      },
      expectedAmount: picked.reduce((sum, p) => sum + p.quantity * p.line.unitPrice, 0),
    };
  };
  const kind = Math.floor(rnd() * 5);
  if (kind === 0)
    return items(
      free.filter((line) => line.isMine),
      (line) => line.freeQuantity,
    );
  if (kind === 1) return items(free, (line) => line.freeQuantity);
  if (kind === 2)
    return items(
      free.filter(() => rnd() < 0.5),
      (line) => 1 + Math.floor(rnd() * line.freeQuantity),
    );
  if (kind === 3) {
    const split = view.split;
    const shares = split?.shares ?? 2 + Math.floor(rnd() * 3);
    const count = 1 + Math.floor(rnd() * 2);
    let expectedAmount: number;
    if (split) {
      const openShares = split.shares - split.paidShares - split.reservedShares;
      const openAmount =
        view.leftAmount - free.reduce((sum, line) => sum + line.freeQuantity * line.unitPrice, 0);
      if (openShares < count) return null;
      expectedAmount = amountOfShares(openAmount, openShares, count);
    } else {
      if (view.leftAmount === 0) return null;
      expectedAmount = amountOfShares(view.leftAmount, shares, Math.min(count, shares));
    }
    return { selection: { kind: 'shares', shares, count: Math.min(count, shares) }, expectedAmount };
  }
  return view.leftAmount > 0 ? { selection: { kind: 'rest' }, expectedAmount: view.leftAmount } : null;
}

describe.each(testDatabaseKinds())('paying at one table from ten phones at once on %s', (kind) => {
  let ctx: PaymentsContext;
  let sandbox: SandboxProvider;
  const items: { id: number; price: number; vat: number }[] = [];

  beforeAll(async () => {
    ctx = await createPaymentsApp(kind, { PAYMENT_SANDBOX_SECRET: SANDBOX_SECRET });
    sandbox = new SandboxProvider('http://localhost:3000', SANDBOX_SECRET);
    items.push(
      { id: ctx.pub.items.beer as number, price: 990, vat: 27 },
      { id: ctx.pub.items.goulash as number, price: 2490, vat: 5 },
      { id: ctx.pub.items.langos as number, price: 1290, vat: 5 },
    );
  });
  afterAll(() => ctx.close());

  /** A new visit with ten joined phones and three orders (accepted or served), written directly. */
  async function newRound(
    tableId: number,
    rnd: () => number,
  ): Promise<{ visitId: number; sessions: string[]; total: number }> {
    const { db } = ctx.database;
    const sessions = Array.from({ length: PHONES }, () => randomUUID());
    const ids = sql.join(
      sessions.map((id) => sql`(${id}::uuid)`),
      sql`, `,
    );
    // One round trip: the last visit closes, a new one opens, ten phones join it.
    const opened = await db.execute(sql`
      with closed as (update ${tableVisit} set closed_at = now() where table_id = ${tableId} and closed_at is null returning id),
      visit as (insert into ${tableVisit} (table_id) select ${tableId} where (select count(*) from closed) >= 0 returning id),
      phones as (insert into ${dinerSession} (id) select s.id from (values ${ids}) as s(id) returning id)
      insert into ${visitSession} (visit_id, session_id) select visit.id, phones.id from visit, phones
      returning visit_id as "visitId"`);
    const visit = { id: Number((opened as unknown as { rows: { visitId: number }[] }).rows[0]?.visitId) };
    let total = 0;
    for (let o = 0; o < 3; o++) {
      const lines = items
        .filter(() => rnd() < 0.7)
        .map((item) => ({ ...item, quantity: 1 + Math.floor(rnd() * 4) }));
      if (lines.length === 0) lines.push({ ...(items[0] as (typeof items)[number]), quantity: 4 });
      const orderTotal = lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
      total += orderTotal;
      const [order] = await db
        .insert(orders)
        .values({
          visitId: visit.id,
          restaurantId: ctx.pub.id,
          sessionId: sessions[o] as string,
          status: rnd() < 0.5 ? 'ACCEPTED' : 'SERVED',
          total: orderTotal,
          idempotencyKey: randomUUID(),
          requestHash: 'race',
        })
        .returning({ id: orders.id });
      if (!order) throw new Error('no order');
      await db.insert(orderItem).values(
        lines.map((line) => ({
          orderId: order.id,
          menuItemId: line.id,
          titles: [{ isoCode: 'en', title: `item ${line.id}` }],
          unitPrice: line.price,
          vatPercent: line.vat,
          quantity: line.quantity,
        })),
      );
    }
    return { visitId: visit.id, sessions, total };
  }

  /** Settles a pending payment the way its method is settled: staff for cash and card, the sandbox online. */
  async function settle(p: { id: string; method: string }, succeed: boolean): Promise<void> {
    if (p.method === 'ONLINE') {
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/sandbox-checkout/${p.id}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          token: sandbox.token(p.id),
          action: succeed ? 'approve' : 'decline',
        }).toString(),
      });
      expect(response.statusCode).toBe(303);
      return;
    }
    const action = succeed ? 'confirm' : 'cancel';
    const response = await asStaff(ctx.app, ctx.waiter, 'POST', `/api/staff/payments/${p.id}/${action}`, {});
    expect(response.statusCode).toBe(200);
  }

  interface Ledger {
    paid: number;
    tips: number;
    pending: number;
    overpaid: number;
    servedNotPaid: number;
    openSplits: number;
  }

  async function ledger(visitId: number): Promise<Ledger> {
    const result = await ctx.database.db.execute(sql`
      select
        (select coalesce(sum(amount), 0)::int from payment where visit_id = ${visitId} and status = 'SUCCEEDED') as paid,
        (select coalesce(sum(tip), 0)::int from payment where visit_id = ${visitId} and status = 'SUCCEEDED') as tips,
        (select count(*)::int from payment where visit_id = ${visitId} and status = 'PENDING') as pending,
        (select count(*)::int from order_item oi join orders o on o.id = oi.order_id
          where o.visit_id = ${visitId} and oi.paid_quantity > oi.quantity) as overpaid,
        (select count(*)::int from orders o where o.visit_id = ${visitId} and o.status = 'SERVED'
          and not exists (select 1 from order_item oi where oi.order_id = o.id and oi.paid_quantity < oi.quantity)) as "servedNotPaid",
        (select count(*)::int from bill_split where visit_id = ${visitId} and status = 'OPEN') as "openSplits"`);
    return (result as unknown as { rows: Ledger[] }).rows[0] as Ledger;
  }

  const tally = { created: 0, refused: 0, succeeded: 0 };

  async function playRound(tableId: number, round: number): Promise<void> {
    const rnd = random(round + 1);
    const { visitId, sessions, total } = await newRound(tableId, rnd);
    // The three phones that ordered read their own summaries ("my items" are theirs); the other seven
    // see the same lines, none of them their own. Then all ten pay at once.
    const own = await Promise.all(sessions.slice(0, 3).map((sessionId) => payable(ctx, sessionId, tableId)));
    const others = { ...(own[0] as PayableResponse) };
    others.lines = others.lines.map((line) => ({ ...line, isMine: false }));
    const views = sessions.map((_, phone) => own[phone] ?? others);
    expect(views[0]?.unpaidAmount).toBe(total);
    const succeededTips: number[] = [];
    const answers = await Promise.all(
      sessions.map(async (sessionId, phone) => {
        const attempt = choose(views[phone] as PayableResponse, rnd);
        if (!attempt) return null;
        const method = (['CASH', 'CARD', 'ONLINE'] as const)[Math.floor(rnd() * 3)] ?? 'CASH';
        const tip = rnd() < 0.5 ? 0 : Math.floor(rnd() * 500);
        const response = await pay(ctx, sessionId, { tableId, method, tip, ...attempt });
        if (response.statusCode === 201) return PaymentSchema.parse(response.json());
        expect([409, 422], response.body).toContain(response.statusCode);
        return null;
      }),
    );
    const made = answers.filter((p) => p !== null);
    tally.created += made.length;
    tally.refused += answers.length - made.length;

    // Settled at random, all at once.
    const outcomes = made.map(() => rnd() < 0.7);
    await Promise.all(made.map((p, i) => settle(p, outcomes[i] as boolean)));
    made.forEach((p, i) => {
      if (outcomes[i]) succeededTips.push(p.tip);
    });

    const mid = await ledger(visitId);
    let left = await payable(ctx, sessions[1] as string, tableId);
    expect(mid.overpaid).toBe(0);
    expect(mid.pending).toBe(0);
    expect(mid.servedNotPaid).toBe(0);
    // Nothing is reserved by a payment; only an open split with a share paid still claims units.
    const claimed = left.lines.reduce((sum, line) => sum + line.reservedQuantity, 0);
    if (left.split) expect(left.split.paidShares).toBeGreaterThan(0);
    else expect(claimed).toBe(0);
    expect(left.split?.reservedShares ?? 0).toBe(0);
    expect(mid.paid + left.unpaidAmount).toBe(total);

    // The rest is paid and confirmed: the bill is covered exactly.
    if (left.unpaidAmount > 0) {
      const rest = await pay(ctx, sessions[2] as string, {
        tableId,
        method: 'CASH',
        selection: { kind: 'rest' },
        expectedAmount: left.leftAmount,
      });
      expect(rest.statusCode, rest.body).toBe(201);
      await settle(PaymentSchema.parse(rest.json()), true);
      succeededTips.push(0);
      left = await payable(ctx, sessions[3] as string, tableId);
    }
    const end = await ledger(visitId);
    expect(left.unpaidAmount).toBe(0);
    expect(left.split).toBeNull();
    expect(left.lines.every((line) => line.paidQuantity === line.quantity)).toBe(true);
    expect(end.paid).toBe(total);
    expect(end.tips).toBe(succeededTips.reduce((s, t) => s + t, 0));
    expect(end.openSplits).toBe(0);
    expect(end.servedNotPaid).toBe(0);
    tally.succeeded += succeededTips.length;
  }

  it(`never pays a unit twice, never leaves one reserved, and covers every bill exactly (${ROUNDS[kind]} rounds)`, {
    timeout: 900_000,
  }, async () => {
    const started = performance.now();
    const tables = Object.values(ctx.pub.tables).slice(0, TABLES);
    let next = 0;
    await Promise.all(
      tables.map(async (tableId) => {
        for (let round = next++; round < ROUNDS[kind]; round = next++) await playRound(tableId, round);
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `payments race on ${kind}: ${ROUNDS[kind]} rounds at ${tables.length} tables side by side in ${seconds.toFixed(1)} s — ${JSON.stringify(tally)}`,
    );
    expect(tally.created).toBeGreaterThan(ROUNDS[kind]);
    expect(tally.refused).toBeGreaterThan(0);
  });
});

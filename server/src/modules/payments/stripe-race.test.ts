import { randomUUID } from 'node:crypto';
import { PaymentSchema } from '@tablo/contract/payment';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asStaff, pay } from '../../../test/helpers/payments.ts';
import {
  createStripeApp,
  deliver,
  forceClose,
  type StripeContext,
  until,
} from '../../../test/helpers/stripe.ts';
import type { StandInEvent } from '../../../test/helpers/stripe-stand-in.ts';
import { type TestDatabaseKind, testDatabaseKinds } from '../../../test/helpers/test-database.ts';
import { dinerSession, orderItem, orders, tableVisit, visitSession } from '../../db/schema.ts';
import { reconcilePayments } from './reconciler.ts';
import { expireDuePayments } from './service.ts';

/**
 * Issue 23's race, round after round: a diner is on Stripe's checkout while, in a random order and partly
 * at once, a manager force-closes the table, the reservation lapses, another diner pays everything in
 * cash, the diner pays on Stripe (by card, or by a bank debit that settles later, or fails), and Stripe's
 * webhooks arrive early, late, twice, out of order or never (a reconciliation pass then finds them).
 * After each round: every unit is paid at most once; every payment Stripe took is recorded (SUCCEEDED,
 * paying its units) or refunded in full through Stripe (REFUNDED) — never both, never neither; no
 * payment is pending, no session is open at Stripe; the succeeded payments add up to the paid units.
 *
 * STRIPE_RACE_ROUNDS (1000) rounds on either database (STRIPE_RACE_ROUNDS_PGLITE overrides it for PGlite
 * alone). 1000 rounds measured with this machine's two cores shared and busy: 38 s on PostgreSQL, 50–80 s
 * on PGlite (one statement at a time in this process). Rounds run at
 * STRIPE_RACE_TABLES (5) tables side by side. A failing round replays from its seed (the round number).
 *
 * Every path (a success on time and a late one accepted, a late one refunded, a forced close, a lapse,
 * cash by the other diner, a delayed method, a webhook lost and one delivered twice) must have been
 * taken — asserted from PATH_ROUNDS (500) rounds up, where the rarest (a refund: ~1.7 % of rounds) is
 * all but certain; fewer rounds, given to look at one seed, check every round's rules only.
 */
const DEFAULT_ROUNDS = Number(process.env.STRIPE_RACE_ROUNDS ?? 1000);
const ROUNDS: Record<TestDatabaseKind, number> = {
  postgres: DEFAULT_ROUNDS,
  pglite: Number(process.env.STRIPE_RACE_ROUNDS_PGLITE ?? DEFAULT_ROUNDS),
};
const PATH_ROUNDS = 500;
const TABLES = Number(process.env.STRIPE_RACE_TABLES ?? 5);

/** mulberry32: a failing round can be replayed by its seed. */
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

function shuffle<T>(items: T[], rnd: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** A few turns of the event loop, so actions started together interleave differently each round. */
async function ticks(n: number) {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
}

describe.each(testDatabaseKinds())('a diner on Stripe’s checkout while the table changes, on %s', (kind) => {
  let ctx: StripeContext;
  const tally = {
    rounds: 0,
    paidAtStripe: 0,
    succeeded: 0,
    accepted: 0,
    refunded: 0,
    cash: 0,
    closed: 0,
    lapsed: 0,
    delayed: 0,
    dropped: 0,
    twice: 0,
    stripeDown: 0,
  };

  beforeAll(async () => {
    ctx = await createStripeApp(kind);
  });
  afterAll(() => ctx.close());

  /** A new visit with two joined diners and an accepted order (written directly: rounds must be cheap). */
  async function newRound(tableId: number, rnd: () => number) {
    const { db } = ctx.database;
    const sessions = [randomUUID(), randomUUID()];
    const opened = await db.execute(sql`
      with closed as (update ${tableVisit} set closed_at = now() where table_id = ${tableId} and closed_at is null returning id),
      visit as (insert into ${tableVisit} (table_id) select ${tableId} where (select count(*) from closed) >= 0 returning id),
      phones as (insert into ${dinerSession} (id) select s.id from (values (${sessions[0]}::uuid), (${sessions[1]}::uuid)) as s(id) returning id)
      insert into ${visitSession} (visit_id, session_id) select visit.id, phones.id from visit, phones
      returning visit_id as "visitId"`);
    const visitId = Number((opened as unknown as { rows: { visitId: number }[] }).rows[0]?.visitId);
    const lines = [
      { id: ctx.pub.items.beer as number, price: 990, vat: 27, quantity: 1 + Math.floor(rnd() * 3) },
      { id: ctx.pub.items.goulash as number, price: 2490, vat: 5, quantity: 1 },
    ];
    const total = lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
    const [order] = await db
      .insert(orders)
      .values({
        visitId,
        restaurantId: ctx.pub.id,
        sessionId: sessions[0] as string,
        status: rnd() < 0.5 ? 'ACCEPTED' : 'SERVED',
        total,
        idempotencyKey: randomUUID(),
        requestHash: 'stripe-race',
      })
      .returning({ id: orders.id });
    await db.insert(orderItem).values(
      lines.map((line) => ({
        orderId: order?.id as number,
        menuItemId: line.id,
        titles: [{ isoCode: 'en', title: `item ${line.id}` }],
        unitPrice: line.price,
        vatPercent: line.vat,
        quantity: line.quantity,
      })),
    );
    return { visitId, sessions: sessions as [string, string], total };
  }

  async function payCash(sessionId: string, tableId: number, amount: number): Promise<void> {
    const response = await pay(ctx, sessionId, {
      tableId,
      method: 'CASH',
      selection: { kind: 'rest' },
      expectedAmount: amount,
    });
    // Units reserved by the online payment (409), the table closed meanwhile (403): nothing to pay.
    if (response.statusCode !== 201) {
      expect([403, 409], response.body).toContain(response.statusCode);
      return;
    }
    const { id } = PaymentSchema.parse(response.json());
    const confirmed = await asStaff(ctx.app, ctx.waiter, 'POST', `/api/staff/payments/${id}/confirm`, {});
    // The table was force-closed between the payment and its confirmation: cancelled with it (409).
    expect([200, 409], confirmed.body).toContain(confirmed.statusCode);
    if (confirmed.statusCode === 200) tally.cash++;
  }

  async function lapse(visitId: number): Promise<void> {
    await ctx.database.db.execute(
      sql`update payment set expires_at = now() - interval '1 second' where visit_id = ${visitId} and status = 'PENDING'`,
    );
    await expireDuePayments(ctx.database, { visitId });
  }

  /** Stripe sends what it queued for this session: each event once, twice, or never (lost). */
  async function sendWebhooks(sessionId: string, rnd: () => number): Promise<void> {
    const queued = ctx.standIn.outbox.filter((event) => event.data.object.id === sessionId);
    for (const event of queued) ctx.standIn.outbox.splice(ctx.standIn.outbox.indexOf(event), 1);
    const sends: StandInEvent[] = [];
    for (const event of queued) {
      const roll = rnd();
      if (roll < 0.15) {
        tally.dropped++;
        continue;
      }
      sends.push(event);
      if (roll > 0.8) {
        sends.push(event);
        tally.twice++;
      }
    }
    // Out of order, partly at once.
    await Promise.all(
      shuffle(sends, rnd).map(async (event, i) => {
        await ticks(i);
        const response = await deliver(ctx, event);
        // A refund Stripe could not take yet answers 500: Stripe sends the event again later.
        expect([200, 500], response.body).toContain(response.statusCode);
      }),
    );
  }

  type Row = {
    id: string;
    status: string;
    method: string;
    amount: number;
    tip: number;
    lateOutcome: string | null;
    providerReference: string | null;
    checkoutClosed: boolean;
  };

  async function paymentsOf(visitId: number): Promise<Row[]> {
    const result = await ctx.database.db.execute(sql`
      select id, status, method, amount, tip, late_outcome as "lateOutcome", provider_reference as "providerReference",
        checkout_closed_at is not null as "checkoutClosed"
      from payment where visit_id = ${visitId}`);
    return (result as unknown as { rows: Row[] }).rows;
  }

  /** Settled: nothing pending, no refund outstanding, every Stripe checkout closed. */
  async function settled(visitId: number): Promise<boolean> {
    for (const row of await paymentsOf(visitId)) {
      if (row.status === 'PENDING' || row.lateOutcome === 'REFUNDING') return false;
      if (row.method === 'ONLINE' && row.providerReference && !row.checkoutClosed) return false;
    }
    return true;
  }

  async function playRound(tableId: number, round: number): Promise<void> {
    const rnd = random(round + 1);
    const { visitId, sessions, total } = await newRound(tableId, rnd);
    const [anna, bela] = sessions;
    const created = await pay(ctx, anna, {
      tableId,
      method: 'ONLINE',
      selection: { kind: 'rest' },
      expectedAmount: total,
      tip: rnd() < 0.5 ? 0 : 100 * Math.floor(rnd() * 10),
      lang: 'en',
    });
    expect(created.statusCode, created.body).toBe(201);
    const online = PaymentSchema.parse(created.json());
    const sessionId = ctx.standIn.sessionOf(online.checkoutUrl as string);
    const delayed = rnd() < 0.2;

    // Two phases, each in a random order and partly at once: first what may end the payment, then what
    // may come after it (the other diner's cash, Stripe's late success or webhooks).
    const early: (() => Promise<void>)[] = [];
    const late: (() => Promise<void>)[] = [];
    const phase = () => (rnd() < 0.5 ? early : late);
    if (rnd() < 0.8) {
      phase().push(async () => {
        if (ctx.standIn.complete(sessionId, { delayed }) && delayed) tally.delayed++;
      });
    }
    if (rnd() < 0.3) {
      // Stripe is unreachable when we expire the session: it stays open, the diner may still pay there.
      early.unshift(async () => {
        ctx.standIn.failNextFor(`${sessionId}/expire`, 500);
        tally.stripeDown++;
      });
    }
    if (rnd() < 0.35) {
      early.push(async () => {
        const closed = await forceClose(ctx, tableId);
        expect([204, 409], closed.body).toContain(closed.statusCode);
        if (closed.statusCode === 204) tally.closed++;
      });
    }
    if (rnd() < 0.35) {
      early.push(async () => {
        await lapse(visitId);
        tally.lapsed++;
      });
    }
    if (rnd() < 0.6) phase().push(() => payCash(bela, tableId, total));
    // Webhooks go out early and late (each batch: what Stripe had queued by then).
    early.push(() => sendWebhooks(sessionId, rnd));
    late.push(() => sendWebhooks(sessionId, rnd));
    if (delayed) {
      const succeeds = rnd() < 0.7;
      late.push(async () => {
        ctx.standIn.settleDelayed(sessionId, succeeds);
      });
    }
    for (const actions of [early, late]) {
      await Promise.all(
        shuffle(actions, rnd).map(async (action, i) => {
          await ticks(Math.floor(rnd() * 3) + i);
          await action();
        }),
      );
    }

    // The end of the round: the reservation lapses if nothing ended it, a bank debit still out fails,
    // the last webhooks go out (or never), and reconciliation finds what was lost.
    await lapse(visitId);
    ctx.standIn.settleDelayed(sessionId, false);
    await sendWebhooks(sessionId, rnd);
    await until(
      async () => {
        if (await settled(visitId)) return true;
        await reconcilePayments(ctx.database, ctx.provider, { afterSeconds: 0 });
        return settled(visitId);
      },
      `round ${round} settles`,
      20_000,
    );
    takeAll(sessionId);

    // Every unit paid at most once; the succeeded payments are the paid units exactly.
    const units = await ctx.database.db.execute(sql`
      select coalesce(sum(oi.paid_quantity * oi.unit_price), 0)::int as "paidValue",
        count(*) filter (where oi.paid_quantity > oi.quantity)::int as overpaid
      from order_item oi join orders o on o.id = oi.order_id where o.visit_id = ${visitId}`);
    const { paidValue, overpaid } = (units as unknown as { rows: { paidValue: number; overpaid: number }[] })
      .rows[0] as { paidValue: number; overpaid: number };
    expect(overpaid).toBe(0);
    const rows = await paymentsOf(visitId);
    const succeeded = rows.filter((row) => row.status === 'SUCCEEDED');
    expect(succeeded.reduce((sum, row) => sum + row.amount, 0)).toBe(paidValue);
    expect(rows.filter((row) => row.status === 'PENDING')).toEqual([]);

    // Money Stripe took is recorded or refunded, never both, never neither; no session stays open.
    const row = rows.find((r) => r.id === online.id) as Row;
    const session = ctx.standIn.sessions.get(sessionId);
    expect(session?.status).not.toBe('open');
    const refunded = ctx.standIn.refunded(sessionId);
    if (session?.payment_status === 'paid') {
      tally.paidAtStripe++;
      if (row.status === 'SUCCEEDED') {
        expect(refunded, `round ${round}: recorded and refunded`).toBe(0);
        tally.succeeded++;
        if (row.lateOutcome === 'ACCEPTED') tally.accepted++;
      } else {
        expect(row.lateOutcome, `round ${round}: taken and not recorded`).toBe('REFUNDED');
        expect(refunded).toBe(session.amount_total);
        tally.refunded++;
      }
    } else {
      expect(row.status).not.toBe('SUCCEEDED');
      expect(refunded).toBe(0);
    }
    tally.rounds++;
  }

  function takeAll(sessionId: string) {
    for (const event of ctx.standIn.outbox.filter((e) => e.data.object.id === sessionId)) {
      ctx.standIn.outbox.splice(ctx.standIn.outbox.indexOf(event), 1);
    }
  }

  it(`never pays a unit twice, never keeps money unrecorded, never leaves anything reserved (${ROUNDS[kind]} rounds)`, {
    timeout: 1_800_000,
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
      `stripe race on ${kind}: ${ROUNDS[kind]} rounds at ${tables.length} tables in ${seconds.toFixed(1)} s — ${JSON.stringify(tally)}`,
    );
    expect(tally.rounds).toBe(ROUNDS[kind]);
    if (ROUNDS[kind] < PATH_ROUNDS) return;
    // Every path was taken.
    expect(tally.accepted).toBeGreaterThan(0);
    expect(tally.refunded).toBeGreaterThan(0);
    expect(tally.succeeded - tally.accepted).toBeGreaterThan(0);
    expect(tally.closed).toBeGreaterThan(0);
    expect(tally.lapsed).toBeGreaterThan(0);
    expect(tally.cash).toBeGreaterThan(0);
    expect(tally.delayed).toBeGreaterThan(0);
    expect(tally.dropped).toBeGreaterThan(0);
    expect(tally.twice).toBeGreaterThan(0);
  });
});

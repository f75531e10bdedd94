import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedOrder, asStaff, diner, pay, payable } from '../../../test/helpers/payments.ts';
import {
  createStripeApp,
  deliver,
  forceClose,
  lateEvents,
  paymentRow,
  payOnline,
  readResult,
  type StripeContext,
  secondInstance,
  takeEvents,
  until,
} from '../../../test/helpers/stripe.ts';
import { testDatabaseKinds } from '../../../test/helpers/test-database.ts';
import { payment } from '../../db/schema.ts';
import { reconcilePayments } from './reconciler.ts';

/**
 * Issue 23, the Stripe side (docs/decisions/052): a payment we end is ended at Stripe too; money Stripe
 * takes for an ended payment is recorded — its units pay if still free, otherwise it is refunded — and
 * staff see it; a retry after a Stripe failure never answers a payment without a way to pay; the
 * session's expiry keeps a margin over Stripe's floor and amounts stay within Stripe's limits; a lost
 * webhook is caught by reconciliation.
 */
describe.each(testDatabaseKinds())('Stripe: money that cannot go wrong on %s', (kind) => {
  let ctx: StripeContext;
  let next = 0;

  beforeAll(async () => {
    ctx = await createStripeApp(kind);
  });
  afterAll(() => ctx.close());

  /** A table with a new party: one diner and an accepted order of a beer and a goulash (3480 Ft). */
  async function party() {
    const tableId = ctx.pub.tables[(next++ % 6) + 1] as number;
    // A new party: whatever an earlier test left at the table is closed first.
    const closed = await forceClose(ctx, tableId);
    expect([204, 409]).toContain(closed.statusCode);
    const anna = await diner(ctx, tableId);
    await acceptedOrder(ctx, anna, tableId, [
      ['beer', 1],
      ['goulash', 1],
    ]);
    return { tableId, anna };
  }

  /** The reservation lapses, and a look at the table sweeps it (the lazy sweep: FAILED). */
  async function lapse(paymentId: string, sessionId: string, tableId: number) {
    await ctx.database.db.execute(
      sql`update ${payment} set expires_at = now() - interval '1 second' where id = ${paymentId}`,
    );
    await payable(ctx, sessionId, tableId);
  }

  async function cashByWaiter(sessionId: string, tableId: number, amount: number) {
    const response = await pay(ctx, sessionId, {
      tableId,
      method: 'CASH',
      selection: { kind: 'rest' },
      expectedAmount: amount,
    });
    expect(response.statusCode, response.body).toBe(201);
    const { id } = response.json() as { id: string };
    const confirmed = await asStaff(ctx.app, ctx.waiter, 'POST', `/api/staff/payments/${id}/confirm`, {});
    expect(confirmed.statusCode).toBe(200);
  }

  it('a forced close expires the open Checkout Session at Stripe: the diner can no longer pay there', async () => {
    const { tableId, anna } = await party();
    const p = await payOnline(ctx, anna, tableId, 3480);
    expect(ctx.standIn.sessions.get(p.sessionId)?.status).toBe('open');
    expect((await forceClose(ctx, tableId)).statusCode).toBe(204);
    await until(() => ctx.standIn.sessions.get(p.sessionId)?.status === 'expired', 'the session expired');
    expect(ctx.standIn.complete(p.sessionId)).toBe(false);
    // Stripe's expired event, late and twice, changes nothing.
    const before = await paymentRow(ctx, p.id);
    for (const event of takeEvents(ctx, p.sessionId)) {
      expect((await deliver(ctx, event)).statusCode).toBe(200);
      expect((await deliver(ctx, event)).statusCode).toBe(200);
    }
    const after = await paymentRow(ctx, p.id);
    expect(after).toMatchObject({ status: 'CANCELLED', lateOutcome: null });
    expect(after.checkoutClosedAt).not.toBeNull();
    expect(before.status).toBe('CANCELLED');
  });

  it('a lapsed reservation expires the session at Stripe too', async () => {
    const { tableId, anna } = await party();
    const p = await payOnline(ctx, anna, tableId, 3480);
    await lapse(p.id, anna, tableId);
    expect((await paymentRow(ctx, p.id)).status).toBe('FAILED');
    await until(() => ctx.standIn.sessions.get(p.sessionId)?.status === 'expired', 'the session expired');
    await until(async () => (await paymentRow(ctx, p.id)).checkoutClosedAt !== null, 'the checkout closed');
  });

  it('money taken at Stripe for a force-closed payment pays its units when they are still free; a late webhook, twice, changes nothing', async () => {
    const { tableId, anna } = await party();
    const p = await payOnline(ctx, anna, tableId, 3480, 300);
    // The diner pays on Stripe's page; the webhook is late.
    expect(ctx.standIn.complete(p.sessionId)).toBe(true);
    const late = takeEvents(ctx, p.sessionId);
    expect((await forceClose(ctx, tableId)).statusCode).toBe(204);
    await until(
      async () => (await paymentRow(ctx, p.id)).lateOutcome === 'ACCEPTED',
      'the late success recorded',
    );
    const row = await paymentRow(ctx, p.id);
    expect(row).toMatchObject({ status: 'SUCCEEDED', lateOutcome: 'ACCEPTED', refundReference: null });
    expect(await lateEvents(ctx, p.id)).toEqual(['ACCEPTED']);
    const paid = await ctx.database.db.execute(sql`
      select sum(oi.quantity - oi.paid_quantity)::int as unpaid from order_item oi join orders o on o.id = oi.order_id
      join table_visit v on v.id = o.visit_id where v.id = ${p.visitId}`);
    expect((paid as unknown as { rows: { unpaid: number }[] }).rows[0]?.unpaid).toBe(0);
    expect(ctx.standIn.refunded(p.sessionId)).toBe(0);
    expect((await readResult(ctx, anna, p.id)).payment).toMatchObject({
      status: 'SUCCEEDED',
      lateOutcome: 'ACCEPTED',
    });
    for (const event of [...late, ...late]) expect((await deliver(ctx, event)).statusCode).toBe(200);
    expect(await paymentRow(ctx, p.id)).toMatchObject({ status: 'SUCCEEDED', lateOutcome: 'ACCEPTED' });
    expect(await lateEvents(ctx, p.id)).toEqual(['ACCEPTED']);
    expect(ctx.standIn.refunds.length).toBe(0);
  });

  it('money taken at Stripe after another diner paid the units in cash is refunded through Stripe, once, and staff see it', async () => {
    const { tableId, anna } = await party();
    const bela = await diner(ctx, tableId);
    const p = await payOnline(ctx, anna, tableId, 3480, 200);
    // The reservation lapses while Stripe is unreachable: the session stays open at Stripe.
    ctx.standIn.failNext(500);
    await lapse(p.id, anna, tableId);
    await until(
      () => ctx.standIn.requests.some((r) => r.path.endsWith(`${p.sessionId}/expire`)),
      'the expiry asked for',
    );
    expect(ctx.standIn.sessions.get(p.sessionId)?.status).toBe('open');
    await cashByWaiter(bela, tableId, 3480);
    // Now the first diner finishes on Stripe's page; its webhook arrives, twice.
    expect(ctx.standIn.complete(p.sessionId)).toBe(true);
    const events = takeEvents(ctx, p.sessionId);
    expect((await deliver(ctx, events[0] as object)).statusCode).toBe(200);
    expect((await deliver(ctx, events[0] as object)).statusCode).toBe(200);
    expect(await paymentRow(ctx, p.id)).toMatchObject({ status: 'FAILED', lateOutcome: 'REFUNDED' });
    expect(ctx.standIn.refunded(p.sessionId)).toBe((3480 + 200) * 100);
    expect(ctx.standIn.refunds.filter((r) => r.metadata.paymentId === p.id)).toHaveLength(1);
    expect(await lateEvents(ctx, p.id)).toEqual(['REFUNDING', 'REFUNDED']);
    expect((await readResult(ctx, anna, p.id)).payment).toMatchObject({
      status: 'FAILED',
      lateOutcome: 'REFUNDED',
    });
    // The table owes nothing, and nothing was paid twice.
    expect((await payable(ctx, bela, tableId)).unpaidAmount).toBe(0);
    const over = await ctx.database.db.execute(
      sql`select count(*)::int as n from order_item where paid_quantity > quantity`,
    );
    expect((over as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  });

  it('a delayed method that succeeds after we let the payment lapse is refunded when its units were paid meanwhile', async () => {
    const { tableId, anna } = await party();
    const bela = await diner(ctx, tableId);
    const p = await payOnline(ctx, anna, tableId, 3480);
    // A bank debit: the session completes unpaid; its outcome comes days later.
    expect(ctx.standIn.complete(p.sessionId, { delayed: true })).toBe(true);
    for (const event of takeEvents(ctx, p.sessionId))
      expect((await deliver(ctx, event)).statusCode).toBe(200);
    expect((await paymentRow(ctx, p.id)).status).toBe('PENDING');
    await lapse(p.id, anna, tableId);
    await until(
      () => ctx.standIn.requests.some((r) => r.path.endsWith(`${p.sessionId}/expire`)),
      'the expiry asked for',
    );
    await cashByWaiter(bela, tableId, 3480);
    expect(ctx.standIn.settleDelayed(p.sessionId, true)).toBe(true);
    const [succeeded] = takeEvents(ctx, p.sessionId);
    expect(succeeded?.type).toBe('checkout.session.async_payment_succeeded');
    expect((await deliver(ctx, succeeded as object)).statusCode).toBe(200);
    expect(await paymentRow(ctx, p.id)).toMatchObject({ status: 'FAILED', lateOutcome: 'REFUNDED' });
    expect(ctx.standIn.refunded(p.sessionId)).toBe(3480 * 100);
  });

  it('never hands out a checkout URL for a payment ended while Stripe was opening its session', async () => {
    const { tableId, anna } = await party();
    const held = ctx.standIn.holdNext();
    const answer = pay(ctx, anna, {
      tableId,
      method: 'ONLINE',
      selection: { kind: 'rest' },
      expectedAmount: 3480,
      lang: 'en',
    });
    await held.arrived;
    expect((await forceClose(ctx, tableId)).statusCode).toBe(204);
    held.release();
    const response = await answer;
    expect(response.statusCode, response.body).toBe(409);
    const [row] = await ctx.database.db
      .select()
      .from(payment)
      .where(sql`${payment.sessionId} = ${anna} and ${payment.method} = 'ONLINE'`);
    expect(row).toMatchObject({ status: 'CANCELLED', checkoutUrl: null });
    const sessionId = row?.providerReference as string;
    await until(() => ctx.standIn.sessions.get(sessionId)?.status === 'expired', 'the session expired');
  });

  it('a retry after Stripe failed answers the same failure, never a pending payment without a way to pay; a new attempt opens a fresh checkout', async () => {
    const { tableId, anna } = await party();
    const body = {
      tableId,
      method: 'ONLINE' as const,
      selection: { kind: 'rest' as const },
      expectedAmount: 3480,
      lang: 'en',
    };
    ctx.standIn.failNext(502);
    const first = await pay(ctx, anna, body, 'retry-after-502');
    expect(first.statusCode).toBe(502);
    const again = await pay(ctx, anna, body, 'retry-after-502');
    expect([again.statusCode, again.json().message]).toEqual([502, first.json().message]);
    expect((await payable(ctx, anna, tableId)).leftAmount).toBe(3480);
    const fresh = await payOnline(ctx, anna, tableId, 3480, 0, 'retry-after-502-second-attempt');
    expect(fresh.checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    expect(fresh.status).toBe('PENDING');
    // Once the table is closed, the same attempt replayed answers the payment as it is: no way to pay.
    expect((await forceClose(ctx, tableId)).statusCode).toBe(204);
    const replay = await pay(ctx, anna, body, 'retry-after-502-second-attempt');
    expect(replay.statusCode).toBe(201);
    expect(replay.json()).toMatchObject({ id: fresh.id, status: 'CANCELLED', checkoutUrl: null });
  });

  it('keeps the session expiry a margin above Stripe’s 30 minutes, with the reservation outlasting it', async () => {
    const { tableId, anna } = await party();
    // Stripe's clock 20 s ahead of ours (or the request 20 s late): the session is still taken.
    ctx.standIn.advance(20_000);
    try {
      const p = await payOnline(ctx, anna, tableId, 3480);
      const request = ctx.standIn.requests.findLast((r) => r.path === '/v1/checkout/sessions');
      const expiresAt = Number(request?.form.expires_at) * 1000;
      expect(expiresAt - Date.parse(p.createdAt)).toBeGreaterThanOrEqual(35 * 60_000 - 1000);
      expect(Date.parse(p.expiresAt as string) - expiresAt).toBeGreaterThanOrEqual(4 * 60_000);
    } finally {
      ctx.standIn.advance(-20_000);
    }
  });

  it('refuses an online total Stripe cannot take (eight digits: a 1,000,000 Ft tip) with 422 naming the tip, before reserving anything', async () => {
    const { tableId, anna } = await party();
    const sessionsOpened = () =>
      ctx.standIn.requests.filter((r) => r.path === '/v1/checkout/sessions').length;
    const requests = sessionsOpened();
    const response = await pay(ctx, anna, {
      tableId,
      method: 'ONLINE',
      selection: { kind: 'rest' },
      expectedAmount: 3480,
      tip: 1_000_000,
      lang: 'en',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toMatch(/^tip: .*999999/);
    expect(sessionsOpened()).toBe(requests);
    expect((await payable(ctx, anna, tableId)).leftAmount).toBe(3480);
    // The largest tip that fits is taken.
    const p = await payOnline(ctx, anna, tableId, 3480, 999_999 - 3480);
    expect(ctx.standIn.sessions.get(p.sessionId)?.amount_total).toBe(99_999_900);
  });

  it('refuses an online total under Stripe’s minimum charge (175 Ft) with 422 naming the minimum, before asking Stripe or reserving anything', async () => {
    const { tableId, anna } = await party();
    const sessionsOpened = () =>
      ctx.standIn.requests.filter((r) => r.path === '/v1/checkout/sessions').length;
    const requests = sessionsOpened();
    // One of twenty equal shares of 3480 Ft: 174 Ft, one forint under Stripe's 175.00 Ft.
    const body = {
      tableId,
      method: 'ONLINE' as const,
      selection: { kind: 'shares' as const, shares: 20, count: 1 },
      expectedAmount: 174,
      lang: 'en',
    };
    const response = await pay(ctx, anna, body);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().message).toMatch(/^Online payments take at least 175 \(amount \+ tip\)/);
    expect(sessionsOpened()).toBe(requests);
    const left = await payable(ctx, anna, tableId);
    expect(left.leftAmount).toBe(3480);
    expect(left.split).toBeNull();
    // The same share with a one-forint tip reaches the minimum: Stripe takes it (17 500 fillér).
    const taken = await pay(ctx, anna, { ...body, tip: 1 });
    expect(taken.statusCode, taken.body).toBe(201);
    const sessionId = ctx.standIn.sessionOf(taken.json().checkoutUrl as string);
    expect(ctx.standIn.sessions.get(sessionId)?.amount_total).toBe(17_500);
  });

  it('money taken at Stripe for equal shares after a forced close is refunded through Stripe, once, and staff see it', async () => {
    const { tableId, anna } = await party();
    const share = await pay(ctx, anna, {
      tableId,
      method: 'ONLINE',
      selection: { kind: 'shares', shares: 2, count: 1 },
      expectedAmount: 1740,
      tip: 100,
      lang: 'en',
    });
    expect(share.statusCode, share.body).toBe(201);
    const p = { id: share.json().id as string, sessionId: ctx.standIn.sessionOf(share.json().checkoutUrl) };
    // The diner pays on Stripe's page; the webhook is late. Meanwhile a manager force-closes the table.
    expect(ctx.standIn.complete(p.sessionId)).toBe(true);
    const late = takeEvents(ctx, p.sessionId);
    expect((await forceClose(ctx, tableId)).statusCode).toBe(204);
    // Shares are priced anew for whoever pays next: the late money goes back, whole, tip included.
    await until(
      async () => (await paymentRow(ctx, p.id)).lateOutcome === 'REFUNDED',
      'the late success refunded',
    );
    for (const event of [...late, ...late]) expect((await deliver(ctx, event)).statusCode).toBe(200);
    expect(await paymentRow(ctx, p.id)).toMatchObject({ status: 'CANCELLED', lateOutcome: 'REFUNDED' });
    expect(ctx.standIn.refunded(p.sessionId)).toBe((1740 + 100) * 100);
    expect(ctx.standIn.refunds.filter((r) => r.metadata.paymentId === p.id)).toHaveLength(1);
    // Staff see it on the table's live channel; the diner sees it on the result page.
    expect(await lateEvents(ctx, p.id)).toEqual(['REFUNDING', 'REFUNDED']);
    expect((await readResult(ctx, anna, p.id)).payment).toMatchObject({
      status: 'CANCELLED',
      lateOutcome: 'REFUNDED',
    });
    // Nothing of the visit counts as paid.
    const paid = await ctx.database.db.execute(sql`
      select coalesce(sum(oi.paid_quantity), 0)::int as paid from order_item oi join orders o on o.id = oi.order_id
      join payment p on p.visit_id = o.visit_id where p.id = ${p.id}`);
    expect((paid as unknown as { rows: { paid: number }[] }).rows[0]?.paid).toBe(0);
  });

  it('a payment whose webhook never came completes by reconciliation: not before the gap, at the start of an instance, once per payment', async () => {
    const { tableId, anna } = await party();
    const p = await payOnline(ctx, anna, tableId, 3480);
    expect(ctx.standIn.complete(p.sessionId)).toBe(true);
    takeEvents(ctx, p.sessionId); // never delivered
    // Within the gap its webhook is still waited for: Stripe is not asked.
    expect(await reconcilePayments(ctx.database, ctx.provider, { afterSeconds: 120 })).toBe(0);
    expect((await paymentRow(ctx, p.id)).status).toBe('PENDING');
    await ctx.database.db.execute(
      sql`update ${payment} set created_at = created_at - interval '3 minutes' where id = ${p.id}`,
    );
    // Two instances reconcile at once: Stripe is asked once.
    const retrieves = () =>
      ctx.standIn.requests.filter((r) => r.method === 'GET' && r.path.endsWith(p.sessionId)).length;
    const before = retrieves();
    const counts = await Promise.all([
      reconcilePayments(ctx.database, ctx.provider, { afterSeconds: 120 }),
      reconcilePayments(ctx.database, ctx.provider, { afterSeconds: 120 }),
    ]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    expect(retrieves() - before).toBe(1);
    expect(await paymentRow(ctx, p.id)).toMatchObject({ status: 'SUCCEEDED', lateOutcome: null });
    expect((await paymentRow(ctx, p.id)).checkoutClosedAt).not.toBeNull();

    // A restarted instance catches up at start: a session Stripe expired itself fails its payment.
    const { tableId: t2, anna: a2 } = await party();
    const q = await payOnline(ctx, a2, t2, 3480);
    expect(ctx.standIn.lapse(q.sessionId)).toBe(true);
    takeEvents(ctx, q.sessionId);
    const restarted = await secondInstance(ctx);
    try {
      await until(
        async () => (await paymentRow(ctx, q.id)).status === 'FAILED',
        'the expired session failed',
      );
      expect((await payable(ctx, a2, t2)).leftAmount).toBe(3480);
    } finally {
      await restarted.close();
    }
  });

  it('reconciliation expires a checkout Stripe could not expire when we ended it, and finishes a refund that failed', async () => {
    const { tableId, anna } = await party();
    const bela = await diner(ctx, tableId);
    const p = await payOnline(ctx, anna, tableId, 3480);
    ctx.standIn.failNext(500);
    await lapse(p.id, anna, tableId);
    await until(
      () => ctx.standIn.requests.some((r) => r.path.endsWith(`${p.sessionId}/expire`)),
      'the expiry asked for',
    );
    expect(ctx.standIn.sessions.get(p.sessionId)?.status).toBe('open');
    await reconcilePayments(ctx.database, ctx.provider, { afterSeconds: 0 });
    expect(ctx.standIn.sessions.get(p.sessionId)?.status).toBe('expired');
    expect((await paymentRow(ctx, p.id)).checkoutClosedAt).not.toBeNull();

    // A late success whose refund fails at first (Stripe down) is refunded by the next pass, once.
    const q = await payOnline(ctx, bela, tableId, 3480);
    ctx.standIn.failNext(500);
    await lapse(q.id, bela, tableId);
    await until(
      () => ctx.standIn.requests.some((r) => r.path.endsWith(`${q.sessionId}/expire`)),
      'the expiry asked for',
    );
    await cashByWaiter(anna, tableId, 3480);
    ctx.standIn.complete(q.sessionId);
    const [completed] = takeEvents(ctx, q.sessionId);
    ctx.standIn.failNext(500); // the refund's session read fails
    await deliver(ctx, completed as object);
    expect(await paymentRow(ctx, q.id)).toMatchObject({ status: 'FAILED', lateOutcome: 'REFUNDING' });
    expect(ctx.standIn.refunded(q.sessionId)).toBe(0);
    await reconcilePayments(ctx.database, ctx.provider, { afterSeconds: 0 });
    await reconcilePayments(ctx.database, ctx.provider, { afterSeconds: 0 });
    expect(await paymentRow(ctx, q.id)).toMatchObject({ lateOutcome: 'REFUNDED' });
    expect(ctx.standIn.refunded(q.sessionId)).toBe(3480 * 100);
    expect(await lateEvents(ctx, q.id)).toEqual(['REFUNDING', 'REFUNDED']);
  });
});

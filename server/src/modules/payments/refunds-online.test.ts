import { randomUUID } from 'node:crypto';
import { type Payment, PaymentSchema, ReceiptSchema } from '@tablo/contract/payment';
import { RefundSchema, StaffPaymentSchema } from '@tablo/contract/refund';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acceptedOrder,
  asStaff,
  createPaymentsApp,
  diner,
  logIn,
  PASSWORD,
  type PaymentsContext,
  pay,
  type StaffLogin,
} from '../../../test/helpers/payments.ts';
import { type StripeApiStandIn, startStripeApiStandIn } from '../../../test/helpers/stripe-stand-in.ts';
import { testDatabaseKinds } from '../../../test/helpers/test-database.ts';
import { refund } from '../../db/schema.ts';
import { createStaff } from '../staff/create-staff.ts';
import { REFUND_TEXTS } from './refund-service.ts';

/** Issue 23 point 8: an online payment is refunded through its provider (the sandbox, Stripe). */

const WEBHOOK_SECRET = 'whsec_test_tablo_0123456789';

function created(response: { statusCode: number; body: string; json(): unknown }): Payment {
  if (response.statusCode !== 201) throw new Error(`pay ${response.statusCode} ${response.body}`);
  return PaymentSchema.parse(response.json());
}

async function ownerOf(ctx: PaymentsContext): Promise<StaffLogin> {
  await createStaff(ctx.database, {
    shortName: 'pub',
    email: 'olga@pub.test',
    password: PASSWORD,
    role: 'OWNER',
  });
  return logIn(ctx.app, 'olga@pub.test');
}

function refundOf(ctx: PaymentsContext, who: StaffLogin, paymentId: string, body: object, key: string) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/staff/payments/${paymentId}/refunds`,
    headers: { cookie: who.cookie, 'x-csrf-token': who.csrf, 'idempotency-key': key },
    payload: body,
  });
}

async function storedRefunds(ctx: PaymentsContext, paymentId: string) {
  return ctx.database.db
    .select({ amount: refund.amount, status: refund.status, providerReference: refund.providerReference })
    .from(refund)
    .where(eq(refund.paymentId, paymentId));
}

/** An online payment of a goulash soup (2490) + 10 tip at the table, open at the provider. */
async function onlinePayment(ctx: PaymentsContext, tableNumber: number) {
  const tableId = ctx.pub.tables[tableNumber] as number;
  const sessionId = await diner(ctx, tableId);
  await acceptedOrder(ctx, sessionId, tableId, [['goulash', 1]]);
  const payment = created(
    await pay(ctx, sessionId, {
      tableId,
      method: 'ONLINE',
      selection: { kind: 'rest' },
      expectedAmount: 2490,
      tip: 10,
      lang: 'en',
    }),
  );
  return { payment, sessionId };
}

describe.each(testDatabaseKinds())('online refunds through the sandbox on %s', (kind) => {
  let ctx: PaymentsContext;
  let owner: StaffLogin;

  beforeAll(async () => {
    ctx = await createPaymentsApp(kind);
    owner = await ownerOf(ctx);
  });
  afterAll(() => ctx.close());

  it('refunds an approved sandbox payment: SUCCEEDED with the provider’s reference, on the receipt', async () => {
    const { payment: p, sessionId } = await onlinePayment(ctx, 1);
    const url = new URL(p.checkoutUrl as string);
    const page = await ctx.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    const token = /name="token" value="([^"]+)"/.exec(page.body)?.[1] as string;
    const approved = await ctx.app.inject({
      method: 'POST',
      url: url.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ token, action: 'approve', lang: 'en' }).toString(),
    });
    expect(approved.statusCode).toBe(303);

    const answer = await refundOf(
      ctx,
      owner,
      p.id,
      { amount: 2500, reason: 'Wrong table' },
      `rf-${randomUUID()}`,
    );
    expect(answer.statusCode).toBe(201);
    expect(RefundSchema.parse(answer.json())).toMatchObject({
      method: 'ONLINE',
      status: 'SUCCEEDED',
      amount: 2500,
    });
    expect(await storedRefunds(ctx, p.id)).toEqual([
      { amount: 2500, status: 'SUCCEEDED', providerReference: expect.stringMatching(/^sandbox_re_/) },
    ]);
    const receipt = ReceiptSchema.parse(
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/payments/${p.id}/receipt`,
          headers: { 'x-session-id': sessionId },
        })
      ).json(),
    );
    expect(receipt.refunds.map((one) => one.amount)).toEqual([2500]);
  });
});

describe.each(testDatabaseKinds())('online refunds through Stripe on %s', (kind) => {
  let ctx: PaymentsContext;
  let owner: StaffLogin;
  let standIn: StripeApiStandIn;

  beforeAll(async () => {
    standIn = await startStripeApiStandIn();
    ctx = await createPaymentsApp(kind, {
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_tablo',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: standIn.url,
    });
    owner = await ownerOf(ctx);
  });
  afterAll(async () => {
    await ctx.close();
    await standIn.close();
  });

  /** The diner pays on Stripe's page and Stripe's webhook arrives. */
  async function paidOnStripe(tableNumber: number): Promise<{ payment: Payment; stripeSession: string }> {
    const { payment } = await onlinePayment(ctx, tableNumber);
    const stripeSession = standIn.sessionOf(payment.checkoutUrl as string);
    expect(standIn.complete(stripeSession)).toBe(true);
    for (const event of standIn.outbox.splice(0)) {
      const { payload, signature } = standIn.signed(event, WEBHOOK_SECRET);
      const delivered = await ctx.app.inject({
        method: 'POST',
        url: '/api/payments/webhooks/stripe',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload,
      });
      expect(delivered.statusCode).toBe(200);
    }
    const detail = await asStaff(ctx.app, owner, 'GET', `/api/staff/payments/${payment.id}`);
    expect(StaffPaymentSchema.parse(detail.json()).status).toBe('SUCCEEDED');
    return { payment, stripeSession };
  }

  it('refunds through Stripe’s Refunds API in parts; Stripe unreachable leaves it pending for a retry', async () => {
    const { payment: p, stripeSession } = await paidOnStripe(1);
    const first = await refundOf(
      ctx,
      owner,
      p.id,
      { amount: 1000, reason: 'Soup was cold' },
      'rf-stripe-first',
    );
    expect(RefundSchema.parse(first.json())).toMatchObject({ status: 'SUCCEEDED', amount: 1000 });
    expect(standIn.refunded(stripeSession)).toBe(1000 * 100);

    // Stripe does not answer: the refund stays PENDING, holding its amount; the same key retries it.
    standIn.failNext(500);
    const lost = await refundOf(ctx, owner, p.id, { amount: 1500, reason: 'The rest' }, 'rf-stripe-second');
    expect([lost.statusCode, lost.json().message]).toEqual([502, REFUND_TEXTS.providerFailed]);
    const held = await refundOf(ctx, owner, p.id, { amount: 1, reason: 'More' }, 'rf-stripe-third');
    expect([held.statusCode, held.json().message]).toEqual([409, REFUND_TEXTS.tooMuch(0, 'HUF')]);
    const retried = await refundOf(
      ctx,
      owner,
      p.id,
      { amount: 1500, reason: 'The rest' },
      'rf-stripe-second',
    );
    expect(RefundSchema.parse(retried.json())).toMatchObject({ status: 'SUCCEEDED', amount: 1500 });
    expect(standIn.refunded(stripeSession)).toBe(2500 * 100);
    expect((await storedRefunds(ctx, p.id)).map((row) => row.status)).toEqual(['SUCCEEDED', 'SUCCEEDED']);
  });

  it('a refund Stripe refuses (refunded in Stripe’s dashboard already) is FAILED and frees its amount', async () => {
    const { payment: p, stripeSession } = await paidOnStripe(2);
    // Someone refunded the whole payment in Stripe's dashboard.
    const intent = standIn.sessions.get(stripeSession)?.payment_intent as string;
    standIn.refunds.push({
      id: 're_dashboard',
      object: 'refund',
      amount: 2500 * 100,
      currency: 'huf',
      payment_intent: intent,
      status: 'succeeded',
      metadata: {},
    });
    const refused = await refundOf(
      ctx,
      owner,
      p.id,
      { amount: 2500, reason: 'Double' },
      `rf-${randomUUID()}`,
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/^The payment provider refused the refund: /);
    expect((await storedRefunds(ctx, p.id)).map((row) => row.status)).toEqual(['FAILED']);
    const detail = StaffPaymentSchema.parse(
      (await asStaff(ctx.app, owner, 'GET', `/api/staff/payments/${p.id}`)).json(),
    );
    expect([detail.refundedAmount, detail.refundableAmount]).toEqual([0, 2500]);
  });
});

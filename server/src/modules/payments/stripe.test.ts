import { PaymentResultSchema, PaymentSchema } from '@tablo/contract/payment';
import { eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acceptedOrder,
  createPaymentsApp,
  diner,
  getPayment,
  type PaymentsContext,
  pay,
  payable,
} from '../../../test/helpers/payments.ts';
import { type StripeApiStandIn, startStripeApiStandIn } from '../../../test/helpers/stripe-stand-in.ts';
import { testDatabaseKinds } from '../../../test/helpers/test-database.ts';
import { payment } from '../../db/schema.ts';
import { toStripeAmount } from './providers/stripe.ts';

const WEBHOOK_SECRET = 'whsec_test_tablo_0123456789';
const stripe = new Stripe('sk_test_tablo');

describe('Stripe amounts', () => {
  it('sends HUF in fillér (two decimals for charges) and zero-decimal currencies as they are', () => {
    expect(toStripeAmount(3480, 'HUF')).toBe(348_000);
    expect(toStripeAmount(3480, 'huf')).toBe(348_000);
    expect(toStripeAmount(500, 'JPY')).toBe(500);
  });
});

describe.each(testDatabaseKinds())('Stripe provider on %s', (kind) => {
  let ctx: PaymentsContext;
  let standIn: StripeApiStandIn;
  let tableId: number;
  let anna: string;

  beforeAll(async () => {
    standIn = await startStripeApiStandIn();
    ctx = await createPaymentsApp(kind, {
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_tablo',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: standIn.url,
    });
    tableId = ctx.pub.tables[1] as number;
    anna = await diner(ctx, tableId);
  });
  afterAll(async () => {
    await ctx.close();
    await standIn.close();
  });

  function webhook(event: object, signature?: string) {
    const payload = JSON.stringify(event);
    return ctx.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/stripe',
      headers: {
        'content-type': 'application/json',
        'stripe-signature':
          signature ?? stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      },
      payload,
    });
  }

  function sessionEvent(type: string, sessionId: string, paymentId: string, paymentStatus = 'paid') {
    return {
      id: `evt_${sessionId}_${type}`,
      object: 'event',
      type,
      api_version: '2025-01-01',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: sessionId,
          object: 'checkout.session',
          metadata: { paymentId },
          payment_status: paymentStatus,
        },
      },
    };
  }

  async function state() {
    const result = await ctx.database.db.execute(sql`
      select (select json_agg(json_build_object('id', id, 'status', status) order by id) from payment) as payments,
        (select json_agg(paid_quantity order by id) from order_item) as paid,
        (select count(*)::int from table_event) as events`);
    return (result as unknown as { rows: unknown[] }).rows[0];
  }

  async function onlinePayment(amount: number, tip = 0) {
    const response = await pay(ctx, anna, {
      tableId,
      method: 'ONLINE',
      selection: { kind: 'rest' },
      expectedAmount: amount,
      tip,
      lang: 'en',
    });
    if (response.statusCode !== 201) throw new Error(`${response.statusCode} ${response.body}`);
    return PaymentSchema.parse(response.json());
  }

  it('creates a Checkout Session through the library: fillér, metadata, result URLs, expiry, idempotency key', async () => {
    await acceptedOrder(ctx, anna, tableId, [
      ['goulash', 1],
      ['beer', 1],
    ]);
    const view = await payable(ctx, anna, tableId);
    expect(view.onlineProvider).toBe('stripe');
    const p = await onlinePayment(3480, 400);
    const request = standIn.requests.at(-1);
    expect(request).toMatchObject({ method: 'POST', path: '/v1/checkout/sessions' });
    expect(request?.headers.authorization).toBe('Bearer sk_test_tablo');
    expect(request?.headers['idempotency-key']).toBe(`tablo-payment-${p.id}`);
    expect(request?.form).toMatchObject({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'huf',
      'line_items[0][price_data][unit_amount]': String((3480 + 400) * 100),
      'metadata[paymentId]': p.id,
      client_reference_id: p.id,
      success_url: `http://localhost:3000/payment-success/pub/${tableId}/en?payment=${p.id}`,
    });
    // Stripe's session lives 30 minutes at least; the reservation outlasts it by 5, less the moments between
    // the payment's row and the request to Stripe (seconds at most on a loaded machine: a 1 s allowance
    // failed by 8 ms there), so by 4 at the very least.
    const expires = Number(request?.form.expires_at) * 1000;
    expect(new Date(p.expiresAt as string).getTime() - expires).toBeGreaterThanOrEqual(4 * 60_000);
    expect(expires - Date.parse(p.createdAt)).toBeGreaterThanOrEqual(30 * 60_000 - 1000);
    expect(p.checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);

    const sessionId = (p.checkoutUrl as string).split('/').at(-1) as string;
    const completed = sessionEvent('checkout.session.completed', sessionId, p.id);
    expect((await webhook(completed)).statusCode).toBe(200);
    const result = PaymentResultSchema.parse((await getPayment(ctx, anna, p.id)).json());
    expect(result).toMatchObject({ payment: { status: 'SUCCEEDED' }, unpaidAmount: 0 });

    // A replayed event changes nothing.
    const before = await state();
    expect((await webhook(completed)).statusCode).toBe(200);
    expect((await webhook(sessionEvent('checkout.session.expired', sessionId, p.id))).statusCode).toBe(200);
    expect(await state()).toEqual(before);
  });

  it('refuses a bad signature with 400 and changes nothing; expiry and async failure release the items', async () => {
    await acceptedOrder(ctx, anna, tableId, [['beer', 2]]);
    const p = await onlinePayment(1980);
    const sessionId = (p.checkoutUrl as string).split('/').at(-1) as string;
    const completed = sessionEvent('checkout.session.completed', sessionId, p.id);
    const before = await state();
    const forged = await webhook(
      completed,
      stripe.webhooks.generateTestHeaderString({ payload: JSON.stringify(completed), secret: 'whsec_wrong' }),
    );
    expect(forged.statusCode).toBe(400);
    const tampered = await webhook(
      {
        ...completed,
        data: { object: { ...completed.data.object, payment_status: 'paid', id: 'cs_other' } },
      },
      stripe.webhooks.generateTestHeaderString({
        payload: JSON.stringify(completed),
        secret: WEBHOOK_SECRET,
      }),
    );
    expect(tampered.statusCode).toBe(400);
    const unsigned = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/stripe',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(completed),
    });
    expect(unsigned.statusCode).toBe(400);
    // A signed event naming another session than the payment's is refused too.
    expect(
      (await webhook(sessionEvent('checkout.session.completed', 'cs_test_not_this_one', p.id))).statusCode,
    ).toBe(400);
    expect(await state()).toEqual(before);

    // A completed session still waiting for a delayed method changes nothing; its async failure fails it.
    expect(
      (await webhook(sessionEvent('checkout.session.completed', sessionId, p.id, 'unpaid'))).statusCode,
    ).toBe(200);
    expect(await state()).toEqual(before);
    expect(
      (await webhook(sessionEvent('checkout.session.async_payment_failed', sessionId, p.id, 'unpaid')))
        .statusCode,
    ).toBe(200);
    expect(PaymentResultSchema.parse((await getPayment(ctx, anna, p.id)).json()).payment.status).toBe(
      'FAILED',
    );
    expect((await payable(ctx, anna, tableId)).leftAmount).toBe(1980);

    const q = await onlinePayment(1980);
    const qSession = (q.checkoutUrl as string).split('/').at(-1) as string;
    expect(
      (await webhook(sessionEvent('checkout.session.expired', qSession, q.id, 'unpaid'))).statusCode,
    ).toBe(200);
    const [row] = await ctx.database.db.select().from(payment).where(eq(payment.id, q.id));
    expect(row?.status).toBe('FAILED');
    expect((await payable(ctx, anna, tableId)).leftAmount).toBe(1980);
  });

  it('fails the payment and releases its items when Stripe cannot open a session (502)', async () => {
    standIn.failNext(500);
    const response = await pay(ctx, anna, {
      tableId,
      method: 'ONLINE',
      selection: { kind: 'rest' },
      expectedAmount: 1980,
    });
    expect(response.statusCode).toBe(502);
    expect((await payable(ctx, anna, tableId)).leftAmount).toBe(1980);
    const failed = await ctx.database.db.select().from(payment).where(eq(payment.status, 'FAILED'));
    expect(failed.length).toBe(3);
  });
});

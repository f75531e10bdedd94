import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StripeApiStandIn, startStripeApiStandIn } from '../../../../test/helpers/stripe-stand-in.ts';
import { ProviderRefusal } from './provider.ts';
import { SandboxProvider } from './sandbox.ts';
import {
  fromStripeAmount,
  STRIPE_MAX_AMOUNT,
  StripeProvider,
  sessionExpiry,
  toStripeAmount,
} from './stripe.ts';

/** The provider layer against the Stripe stand-in: what Stripe refuses, expire, retrieve and refunds. */
describe('Stripe provider and the stand-in', () => {
  let standIn: StripeApiStandIn;
  let provider: StripeProvider;
  let raw: Stripe;

  beforeAll(async () => {
    standIn = await startStripeApiStandIn();
    provider = new StripeProvider({ secretKey: 'sk_test_x', webhookSecret: 'whsec_x', apiBase: standIn.url });
    const url = new URL(standIn.url);
    raw = new Stripe('sk_test_x', {
      host: url.hostname,
      port: Number(url.port),
      protocol: 'http',
      maxNetworkRetries: 0,
    });
  });
  afterAll(() => standIn.close());

  const checkout = (paymentId: string, total: number, minutes = 40, key = `k-${paymentId}`) =>
    provider.startCheckout({
      paymentId,
      total,
      currency: 'HUF',
      restaurantName: 'Kocsma',
      tableNumber: 2,
      lang: 'en',
      resultUrl: 'http://localhost/r',
      expiresAt: new Date(Date.now() + minutes * 60_000),
      idempotencyKey: key,
    });

  const sessionParams = (expiresAt: number, amount = 100_000): Stripe.Checkout.SessionCreateParams => ({
    mode: 'payment',
    line_items: [
      { quantity: 1, price_data: { currency: 'huf', unit_amount: amount, product_data: { name: 'x' } } },
    ],
    success_url: 'http://localhost/r',
    expires_at: expiresAt,
  });

  it('refuses what Stripe refuses: expires_at outside 30 min – 24 h, more than eight digits, under the minimum charge, a reused key', async () => {
    const now = Math.floor(Date.now() / 1000);
    await expect(raw.checkout.sessions.create(sessionParams(now + 29 * 60 + 50))).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      param: 'expires_at',
    });
    await expect(raw.checkout.sessions.create(sessionParams(now + 24 * 3600 + 60))).rejects.toMatchObject({
      param: 'expires_at',
    });
    await expect(
      raw.checkout.sessions.create(sessionParams(now + 3600, STRIPE_MAX_AMOUNT + 1)),
    ).rejects.toMatchObject({
      code: 'amount_too_large',
    });
    expect((await raw.checkout.sessions.create(sessionParams(now + 3600, STRIPE_MAX_AMOUNT))).status).toBe(
      'open',
    );
    // HUF's minimum charge is 175.00 Ft: 17 500 in Stripe's minor unit.
    await expect(raw.checkout.sessions.create(sessionParams(now + 3600, 17_499))).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'amount_too_small',
    });
    expect((await raw.checkout.sessions.create(sessionParams(now + 3600, 17_500))).status).toBe('open');
    const first = await raw.checkout.sessions.create(sessionParams(now + 3600), {
      idempotencyKey: 'same-key',
    });
    const replay = await raw.checkout.sessions.create(sessionParams(now + 3600), {
      idempotencyKey: 'same-key',
    });
    expect(replay.id).toBe(first.id);
    await expect(
      raw.checkout.sessions.create(sessionParams(now + 3601), { idempotencyKey: 'same-key' }),
    ).rejects.toMatchObject({ type: 'StripeIdempotencyError' });
  });

  it('keeps a failure under its key as Stripe does: the same key gets the same failure', async () => {
    standIn.failNext(500);
    await expect(
      checkout('a0000000-0000-4000-8000-000000000001', 1000, 40, 'kept-failure'),
    ).rejects.toThrow();
    await expect(checkout('a0000000-0000-4000-8000-000000000001', 1000, 40, 'kept-failure')).rejects.toThrow(
      'stand-in failure',
    );
    const fresh = await checkout('a0000000-0000-4000-8000-000000000001', 1000, 40, 'fresh-key');
    expect(fresh.reference).toMatch(/^cs_test_/);
  });

  it('sends HUF in fillér, and never an expiry under Stripe’s floor plus the margin', async () => {
    expect(toStripeAmount(3480, 'HUF')).toBe(348_000);
    expect(fromStripeAmount(348_000, 'huf')).toBe(3480);
    expect(toStripeAmount(500, 'JPY')).toBe(500);
    expect(provider.maximumTotal('HUF')).toBe(999_999);
    expect(provider.maximumTotal('JPY')).toBe(STRIPE_MAX_AMOUNT);
    // The minimum charge in our unit: whole forints for HUF, the minor unit elsewhere; none where unknown.
    expect(provider.minimumTotal('HUF')).toBe(175);
    expect(provider.minimumTotal('eur')).toBe(50);
    expect(provider.minimumTotal('JPY')).toBe(50);
    expect(provider.minimumTotal('XAF')).toBeNull();
    const now = Date.UTC(2026, 10, 27, 12, 0, 0);
    // Asked for 30 minutes exactly (what main sent, floored, after the commit): moved to 35.
    expect(sessionExpiry(new Date(now + 30 * 60_000), now)).toBe(now / 1000 + 35 * 60);
    expect(sessionExpiry(new Date(now + 60 * 60_000), now)).toBe(now / 1000 + 60 * 60);
    expect(sessionExpiry(new Date(now + 48 * 3600_000), now)).toBe(now / 1000 + 24 * 3600 - 60);
    // A session asked to lapse in 30 minutes, sent 20 seconds late, is still taken.
    standIn.advance(20_000);
    try {
      const session = await checkout('a0000000-0000-4000-8000-000000000002', 1000, 30);
      expect(session.reference).toMatch(/^cs_test_/);
    } finally {
      standIn.advance(-20_000);
    }
    await expect(checkout('a0000000-0000-4000-8000-000000000003', 1_000_000)).rejects.toBeInstanceOf(
      ProviderRefusal,
    );
    await expect(checkout('a0000000-0000-4000-8000-000000000004', 174)).rejects.toMatchObject({
      name: 'ProviderRefusal',
      code: 'amount_too_small',
    });
  });

  it('expires an open session, answers a completed one as it is, and retrieves either', async () => {
    const open = await checkout('a0000000-0000-4000-8000-000000000004', 2000);
    const expired = await provider.expire(open.reference as string);
    expect(expired).toMatchObject({ status: 'expired', paid: false, total: 2000 });
    expect(await provider.expire(open.reference as string)).toMatchObject({ status: 'expired' });
    expect(standIn.outbox.at(-1)).toMatchObject({ type: 'checkout.session.expired' });
    expect(standIn.complete(open.reference as string)).toBe(false);

    const paid = await checkout('a0000000-0000-4000-8000-000000000005', 3000);
    standIn.complete(paid.reference as string);
    expect(await provider.expire(paid.reference as string)).toMatchObject({
      status: 'complete',
      paid: true,
      total: 3000,
      paymentId: 'a0000000-0000-4000-8000-000000000005',
    });
    expect(await provider.retrieve(paid.reference as string)).toMatchObject({
      status: 'complete',
      paid: true,
    });
    await expect(provider.retrieve('cs_test_nothing')).rejects.toBeInstanceOf(ProviderRefusal);
  });

  it('refunds a paid session once per key, never more than was paid, and nothing unpaid', async () => {
    const paid = await checkout('a0000000-0000-4000-8000-000000000006', 4000);
    const reference = paid.reference as string;
    await expect(provider.refund(reference, 4000, 'refund-unpaid')).rejects.toBeInstanceOf(ProviderRefusal);
    standIn.complete(reference, { delayed: true });
    await expect(provider.refund(reference, 4000, 'refund-delayed')).rejects.toBeInstanceOf(ProviderRefusal);
    standIn.settleDelayed(reference, true);
    const first = await provider.refund(reference, 4000, 'refund-1');
    expect(first).toMatchObject({ status: 'succeeded' });
    expect(await provider.refund(reference, 4000, 'refund-1')).toEqual(first);
    expect(standIn.refunded(reference)).toBe(400_000);
    await expect(provider.refund(reference, 1, 'refund-2')).rejects.toBeInstanceOf(ProviderRefusal);
    expect(standIn.refunds.at(-1)?.metadata).toEqual({ paymentId: 'a0000000-0000-4000-8000-000000000006' });
  });

  it('sandbox: expire and retrieve have nothing to do, a refund answers the same per key', async () => {
    const sandbox = new SandboxProvider('http://localhost', 'sandbox-secret-0123456789');
    expect(await sandbox.expire('p')).toMatchObject({ status: 'expired', paid: false });
    expect((await sandbox.refund('p', 10, 'k')).reference).toBe(
      (await sandbox.refund('p', 10, 'k')).reference,
    );
    expect(sandbox.maximumTotal()).toBeNull();
  });
});

import { RowIdParamSchema } from '@tablo/contract/ids';
import { LanguageCodeSchema } from '@tablo/contract/languages';
import { IDEMPOTENCY_HEADER } from '@tablo/contract/order';
import {
  CreatePaymentRequestSchema,
  IdempotencyKeySchema,
  PayableResponseSchema,
  PaymentResultSchema,
  PaymentSchema,
  ReceiptSchema,
} from '@tablo/contract/payment';
import { SESSION_HEADER } from '@tablo/contract/session';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import type { Config } from '../../env.ts';
import { HttpError } from '../../lib/http-error.ts';
import { staffOf } from '../staff/staff-auth.ts';
import { recordProviderSuccess } from './checkout-outcomes.ts';
import { markCheckoutClosed } from './checkout-rows.ts';
import { loadPayment } from './payment-rows.ts';
import { SandboxProvider } from './providers/sandbox.ts';
import { fromStripeAmount, StripeProvider } from './providers/stripe.ts';
import { readReceipt } from './receipt.ts';
import { startReconciler } from './reconciler.ts';
import { refundRoutes } from './refund-routes.ts';
import { renderCheckoutPage, renderMessagePage } from './sandbox-page.ts';
import {
  createPayment,
  type PaymentDeps,
  readPayable,
  readPaymentResult,
  resultUrl,
  settlePayment,
  staffSettle,
} from './service.ts';
import { type PaymentSweeper, startPaymentSweeper } from './sweeper.ts';

export interface PaymentsOptions {
  database: Database;
  config: Config;
  /** How often the sweeper looks for lapsed reservations; default 15 s. */
  sweepIntervalMs?: number;
  /** How often online payments are reconciled with the provider; default 60 s (reconciler.ts). */
  reconcileIntervalMs?: number;
  /** How long a payment's webhook is waited for before the provider is asked; default 120 s. */
  reconcileAfterSeconds?: number;
}

const MISSING_KEY =
  'The Idempotency-Key header is missing or invalid: send one key per payment attempt (8–128 letters, digits, "-" or "_")';

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

const PaymentParams = z.object({ paymentId: z.uuid() });

/**
 * Paying from the phone (issue 9): the API under /api, the sandbox provider's hosted page, the Stripe
 * webhook and the sweeper. Answers the sweeper so tests can run a pass.
 */
export async function setupPayments(app: FastifyInstance, options: PaymentsOptions): Promise<PaymentSweeper> {
  const { database, config } = options;
  const settings = config.payments;
  const sandbox =
    settings.provider === 'sandbox' ? new SandboxProvider(config.publicUrl, settings.sandboxSecret) : null;
  const stripe =
    settings.provider === 'stripe' && settings.stripe ? new StripeProvider(settings.stripe) : null;
  const deps: PaymentDeps = {
    publicUrl: config.publicUrl,
    reservationMinutes: settings.reservationMinutes,
    provider: sandbox ?? stripe,
    onSweepError: (error) => app.log.error({ err: error }, 'lapsed payment not expired'),
  };
  await app.register(paymentApi, { prefix: '/api', database, deps });
  await app.register(refundRoutes, { prefix: '/api', database, deps: { provider: deps.provider } });
  if (stripe) {
    await app.register(stripeWebhook, { prefix: '/api', database, stripe });
    // Lost webhooks, checkouts to expire after we ended a payment, refunds to send again: on every
    // instance, at start and periodically (docs/decisions/052).
    const reconciler = await startReconciler(database, stripe, {
      intervalMs: options.reconcileIntervalMs ?? 60_000,
      afterSeconds: options.reconcileAfterSeconds ?? 120,
      onError: (error) => app.log.error({ err: error }, 'payment reconciliation failed'),
    });
    app.addHook('onClose', () => reconciler.stop());
  }
  if (sandbox) {
    if (settings.sandboxSecretIsRandom && config.databaseUrl) {
      // Another instance on the same database signs with its own random secret: a checkout opened on one
      // instance and posted to another would be refused as forged.
      app.log.warn(
        'PAYMENT_SANDBOX_SECRET is not set: this instance signs sandbox checkouts with a random secret. With several instances on one database, set the same PAYMENT_SANDBOX_SECRET on every instance, or the sandbox checkout form fails.',
      );
    }
    await app.register(sandboxCheckout, { database, sandbox, publicUrl: config.publicUrl });
  }
  const sweeper = startPaymentSweeper(database, {
    intervalMs: options.sweepIntervalMs ?? 15_000,
    onError: (error) => app.log.error({ err: error }, 'payment sweeper failed'),
  });
  app.addHook('onClose', () => sweeper.stop());
  return sweeper;
}

const paymentApi: FastifyPluginAsyncZod<{ database: Database; deps: PaymentDeps }> = async (
  app,
  { database, deps },
) => {
  app.get(
    '/tables/:tableId/payable',
    {
      schema: {
        tags: ['payments'],
        summary:
          "The payment summary: the open visit's payable lines, the split, the amounts and the methods",
        params: z.object({ tableId: RowIdParamSchema }),
        headers: z.object({ [SESSION_HEADER]: z.string().optional() }),
        response: { 200: PayableResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return readPayable(
        database,
        deps,
        headerValue(request.headers[SESSION_HEADER]),
        request.params.tableId,
      );
    },
  );

  app.post(
    '/payments',
    {
      schema: {
        tags: ['payments'],
        summary:
          'Pay items, equal shares or the rest (Idempotency-Key: same key + same body → the first answer)',
        headers: z.object({
          [IDEMPOTENCY_HEADER]: z.string().optional(),
          [SESSION_HEADER]: z.string().optional(),
        }),
        body: CreatePaymentRequestSchema,
        response: { 201: PaymentSchema },
      },
    },
    async (request, reply) => {
      const key = IdempotencyKeySchema.safeParse(headerValue(request.headers[IDEMPOTENCY_HEADER]));
      if (!key.success) throw new HttpError(400, MISSING_KEY);
      const payment = await createPayment(
        database,
        deps,
        headerValue(request.headers[SESSION_HEADER]),
        key.data,
        request.body,
      );
      return reply.code(201).header('cache-control', 'no-store').send(payment);
    },
  );

  app.get(
    '/payments/:paymentId',
    {
      schema: {
        tags: ['payments'],
        summary: 'The payment (for a session of its visit) and what is left to pay at the table',
        params: PaymentParams,
        headers: z.object({ [SESSION_HEADER]: z.string().optional() }),
        response: { 200: PaymentResultSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return readPaymentResult(
        database,
        headerValue(request.headers[SESSION_HEADER]),
        request.params.paymentId,
      );
    },
  );

  app.get(
    '/payments/:paymentId/receipt',
    {
      schema: {
        tags: ['payments'],
        summary: 'The receipt of a succeeded payment: items, VAT per rate, tip, total',
        params: PaymentParams,
        headers: z.object({ [SESSION_HEADER]: z.string().optional() }),
        response: { 200: ReceiptSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return readReceipt(database, headerValue(request.headers[SESSION_HEADER]), request.params.paymentId);
    },
  );

  for (const action of ['confirm', 'cancel'] as const) {
    app.post(
      `/staff/payments/:paymentId/${action}`,
      {
        config: { staffPermission: 'confirmPayments' },
        schema: {
          tags: ['staff'],
          summary:
            action === 'confirm'
              ? 'Confirm a cash or card payment: its items become paid (a confirmed one is answered unchanged)'
              : 'Cancel a pending cash or card payment: its items are released',
          params: PaymentParams,
          body: z.object({}),
          response: { 200: PaymentSchema },
        },
      },
      async (request) =>
        staffSettle(database, staffOf(request).restaurantId, request.params.paymentId, action),
    );
  }
};

const stripeWebhook: FastifyPluginAsyncZod<{ database: Database; stripe: StripeProvider }> = async (
  app,
  { database, stripe },
) => {
  // The signature covers the exact bytes: this route alone keeps the body raw.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
  app.post(
    '/payments/webhooks/stripe',
    {
      schema: {
        tags: ['payments'],
        summary: 'Stripe webhook (signed): checkout sessions completed or expired',
      },
    },
    async (request) => {
      let event: ReturnType<StripeProvider['verifyWebhook']>;
      try {
        event = stripe.verifyWebhook(
          request.body as Buffer,
          headerValue(request.headers['stripe-signature']),
        );
      } catch {
        throw new HttpError(400, 'The webhook signature is missing or invalid');
      }
      const outcome = stripeOutcome(event);
      if (!outcome) return { received: true };
      const stored = await loadPayment(database.db, outcome.paymentId);
      if (!stored) return { received: true };
      if (stored.provider !== 'stripe' || stored.providerReference !== outcome.sessionId) {
        throw new HttpError(400, 'The event does not match the payment');
      }
      if (outcome.to === 'SUCCEEDED') {
        // Money taken: recorded whatever the payment's state — a late success is accepted or refunded.
        const result = await recordProviderSuccess(
          database,
          stripe,
          stored.id,
          outcome.sessionId,
          outcome.total,
        );
        if (result !== 'SUCCEEDED') {
          request.log.warn(
            { paymentId: stored.id, status: stored.status, event: event.type, outcome: result },
            'Stripe success for a payment we had ended',
          );
        }
      } else {
        const result = await settlePayment(database, stored.id, 'FAILED', { fromProvider: true });
        if (result && !result.changed) await markCheckoutClosed(database.db, stored.id);
      }
      return { received: true };
    },
  );
};

/** The payment a Checkout Session event settles, and how (null: an event we do not act on). */
function stripeOutcome(
  event: ReturnType<StripeProvider['verifyWebhook']>,
): { paymentId: string; sessionId: string; to: 'SUCCEEDED' | 'FAILED'; total: number | null } | null {
  const session = event.data.object as {
    id?: string;
    metadata?: Record<string, string> | null;
    payment_status?: string;
    amount_total?: number | null;
    currency?: string | null;
  };
  const paymentId = session.metadata?.paymentId;
  if (!paymentId || !session.id || !z.uuid().safeParse(paymentId).success) return null;
  const total =
    typeof session.amount_total === 'number' && session.currency
      ? fromStripeAmount(session.amount_total, session.currency)
      : null;
  const base = { paymentId, sessionId: session.id, total };
  switch (event.type) {
    case 'checkout.session.completed':
      // Delayed methods complete unpaid first; their async_payment_* event settles them.
      return session.payment_status === 'unpaid' ? null : { ...base, to: 'SUCCEEDED' };
    case 'checkout.session.async_payment_succeeded':
      return { ...base, to: 'SUCCEEDED' };
    case 'checkout.session.expired':
    case 'checkout.session.async_payment_failed':
      return { ...base, to: 'FAILED' };
    default:
      return null;
  }
}

const SANDBOX_NOT_YOURS =
  'This checkout can only be used from the phone that started the payment (its link holds a key)';

const SandboxForm = z.object({
  token: z.string().max(200).optional(),
  action: z.enum(['approve', 'decline', 'cancel']),
  lang: LanguageCodeSchema.catch('hu'),
});

const sandboxCheckout: FastifyPluginAsyncZod<{
  database: Database;
  sandbox: SandboxProvider;
  publicUrl: string;
}> = async (app, { database, sandbox, publicUrl }) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  const sandboxPayment = async (paymentId: string) => {
    const parsed = z.uuid().safeParse(paymentId);
    const stored = parsed.success ? await loadPayment(database.db, parsed.data) : null;
    return stored && stored.method === 'ONLINE' && stored.provider === 'sandbox' ? stored : null;
  };

  app.get('/sandbox-checkout/:paymentId', { schema: { hide: true } }, async (request, reply) => {
    const { paymentId } = request.params as { paymentId: string };
    const query = request.query as { lang?: string; key?: string };
    const lang = LanguageCodeSchema.catch('hu').parse(query.lang);
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    const stored = await sandboxPayment(paymentId);
    if (!stored) return reply.code(404).send(renderMessagePage('No such checkout'));
    // The payment id reaches every phone at the table; the key only the payer's (decision 053).
    if (!sandbox.tokenMatches(stored.id, typeof query.key === 'string' ? query.key : undefined)) {
      return reply.code(403).send(renderMessagePage(SANDBOX_NOT_YOURS, lang));
    }
    return renderCheckoutPage({
      paymentId: stored.id,
      merchant: stored.restaurantName,
      tableNumber: stored.tableNumber,
      amount: stored.amount,
      tip: stored.tip,
      currency: stored.currency,
      token: sandbox.token(stored.id),
      lang,
      finished:
        stored.status === 'PENDING'
          ? null
          : { status: stored.status, resultUrl: resultUrl(publicUrl, stored, lang) },
    });
  });

  app.post('/sandbox-checkout/:paymentId', { schema: { hide: true } }, async (request, reply) => {
    const { paymentId } = request.params as { paymentId: string };
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    const form = SandboxForm.safeParse(request.body ?? {});
    if (!form.success)
      return reply.code(400).send(renderMessagePage('The form is incomplete: go back and try again'));
    const stored = await sandboxPayment(paymentId);
    if (!stored) return reply.code(404).send(renderMessagePage('No such checkout'));
    if (!sandbox.tokenMatches(stored.id, form.data.token)) {
      return reply.code(403).send(renderMessagePage(SANDBOX_NOT_YOURS, form.data.lang));
    }
    const to =
      form.data.action === 'approve' ? 'SUCCEEDED' : form.data.action === 'decline' ? 'FAILED' : 'CANCELLED';
    const result = await settlePayment(database, stored.id, to);
    if (!result?.changed) {
      return reply
        .code(409)
        .send(
          renderMessagePage(
            `This payment is ${(result?.payment.status ?? 'gone').toLowerCase()} already`,
            form.data.lang,
          ),
        );
    }
    return reply.redirect(resultUrl('', stored, form.data.lang), 303);
  });
};

import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import Stripe from 'stripe';

/**
 * A local STAND-IN of the Stripe API for tests (not Stripe). It keeps Checkout Sessions, PaymentIntents
 * and refunds the way Stripe does, and refuses what Stripe refuses (docs.stripe.com, checked 2026-11-27):
 *
 * - `expires_at` between 30 minutes and 24 hours after the request (by the stand-in's clock);
 * - amounts: whole numbers, 0 ≤ amount ≤ 99 999 999 (eight digits, in the currency's minor unit — a
 *   1 000 000 Ft total is 10^8 fillér and refused); a total under Stripe's minimum charge for its currency
 *   (`amount_too_small`: HUF 175.00 = 17 500, EUR 0.50 = 50…); a lowercase three-letter currency;
 * - an idempotency key reused with other parameters (400 `idempotency_error`); the same key with the same
 *   parameters answers the first answer again — Stripe keeps it whatever it was, a 500 too;
 * - `expire` of a session that is not `open`; a refund of a payment that is not paid, or of more than is
 *   left of it.
 *
 * The test plays the diner and Stripe's clock: `complete` (paid, or a delayed method still unpaid),
 * `settleDelayed`, `lapse` (Stripe's own expiry). Each change puts the event Stripe would send in
 * `outbox`; the test delivers it (signed: `signed`) late, twice, out of order or never.
 */
export interface RecordedStripeRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The form-encoded body, decoded (keys as Stripe's bracket notation: `line_items[0][quantity]`). */
  form: Record<string, string>;
}

export interface StandInSession {
  id: string;
  object: 'checkout.session';
  mode: 'payment';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid';
  currency: string;
  amount_total: number;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  expires_at: number;
  created: number;
  success_url: string;
  cancel_url: string;
  url: string | null;
}

export interface StandInRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: 'succeeded';
  metadata: Record<string, string>;
}

export interface StandInEvent {
  id: string;
  object: 'event';
  type: string;
  api_version: string;
  created: number;
  data: { object: StandInSession };
}

export interface StripeApiStandIn {
  url: string;
  requests: RecordedStripeRequest[];
  sessions: Map<string, StandInSession>;
  refunds: StandInRefund[];
  /** Events in the order Stripe would send them; the test takes and delivers them. */
  outbox: StandInEvent[];
  /** The next answer (any path) is this status, a Stripe-style api_error (kept under its key, as Stripe does). */
  failNext(status: number): void;
  /** The next request whose path contains `pathPart` fails so (Stripe unreachable for one call). */
  failNextFor(pathPart: string, status: number): void;
  /**
   * The next request is held: `arrived` resolves when it is in, and it is answered only after `release()`
   * (a slow Stripe: what happens meanwhile on our side).
   */
  holdNext(): { arrived: Promise<void>; release(): void };
  /** Moves the stand-in's clock (what `expires_at` is checked against). */
  advance(ms: number): void;
  /** The diner finishes on Stripe's page: paid (card), or `delayed` (a bank debit: unpaid until settled). */
  complete(sessionId: string, options?: { delayed?: boolean }): boolean;
  /** A delayed method's outcome arrives. */
  settleDelayed(sessionId: string, succeeded: boolean): boolean;
  /** Stripe expires an open session itself (its `expires_at` passed). */
  lapse(sessionId: string): boolean;
  /** The session's refunded amount so far (minor unit). */
  refunded(sessionId: string): number;
  /** An event and its Stripe-Signature header for this webhook secret. */
  signed(event: object, secret: string): { payload: string; signature: string };
  /** The session id of a checkout URL the stand-in handed out. */
  sessionOf(checkoutUrl: string): string;
  close(): Promise<void>;
}

const MAX_AMOUNT = 99_999_999;
/** Stripe's minimum charge amounts in the minor unit (docs.stripe.com/currencies), for the currencies tests use. */
const MIN_AMOUNTS: Record<string, { amount: number; shown: string }> = {
  huf: { amount: 17_500, shown: 'Ft175.00' },
  eur: { amount: 50, shown: '€0.50' },
  czk: { amount: 1_500, shown: 'Kč15.00' },
  usd: { amount: 50, shown: '$0.50' },
  jpy: { amount: 50, shown: '¥50' },
};
const stripe = new Stripe('sk_test_stand_in');

class Refused extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly param: string | null = null,
    readonly code: string | null = null,
  ) {
    super(message);
  }
}

export async function startStripeApiStandIn(): Promise<StripeApiStandIn> {
  const requests: RecordedStripeRequest[] = [];
  const sessions = new Map<string, StandInSession>();
  const refunds: StandInRefund[] = [];
  const outbox: StandInEvent[] = [];
  const intents = new Map<string, string>(); // payment_intent → session id
  const intentStatus = new Map<string, string>();
  const failFor = new Map<string, number>();
  const idempotent = new Map<string, { fingerprint: string; status: number; body: string }>();
  let failure: number | null = null;
  let held: { arrive(): void; released: Promise<void> } | null = null;
  let offsetMs = 0;
  const nowSeconds = () => Math.floor((Date.now() + offsetMs) / 1000);
  const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

  const emit = (type: string, session: StandInSession) => {
    outbox.push({
      id: id('evt'),
      object: 'event',
      type,
      api_version: '2025-01-01',
      created: nowSeconds(),
      data: { object: structuredClone(session) },
    });
  };

  const amountOf = (value: string | undefined, param: string): number => {
    const amount = Number(value);
    if (value === undefined || !/^\d+$/.test(value) || !Number.isSafeInteger(amount)) {
      throw new Refused(400, 'invalid_request_error', `Invalid integer: ${value}`, param);
    }
    if (amount > MAX_AMOUNT) {
      throw new Refused(
        400,
        'invalid_request_error',
        `This value must be less than or equal to ${MAX_AMOUNT} (it currently is '${amount}').`,
        param,
        'amount_too_large',
      );
    }
    return amount;
  };

  const createSession = (form: Record<string, string>): StandInSession => {
    const currency = form['line_items[0][price_data][currency]'] ?? '';
    if (!/^[a-z]{3}$/.test(currency)) {
      throw new Refused(400, 'invalid_request_error', `Invalid currency: ${currency}`, 'currency');
    }
    const unit = amountOf(
      form['line_items[0][price_data][unit_amount]'],
      'line_items[0][price_data][unit_amount]',
    );
    const quantity = Number(form['line_items[0][quantity]'] ?? 1);
    const total = unit * quantity;
    if (total > MAX_AMOUNT) {
      throw new Refused(
        400,
        'invalid_request_error',
        'The total amount is too large',
        'line_items',
        'amount_too_large',
      );
    }
    const minimum = MIN_AMOUNTS[currency];
    if (minimum && total < minimum.amount) {
      throw new Refused(
        400,
        'invalid_request_error',
        `The Checkout Session's total amount due must add up to at least ${minimum.shown} ${currency}`,
        null,
        'amount_too_small',
      );
    }
    const now = nowSeconds();
    let expiresAt = now + 24 * 60 * 60;
    if (form.expires_at !== undefined) {
      expiresAt = Number(form.expires_at);
      if (!Number.isInteger(expiresAt)) {
        throw new Refused(400, 'invalid_request_error', `Invalid integer: ${form.expires_at}`, 'expires_at');
      }
      if (expiresAt < now + 30 * 60) {
        throw new Refused(
          400,
          'invalid_request_error',
          'The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.',
          'expires_at',
        );
      }
      if (expiresAt > now + 24 * 60 * 60) {
        throw new Refused(
          400,
          'invalid_request_error',
          'The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.',
          'expires_at',
        );
      }
    }
    const sessionId = id('cs_test');
    const session: StandInSession = {
      id: sessionId,
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      currency,
      amount_total: total,
      client_reference_id: form.client_reference_id ?? null,
      metadata: form['metadata[paymentId]'] ? { paymentId: form['metadata[paymentId]'] } : {},
      payment_intent: null,
      expires_at: expiresAt,
      created: now,
      success_url: form.success_url ?? '',
      cancel_url: form.cancel_url ?? '',
      url: `https://checkout.stripe.com/c/pay/${sessionId}`,
    };
    sessions.set(sessionId, session);
    return session;
  };

  const sessionNamed = (sessionId: string): StandInSession => {
    const session = sessions.get(sessionId);
    if (!session) {
      throw new Refused(
        404,
        'invalid_request_error',
        `No such checkout.session: '${sessionId}'`,
        'session',
        'resource_missing',
      );
    }
    return session;
  };

  const refundedOf = (intent: string) =>
    refunds
      .filter((refund) => refund.payment_intent === intent)
      .reduce((sum, refund) => sum + refund.amount, 0);

  const createRefund = (form: Record<string, string>): StandInRefund => {
    const intent = form.payment_intent;
    const sessionId = intent ? intents.get(intent) : undefined;
    const session = sessionId ? sessions.get(sessionId) : undefined;
    if (!intent || !session) {
      throw new Refused(
        400,
        'invalid_request_error',
        `No such payment_intent: '${intent}'`,
        'payment_intent',
        'resource_missing',
      );
    }
    if (session.payment_status !== 'paid') {
      throw new Refused(
        400,
        'invalid_request_error',
        'This PaymentIntent does not have a successful charge to refund.',
        'payment_intent',
      );
    }
    const left = session.amount_total - refundedOf(intent);
    const amount = form.amount === undefined ? left : amountOf(form.amount, 'amount');
    if (left === 0) {
      throw new Refused(
        400,
        'invalid_request_error',
        'Charge has already been refunded.',
        null,
        'charge_already_refunded',
      );
    }
    if (amount > left || amount <= 0) {
      throw new Refused(
        400,
        'invalid_request_error',
        `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
        'amount',
        'amount_too_large',
      );
    }
    const refund: StandInRefund = {
      id: id('re'),
      object: 'refund',
      amount,
      currency: session.currency,
      payment_intent: intent,
      status: 'succeeded',
      metadata: Object.fromEntries(
        Object.entries(form)
          .filter(([key]) => key.startsWith('metadata['))
          .map(([key, value]) => [key.slice(9, -1), value]),
      ),
    };
    refunds.push(refund);
    return refund;
  };

  const route = (method: string, path: string, form: Record<string, string>): unknown => {
    if (method === 'POST' && path === '/v1/checkout/sessions') return createSession(form);
    if (method === 'POST' && path === '/v1/refunds') return createRefund(form);
    const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
    if (method === 'POST' && expire) {
      const session = sessionNamed(decodeURIComponent(expire[1] as string));
      if (session.status !== 'open') {
        throw new Refused(
          400,
          'invalid_request_error',
          `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
        );
      }
      session.status = 'expired';
      session.url = null;
      emit('checkout.session.expired', session);
      return session;
    }
    const retrieve = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (method === 'GET' && retrieve) {
      const session = sessionNamed(decodeURIComponent(retrieve[1] as string));
      if (form['expand[0]'] !== 'payment_intent' || !session.payment_intent) return session;
      const intent = session.payment_intent;
      return {
        ...session,
        payment_intent: { id: intent, object: 'payment_intent', status: intentStatus.get(intent) },
      };
    }
    throw new Refused(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  };

  const server: Server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', async () => {
      if (held) {
        const hold = held;
        held = null;
        hold.arrive();
        await hold.released;
      }
      const url = new URL(request.url ?? '/', 'http://stand-in');
      const form = {
        ...Object.fromEntries(url.searchParams),
        ...Object.fromEntries(new URLSearchParams(body)),
      };
      const method = request.method ?? '';
      const path = url.pathname;
      requests.push({ method, path, headers: request.headers, form });
      response.setHeader('content-type', 'application/json');
      response.setHeader('request-id', `req_${randomBytes(6).toString('hex')}`);
      const send = (status: number, answer: string) => {
        response.statusCode = status;
        response.end(answer);
      };
      const key = request.headers['idempotency-key'];
      const idempotencyKey = method === 'POST' && typeof key === 'string' ? key : null;
      const fingerprint = createHash('sha256').update(`${method} ${path} ${body}`).digest('hex');
      if (idempotencyKey) {
        const kept = idempotent.get(idempotencyKey);
        if (kept && kept.fingerprint !== fingerprint) {
          send(
            400,
            JSON.stringify({
              error: {
                type: 'idempotency_error',
                message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
              },
            }),
          );
          return;
        }
        if (kept) {
          response.setHeader('idempotent-replayed', 'true');
          send(kept.status, kept.body);
          return;
        }
      }
      let status = 200;
      let answer: string;
      const targeted = [...failFor.keys()].find((part) => path.includes(part));
      if (failure !== null || targeted !== undefined) {
        status = failure ?? (failFor.get(targeted as string) as number);
        if (failure !== null) failure = null;
        else failFor.delete(targeted as string);
        answer = JSON.stringify({ error: { type: 'api_error', message: 'stand-in failure' } });
      } else {
        try {
          answer = JSON.stringify(route(method, path, form));
        } catch (error) {
          if (!(error instanceof Refused)) throw error;
          status = error.status;
          answer = JSON.stringify({
            error: { type: error.type, message: error.message, param: error.param, code: error.code },
          });
          // Stripe keeps no answer for a request refused by validation: the key may be used again.
          send(status, answer);
          return;
        }
      }
      if (idempotencyKey) idempotent.set(idempotencyKey, { fingerprint, status, body: answer });
      send(status, answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    sessions,
    refunds,
    outbox,
    failNext(status) {
      failure = status;
    },
    failNextFor(pathPart, status) {
      failFor.set(pathPart, status);
    },
    holdNext() {
      let arrive = () => {};
      let release = () => {};
      const arrived = new Promise<void>((resolve) => {
        arrive = resolve;
      });
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      held = { arrive, released };
      return { arrived, release };
    },
    advance(ms) {
      offsetMs += ms;
    },
    complete(sessionId, options = {}) {
      const session = sessions.get(sessionId);
      if (session?.status !== 'open') return false;
      session.status = 'complete';
      session.url = null;
      session.payment_intent = id('pi');
      intents.set(session.payment_intent, session.id);
      session.payment_status = options.delayed ? 'unpaid' : 'paid';
      intentStatus.set(session.payment_intent, options.delayed ? 'processing' : 'succeeded');
      emit('checkout.session.completed', session);
      return true;
    },
    settleDelayed(sessionId, succeeded) {
      const session = sessions.get(sessionId);
      if (session?.status !== 'complete' || session.payment_status === 'paid') return false;
      if (intentStatus.get(session.payment_intent as string) !== 'processing') return false;
      if (succeeded) session.payment_status = 'paid';
      intentStatus.set(session.payment_intent as string, succeeded ? 'succeeded' : 'requires_payment_method');
      emit(
        succeeded ? 'checkout.session.async_payment_succeeded' : 'checkout.session.async_payment_failed',
        session,
      );
      return true;
    },
    lapse(sessionId) {
      const session = sessions.get(sessionId);
      if (session?.status !== 'open') return false;
      session.status = 'expired';
      session.url = null;
      emit('checkout.session.expired', session);
      return true;
    },
    refunded(sessionId) {
      const intent = sessions.get(sessionId)?.payment_intent;
      return intent ? refundedOf(intent) : 0;
    },
    signed(event, secret) {
      const payload = JSON.stringify(event);
      return { payload, signature: stripe.webhooks.generateTestHeaderString({ payload, secret }) };
    },
    sessionOf(checkoutUrl) {
      return checkoutUrl.split('/').at(-1) as string;
    },
    close: () =>
      new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

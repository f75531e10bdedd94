import Stripe from 'stripe';
import {
  type CheckoutRequest,
  type CheckoutSession,
  type CheckoutState,
  type OnlinePaymentProvider,
  ProviderRefusal,
  type RefundResult,
} from './provider.ts';

/**
 * Stripe amounts are in the currency's minor unit. HUF is a two-decimal currency for Stripe charges
 * (fillér), while payouts treat it as zero-decimal (docs.stripe.com/currencies, "special cases"): our
 * whole-forint amounts are multiplied by 100, which keeps every charge and refund a whole forint. The
 * same holds for TWD, and UGX and ISK are sent with two decimals for backwards compatibility.
 * Zero-decimal currencies (JPY, KRW…) are sent as they are; any other currency is stored in its minor
 * unit already.
 */
const WHOLE_UNIT_TWO_DECIMAL = new Set(['HUF', 'TWD', 'UGX', 'ISK']);

/** Stripe takes amounts of up to eight digits in the minor unit (99 999 999: 999 999.99 Ft). */
export const STRIPE_MAX_AMOUNT = 99_999_999;

/**
 * Stripe's minimum charge per currency, in its minor unit (docs.stripe.com/currencies, "Minimum and
 * maximum charge amounts"): a smaller session is refused as `amount_too_small`. HUF's is 175.00 Ft
 * (17 500 fillér). A currency not listed has no floor here: Stripe's refusal then answers as a provider failure.
 */
export const STRIPE_MIN_AMOUNTS: Readonly<Record<string, number>> = {
  HUF: 17_500,
  EUR: 50,
  CZK: 1_500,
  PLN: 200,
  RON: 200,
  BGN: 100,
  CHF: 50,
  GBP: 30,
  USD: 50,
  SEK: 300,
  DKK: 250,
  NOK: 300,
  JPY: 50,
};

/** Stripe's floor for a Checkout Session's `expires_at`: 30 minutes after the request, at most 24 hours. */
export const STRIPE_MIN_SESSION_SECONDS = 30 * 60;
export const STRIPE_MAX_SESSION_SECONDS = 24 * 60 * 60;
/**
 * What we keep above Stripe's floor when we send `expires_at`: the library's retries (2 × 10 s at most),
 * the time between our database's clock and the request, and clock skew between us and Stripe.
 */
export const SESSION_FLOOR_MARGIN_SECONDS = 5 * 60;

function multiplierOf(currency: string): number {
  return WHOLE_UNIT_TWO_DECIMAL.has(currency.toUpperCase()) ? 100 : 1;
}

export function toStripeAmount(amount: number, currency: string): number {
  return amount * multiplierOf(currency);
}

export function fromStripeAmount(amount: number, currency: string): number {
  return amount / multiplierOf(currency);
}

/**
 * The `expires_at` to send (Unix seconds): the requested time, but never closer to `now` than Stripe's
 * floor plus our margin, nor beyond its 24-hour ceiling.
 */
export function sessionExpiry(requested: Date, now: number = Date.now()): number {
  const nowSeconds = Math.ceil(now / 1000);
  const wanted = Math.floor(requested.getTime() / 1000);
  const floor = nowSeconds + STRIPE_MIN_SESSION_SECONDS + SESSION_FLOOR_MARGIN_SECONDS;
  const ceiling = nowSeconds + STRIPE_MAX_SESSION_SECONDS - 60;
  return Math.min(Math.max(wanted, floor), ceiling);
}

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Only tests: a local stand-in of the Stripe API (http://127.0.0.1:port). */
  apiBase: string | null;
}

function clientOptions(apiBase: string | null): Stripe.StripeConfig {
  if (!apiBase) return { maxNetworkRetries: 2, timeout: 10_000 };
  const url = new URL(apiBase);
  return {
    host: url.hostname,
    port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
    protocol: url.protocol === 'https:' ? 'https' : 'http',
    maxNetworkRetries: 0,
    timeout: 10_000,
  };
}

/** A 4xx of Stripe's (invalid request, idempotency): the request itself is refused. */
function refusal(error: unknown): ProviderRefusal | null {
  if (
    error instanceof Stripe.errors.StripeInvalidRequestError ||
    error instanceof Stripe.errors.StripeIdempotencyError
  ) {
    return new ProviderRefusal(error.message, error.code ?? error.type);
  }
  return null;
}

/** Checkout Sessions, their expiry, retrieval and refunds, and signed webhooks through the official library. */
export class StripeProvider implements OnlinePaymentProvider {
  readonly name = 'stripe';
  /**
   * A session must live 30 minutes at least (plus our margin); our reservation outlasts it by 5 minutes,
   * so in the ordinary course no success can arrive after our reservation lapsed (one that does anyway
   * is handled as a late success: docs/decisions/052).
   */
  readonly minimumReservationMinutes = (STRIPE_MIN_SESSION_SECONDS + SESSION_FLOOR_MARGIN_SECONDS) / 60 + 5;
  private readonly client: Stripe;

  constructor(private readonly settings: StripeSettings) {
    this.client = new Stripe(settings.secretKey, clientOptions(settings.apiBase));
  }

  maximumTotal(currency: string): number {
    return Math.floor(STRIPE_MAX_AMOUNT / multiplierOf(currency));
  }

  minimumTotal(currency: string): number | null {
    const minimum = STRIPE_MIN_AMOUNTS[currency.toUpperCase()];
    return minimum === undefined ? null : Math.ceil(minimum / multiplierOf(currency));
  }

  async startCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
    let session: Stripe.Checkout.Session;
    try {
      session = await this.client.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: request.currency.toLowerCase(),
                unit_amount: toStripeAmount(request.total, request.currency),
                product_data: { name: `${request.restaurantName} — table ${request.tableNumber}` },
              },
            },
          ],
          client_reference_id: request.paymentId,
          metadata: { paymentId: request.paymentId },
          payment_intent_data: { metadata: { paymentId: request.paymentId } },
          success_url: request.resultUrl,
          cancel_url: request.resultUrl,
          expires_at: sessionExpiry(request.expiresAt),
        },
        { idempotencyKey: request.idempotencyKey },
      );
    } catch (error) {
      throw refusal(error) ?? error;
    }
    if (!session.url) throw new Error(`Stripe answered session ${session.id} without a url`);
    return { checkoutUrl: session.url, reference: session.id };
  }

  async expire(reference: string): Promise<CheckoutState> {
    try {
      return this.stateOf(await this.client.checkout.sessions.expire(reference));
    } catch (error) {
      // Only an open session can be expired: one that completed or expired already is answered as it is.
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
      const state = await this.retrieve(reference);
      if (state.status === 'open') throw refusal(error) ?? error;
      return state;
    }
  }

  async retrieve(reference: string): Promise<CheckoutState> {
    try {
      // The PaymentIntent comes along: a delayed method that failed leaves the session complete and
      // unpaid, and only its intent says that nothing will come (a lost async_payment_failed).
      return this.stateOf(
        await this.client.checkout.sessions.retrieve(reference, { expand: ['payment_intent'] }),
      );
    } catch (error) {
      throw refusal(error) ?? error;
    }
  }

  async refund(reference: string, amount: number, idempotencyKey: string): Promise<RefundResult> {
    try {
      const session = await this.client.checkout.sessions.retrieve(reference);
      const intent =
        typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
      if (!intent) throw new ProviderRefusal(`Session ${reference} has no payment to refund`, 'no_payment');
      const refund = await this.client.refunds.create(
        {
          payment_intent: intent,
          amount: toStripeAmount(amount, session.currency ?? 'huf'),
          metadata: { paymentId: session.metadata?.paymentId ?? '' },
        },
        { idempotencyKey },
      );
      return { reference: refund.id, status: (refund.status ?? 'pending') as RefundResult['status'] };
    } catch (error) {
      throw refusal(error) ?? error;
    }
  }

  /** The event, when the signature is Stripe's (throws otherwise). */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): Stripe.Event {
    if (!signature) throw new Error('No Stripe-Signature header');
    return this.client.webhooks.constructEvent(rawBody, signature, this.settings.webhookSecret);
  }

  private stateOf(session: Stripe.Checkout.Session): CheckoutState {
    const status: CheckoutState['status'] =
      session.status === 'complete' ? 'complete' : session.status === 'expired' ? 'expired' : 'open';
    const intent = typeof session.payment_intent === 'object' ? session.payment_intent : null;
    const paid = session.payment_status === 'paid';
    return {
      reference: session.id,
      status,
      paid,
      failed:
        status === 'complete' &&
        !paid &&
        (intent?.status === 'requires_payment_method' || intent?.status === 'canceled'),
      total:
        session.amount_total === null ? null : fromStripeAmount(session.amount_total, session.currency ?? ''),
      paymentId: session.metadata?.paymentId ?? null,
    };
  }
}

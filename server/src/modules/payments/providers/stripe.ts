import Stripe from 'stripe';
import type { CheckoutRequest, CheckoutSession, OnlinePaymentProvider } from './provider.ts';

/**
 * Stripe amounts are in the currency's minor unit. HUF is a two-decimal currency for Stripe charges
 * (fillér), though only whole forints can be charged (the amount must be divisible by 100): our
 * whole-forint amounts are multiplied by 100. Zero-decimal currencies (JPY, KRW…) are sent as they are;
 * any other currency is stored in its minor unit already.
 */
const WHOLE_UNIT_TWO_DECIMAL = new Set(['HUF', 'TWD', 'UGX', 'ISK']);

export function toStripeAmount(amount: number, currency: string): number {
  return WHOLE_UNIT_TWO_DECIMAL.has(currency.toUpperCase()) ? amount * 100 : amount;
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

/** Checkout Sessions and signed webhooks through the official library. */
export class StripeProvider implements OnlinePaymentProvider {
  readonly name = 'stripe';
  // Stripe lets a Checkout Session expire 30 minutes after creation at the earliest.
  readonly minimumReservationMinutes = 30;
  private readonly client: Stripe;

  constructor(private readonly settings: StripeSettings) {
    this.client = new Stripe(settings.secretKey, clientOptions(settings.apiBase));
  }

  async startCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
    const session = await this.client.checkout.sessions.create(
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
        expires_at: Math.floor(request.expiresAt.getTime() / 1000),
      },
      // A retry of the same payment never opens a second session.
      { idempotencyKey: `tablo-payment-${request.paymentId}` },
    );
    if (!session.url) throw new Error(`Stripe answered session ${session.id} without a url`);
    return { checkoutUrl: session.url, reference: session.id };
  }

  /** The event, when the signature is Stripe's (throws otherwise). */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): Stripe.Event {
    if (!signature) throw new Error('No Stripe-Signature header');
    return this.client.webhooks.constructEvent(rawBody, signature, this.settings.webhookSecret);
  }
}

/** An online payment provider: where the diner completes an ONLINE payment (docs/decisions/019, 052). */
export interface CheckoutRequest {
  paymentId: string;
  /** Amount + tip, in the restaurant's currency's unit in use (whole forints for HUF). */
  total: number;
  currency: string;
  restaurantName: string;
  tableNumber: number;
  /** The diner's language (the result page's). */
  lang: string;
  /** The page the diner returns to: the payment result. */
  resultUrl: string;
  /** When the provider must stop taking the payment (the provider may move it later to meet its own floor). */
  expiresAt: Date;
  /** One key per attempt to open a checkout: a retry after a failure must not replay the failure. */
  idempotencyKey: string;
}

export interface CheckoutSession {
  checkoutUrl: string;
  /** The provider's id of the session (Stripe's Checkout Session id); null for the sandbox. */
  reference: string | null;
}

/**
 * A checkout as the provider sees it. `open`: the diner can still pay; `complete`: the diner finished
 * (`paid`, or `unpaid` while a delayed method settles); `expired`: nobody can pay it any more.
 */
export interface CheckoutState {
  reference: string;
  status: 'open' | 'complete' | 'expired';
  paid: boolean;
  /** Complete but its payment failed (a delayed method declined): nothing will be taken. */
  failed: boolean;
  /** What the provider took, in our unit (whole forints for HUF); null when not known. */
  total: number | null;
  /** Our payment's id as the provider stored it (metadata), null when absent. */
  paymentId: string | null;
}

export interface RefundResult {
  /** The provider's id of the refund (Stripe's re_…). */
  reference: string;
  status: 'pending' | 'succeeded' | 'failed' | 'requires_action' | 'canceled';
}

/** The provider refused the request itself (not a network or server failure): retrying it as it is won't help. */
export class ProviderRefusal extends Error {
  constructor(
    message: string,
    readonly code: string | null,
  ) {
    super(message);
    this.name = 'ProviderRefusal';
  }
}

export interface OnlinePaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  /** The shortest reservation the provider's checkout needs (Stripe: see providers/stripe.ts). */
  readonly minimumReservationMinutes: number;
  /** The largest amount + tip the provider takes in one payment, in our unit; null: no limit. */
  maximumTotal(currency: string): number | null;
  /** The smallest amount + tip the provider takes in one payment, in our unit; null: no floor known. */
  minimumTotal(currency: string): number | null;
  startCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  /**
   * Ends an open checkout so it can no longer be paid, and answers its state afterwards: `expired`, or
   * `complete` when the diner had finished already (then `paid` says whether money was taken). Idempotent.
   */
  expire(reference: string): Promise<CheckoutState>;
  /** The checkout's state now. */
  retrieve(reference: string): Promise<CheckoutState>;
  /**
   * Gives back `amount` (our unit) of a paid checkout. The same idempotency key never refunds twice.
   */
  refund(reference: string, amount: number, idempotencyKey: string): Promise<RefundResult>;
}

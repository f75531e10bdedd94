/** An online payment provider: where the diner completes an ONLINE payment (docs/decisions/019-payments.md). */
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
  /** When the provider must stop taking the payment. */
  expiresAt: Date;
}

export interface CheckoutSession {
  checkoutUrl: string;
  /** The provider's id of the session (Stripe's Checkout Session id); null for the sandbox. */
  reference: string | null;
}

export interface OnlinePaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  /** The shortest reservation the provider allows (Stripe's sessions live at least 30 minutes). */
  readonly minimumReservationMinutes: number;
  startCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
}

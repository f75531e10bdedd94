import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { paymentPaths } from '@tablo/contract/payment';
import type {
  CheckoutRequest,
  CheckoutSession,
  CheckoutState,
  OnlinePaymentProvider,
  RefundResult,
} from './provider.ts';

/**
 * The built-in `sandbox` provider: a hosted checkout page of our own (modules/payments/sandbox-page.ts)
 * that approves, declines or cancels. Its form carries a token signed with a server secret, so a POST
 * can only settle the payment whose page it came from; the payment's state machine (only from PENDING)
 * makes every token good for one decision. Nothing lives outside our database: ending a payment ends its
 * page (expire has nothing to do), no event can get lost (retrieve has nothing to learn), and a refund
 * is a pretend one that always succeeds (the same key answers the same refund). The form token is also
 * the checkout URL's `key`: the page shows its form only with it, and the URL reaches the payer's phone
 * alone (payment ids reach the whole table; decision 053).
 */
export class SandboxProvider implements OnlinePaymentProvider {
  readonly name = 'sandbox';
  readonly minimumReservationMinutes = 0;

  constructor(
    private readonly publicUrl: string,
    private readonly secret: string,
  ) {}

  maximumTotal(): number | null {
    return null;
  }

  minimumTotal(): number | null {
    return null;
  }

  async startCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
    return {
      checkoutUrl: `${this.publicUrl}${paymentPaths.sandboxCheckout(request.paymentId)}?lang=${encodeURIComponent(request.lang)}&key=${this.token(request.paymentId)}`,
      reference: null,
    };
  }

  async expire(reference: string): Promise<CheckoutState> {
    return { reference, status: 'expired', paid: false, failed: false, total: null, paymentId: null };
  }

  async retrieve(reference: string): Promise<CheckoutState> {
    return { reference, status: 'open', paid: false, failed: false, total: null, paymentId: null };
  }

  async refund(_reference: string, _amount: number, idempotencyKey: string): Promise<RefundResult> {
    const id = createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 24);
    return { reference: `sandbox_re_${id}`, status: 'succeeded' };
  }

  token(paymentId: string): string {
    return createHmac('sha256', this.secret).update(`sandbox-checkout:${paymentId}`).digest('base64url');
  }

  tokenMatches(paymentId: string, given: string | undefined): boolean {
    if (!given) return false;
    const expected = Buffer.from(this.token(paymentId));
    const actual = Buffer.from(given);
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  }
}

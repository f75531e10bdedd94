import { IDEMPOTENCY_HEADER } from '@tablo/contract/order';
import { type CreatePaymentRequest, PaymentSchema, paymentPaths } from '@tablo/contract/payment';
import { SESSION_HEADER } from '@tablo/contract/session-keys';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * POST /api/payments. The key belongs to one attempt (one body): pressing Pay again after a lost answer sends
 * the same key, so the server answers with the payment it already made instead of reserving twice.
 */
export function createPayment(body: CreatePaymentRequest, sessionId: string, idempotencyKey: string) {
  return apiRequest(paymentPaths.payments(), {
    method: 'POST',
    body,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey, [SESSION_HEADER]: sessionId },
    schema: PaymentSchema,
  });
}

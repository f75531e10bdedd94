import { PaymentResultSchema, paymentPaths } from '@tablo/contract/payment';
import { SESSION_HEADER } from '@tablo/contract/session-keys';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { RequestError } from '../../../lib/request-error.ts';

export const PAYMENT_RESULT_QUERY_ROOT = 'payment-result';
/** While a payment is pending it is read again this often, in case a live event was missed. */
export const PENDING_POLL_MS = 5000;

export function paymentResultQueryKey(paymentId: string, sessionId: string) {
  return [PAYMENT_RESULT_QUERY_ROOT, paymentId, sessionId] as const;
}

/** GET /api/payments/:paymentId (session header): the payment's state and what is left at the table. */
export function paymentResultQueryOptions(paymentId: string, sessionId: string) {
  return queryOptions({
    queryKey: paymentResultQueryKey(paymentId, sessionId),
    queryFn: async ({ signal }) => {
      const result = await apiRequest(paymentPaths.payment(paymentId), {
        schema: PaymentResultSchema,
        headers: { [SESSION_HEADER]: sessionId },
        signal,
      });
      if (!result.ok) throw new RequestError(result.status, result.message);
      return result.data;
    },
    refetchInterval: (query) => (query.state.data?.payment.status === 'PENDING' ? PENDING_POLL_MS : false),
  });
}

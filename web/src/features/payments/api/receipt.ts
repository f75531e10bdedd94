import { paymentPaths, ReceiptSchema } from '@tablo/contract/payment';
import { SESSION_HEADER } from '@tablo/contract/session-keys';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { RequestError } from '../../../lib/request-error.ts';

/** GET /api/payments/:paymentId/receipt (session header): only a succeeded payment has one. */
export function receiptQueryOptions(paymentId: string, sessionId: string) {
  return queryOptions({
    queryKey: ['receipt', paymentId, sessionId] as const,
    queryFn: async ({ signal }) => {
      const result = await apiRequest(paymentPaths.receipt(paymentId), {
        schema: ReceiptSchema,
        headers: { [SESSION_HEADER]: sessionId },
        signal,
      });
      if (!result.ok) throw new RequestError(result.status, result.message);
      return result.data;
    },
    // A receipt never changes.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

import { PayableResponseSchema, paymentPaths } from '@tablo/contract/payment';
import { SESSION_HEADER } from '@tablo/contract/session-keys';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { RequestError } from '../../../lib/request-error.ts';

/** Every payable-list query starts with this key (the live handler refetches them all). */
export const PAYABLE_QUERY_ROOT = 'payable';

export function payableQueryKey(tableId: number, sessionId: string) {
  return [PAYABLE_QUERY_ROOT, tableId, sessionId] as const;
}

/** GET /api/tables/:tableId/payable (session header): the open visit's payable lines, split and methods. */
export function payableQueryOptions(tableId: number, sessionId: string) {
  return queryOptions({
    queryKey: payableQueryKey(tableId, sessionId),
    queryFn: async ({ signal }) => {
      const result = await apiRequest(paymentPaths.payable(tableId), {
        schema: PayableResponseSchema,
        headers: { [SESSION_HEADER]: sessionId },
        signal,
      });
      if (!result.ok) throw new RequestError(result.status, result.message);
      return result.data;
    },
    // The table's live events refetch it (someone started or finished paying); a phone that slept refetches
    // on focus.
    staleTime: 10_000,
  });
}

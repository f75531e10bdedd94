import {
  type CreateRefundRequest,
  IDEMPOTENCY_HEADER,
  RefundSchema,
  refundPaths,
  type StaffPayments,
  StaffPaymentsSchema,
} from '@tablo/contract/refund';
import { queryOptions } from '@tanstack/react-query';
import { RequestError } from '../../../lib/request-error.ts';
import { staffRequest } from './staff-request.ts';

export const staffPaymentsQueryKey = ['staff', 'payments'] as const;

/** GET /api/staff/payments: the payments that succeeded in the last 24 hours, with their refunds. */
export async function getStaffPayments(signal?: AbortSignal): Promise<StaffPayments> {
  const result = await staffRequest(refundPaths.payments(), { schema: StaffPaymentsSchema, signal });
  if (!result.ok) throw new RequestError(result.status, result.message);
  return result.data;
}

export function staffPaymentsQueryOptions() {
  return queryOptions({ queryKey: staffPaymentsQueryKey, queryFn: ({ signal }) => getStaffPayments(signal) });
}

/**
 * POST /api/staff/payments/:id/refunds. The key is made once per refund form: sending it again (a lost
 * answer, a double click) gives the same refund, never a second one (docs/decisions/053).
 */
export function refundPayment(paymentId: string, body: CreateRefundRequest, idempotencyKey: string) {
  return staffRequest(refundPaths.refunds(paymentId), {
    method: 'POST',
    body,
    schema: RefundSchema,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });
}

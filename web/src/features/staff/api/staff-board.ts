import type { OrderStatus } from '@tablo/contract/order';
import { OrderSchema } from '@tablo/contract/order';
import { PaymentSchema, paymentPaths } from '@tablo/contract/payment';
import { type CloseTableRequest, type StaffBoard, StaffBoardSchema, staffPaths } from '@tablo/contract/staff';
import { type TableCallKind, TableCallSchema } from '@tablo/contract/table-call';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { RequestError } from '../../../lib/request-error.ts';
import { staffRequest } from './staff-request.ts';

export const staffBoardQueryKey = ['staff', 'board'] as const;

/** GET /api/staff/board: every open visit with its orders, calls and unpaid amount, and the cursors it reflects. */
export async function getStaffBoard(signal?: AbortSignal): Promise<StaffBoard> {
  const result = await staffRequest(staffPaths.board(), { schema: StaffBoardSchema, signal });
  if (!result.ok) throw new RequestError(result.status, result.message);
  return result.data;
}

export function staffBoardQueryOptions(reconcile: (board: StaffBoard) => StaffBoard = (board) => board) {
  return queryOptions({
    queryKey: staffBoardQueryKey,
    queryFn: async ({ signal }) => reconcile(await getStaffBoard(signal)),
    // The staff socket keeps it current; it is read again after a reconnect or a stale move.
    staleTime: Infinity,
  });
}

/** PATCH /api/staff/orders/:id — accept, serve, or reject with the reason the diner sees. */
export function moveOrder(orderId: number, status: OrderStatus, reason?: string) {
  return staffRequest(staffPaths.order(orderId), {
    method: 'PATCH',
    body: reason === undefined ? { status } : { status, reason },
    schema: OrderSchema,
  });
}

/** POST /api/staff/tables/:id/calls/:kind/acknowledge. */
export function acknowledgeCall(tableId: number, kind: TableCallKind) {
  return staffRequest(staffPaths.acknowledgeCall(tableId, kind), { method: 'POST', schema: TableCallSchema });
}

/**
 * POST /api/staff/tables/:id/close — ends the open visit; answered 204. A visit with unpaid or pending
 * items answers 409 unless `force` (owners and managers only); force cancels its pending payments.
 */
export function closeTable(tableId: number, force = false) {
  return staffRequest(staffPaths.closeTable(tableId), {
    method: 'POST',
    body: { force } satisfies CloseTableRequest,
    schema: z.literal(null),
  });
}

/** POST /api/staff/payments/:id/confirm | cancel — a cash or card payment the guest made at the table. */
export function settlePayment(paymentId: string, action: 'confirm' | 'cancel') {
  const path =
    action === 'confirm' ? paymentPaths.staffConfirm(paymentId) : paymentPaths.staffCancel(paymentId);
  return staffRequest(path, { method: 'POST', schema: PaymentSchema });
}

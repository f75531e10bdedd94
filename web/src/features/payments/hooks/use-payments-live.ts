import type { ServerMessage } from '@tablo/contract/events';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { PAYABLE_QUERY_ROOT } from '../api/payable.ts';
import { PAYMENT_RESULT_QUERY_ROOT } from '../api/payment-result.ts';

/**
 * The table's live messages (of the ordering connection: one socket per table) that change what the payment
 * screens show: someone started, finished or lost a payment, units became paid, an order became payable or
 * was rejected, the visit closed, or the connection caught up after a gap (snapshot).
 */
export function usePaymentsLive(): (message: ServerMessage) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (message: ServerMessage) => {
      switch (message.type) {
        case 'payment.changed':
        case 'order.items_paid':
        case 'order.status_changed':
        case 'table.closed':
        case 'snapshot':
          void queryClient.invalidateQueries({ queryKey: [PAYABLE_QUERY_ROOT] });
          void queryClient.invalidateQueries({ queryKey: [PAYMENT_RESULT_QUERY_ROOT] });
          return;
        default:
          return;
      }
    },
    [queryClient],
  );
}

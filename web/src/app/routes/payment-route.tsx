import { OrderingProvider } from '../../features/ordering/components/ordering-provider.tsx';
import type { OrderingStatus } from '../../features/ordering/state/ordering-context.ts';
import { useOrdering } from '../../features/ordering/state/ordering-context.ts';
import {
  PaymentSummary,
  type PaymentTableState,
} from '../../features/payments/components/payment-summary.tsx';
import { usePaymentsLive } from '../../features/payments/hooks/use-payments-live.ts';

/** The join's state as the payment screens need it. */
export function paymentTableState(status: OrderingStatus): PaymentTableState {
  if (status === 'joining') return 'waiting';
  if (status === 'joined') return 'ready';
  if (status === 'closed') return 'closed';
  return 'unavailable';
}

/**
 * The payment summary (issue 9; the specification does not name its path): the table is joined and followed
 * live by the ordering feature, whose one socket also tells the payment screens what to refetch.
 */
export function PaymentRoute() {
  const onLiveMessage = usePaymentsLive();
  return (
    <OrderingProvider onLiveMessage={onLiveMessage}>
      <JoinedPaymentSummary />
    </OrderingProvider>
  );
}

function JoinedPaymentSummary() {
  const ordering = useOrdering();
  return (
    <PaymentSummary
      tableId={ordering.tableId}
      tableNumber={ordering.tableNumber}
      sessionId={ordering.sessionId}
      state={paymentTableState(ordering.status)}
    />
  );
}

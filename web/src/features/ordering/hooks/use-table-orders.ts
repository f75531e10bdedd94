import { useQuery } from '@tanstack/react-query';
import { tableOrdersQueryOptions } from '../api/table-orders.ts';
import { useOrdering } from '../state/ordering-context.ts';

/** The open visit's orders (kept current by the live connection of the OrderingProvider). */
export function useTableOrders() {
  const { status, tableId, sessionId } = useOrdering();
  return useQuery({
    ...tableOrdersQueryOptions(tableId, sessionId ?? ''),
    enabled: status === 'joined' && sessionId !== null,
  });
}

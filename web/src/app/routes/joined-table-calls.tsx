import { useOrdering } from '../../features/ordering/state/ordering-context.ts';
import { TableCalls } from '../../features/table-calls/components/table-calls.tsx';

/** The call buttons of the table screens, shown while the diner's session is joined to the table. */
export function JoinedTableCalls() {
  const ordering = useOrdering();
  if (ordering.status !== 'joined' || ordering.sessionId === null) return null;
  return <TableCalls tableId={ordering.tableId} sessionId={ordering.sessionId} />;
}

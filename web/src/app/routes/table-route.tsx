import { MyTable } from '../../features/ordering/components/my-table.tsx';
import { OrderingProvider } from '../../features/ordering/components/ordering-provider.tsx';
import { JoinedTableCalls } from './joined-table-calls.tsx';

/** spec §2: My Table — the visit's orders with the sub-tabs All and Pending, updated live; the table calls. */
export function TableRoute() {
  return (
    <OrderingProvider>
      <MyTable />
      <JoinedTableCalls />
    </OrderingProvider>
  );
}

import { MyTable } from '../../features/ordering/components/my-table.tsx';
import { OrderingProvider } from '../../features/ordering/components/ordering-provider.tsx';

/** spec §2: My Table — the visit's orders with the sub-tabs All and Pending, updated live. */
export function TableRoute() {
  return (
    <OrderingProvider>
      <MyTable />
    </OrderingProvider>
  );
}

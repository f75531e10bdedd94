import type { Order } from '@tablo/contract/order';
import { ClipboardList } from 'lucide-react';
import type { ReactNode } from 'react';
import { OrderCard } from './order-card.tsx';
import styles from './ordering.module.css';

export function OrderList({
  orders,
  empty,
  showOwner,
}: {
  orders: readonly Order[];
  empty: ReactNode;
  showOwner?: boolean;
}) {
  if (orders.length === 0) {
    return (
      <div className={styles.empty}>
        <ClipboardList size={40} aria-hidden="true" />
        {empty}
      </div>
    );
  }
  return (
    <ul className={styles.orders}>
      {orders.map((order) => (
        <li key={order.id}>
          <OrderCard order={order} showOwner={showOwner ?? false} />
        </li>
      ))}
    </ul>
  );
}

import type { Order } from '@tablo/contract/order';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { useMinuteClock } from '../hooks/use-minute-clock.ts';
import { useStaffBoard } from '../hooks/use-staff-board.ts';
import { KitchenTicket } from './kitchen-ticket.tsx';
import { OrderCard } from './order-card.tsx';
import { PrinterAlert } from './printer-alert.tsx';
import { EmptyState, ScreenState } from './screen-state.tsx';
import styles from './staff.module.css';

/** The kitchen's view: what is accepted and not served yet, oldest first, item by item. */
export function KitchenScreen() {
  const { t } = useTranslation(['staff', 'printing']);
  const board = useStaffBoard();
  const now = useMinuteClock();
  // Issue 28: the ticket the browser prints (a kitchen without a thermal printer), shown only on paper.
  const [printing, setPrinting] = useState<{ order: Order; tableNumber: number } | null>(null);
  useEffect(() => {
    if (!printing) return;
    const done = () => setPrinting(null);
    window.addEventListener('afterprint', done, { once: true });
    window.print();
    return () => window.removeEventListener('afterprint', done);
  }, [printing]);
  const cooking = (board.data?.visits ?? [])
    .flatMap((visit) =>
      visit.orders
        .filter((order) => order.status === 'ACCEPTED')
        .map((order) => ({ order, tableNumber: visit.tableNumber })),
    )
    .sort((a, b) => Date.parse(a.order.createdAt) - Date.parse(b.order.createdAt));

  return (
    <>
      <div className={styles.screenHead}>
        <h1 className={styles.screenTitle}>{t('kitchen_title')}</h1>
      </div>
      <PrinterAlert />
      <ScreenState pending={board.isPending} error={board.error} onRetry={() => void board.refetch()}>
        {cooking.length === 0 ? (
          <EmptyState>{t('kitchen_empty')}</EmptyState>
        ) : (
          <ul className={styles.grid} aria-label={t('kitchen_title')}>
            {cooking.map(({ order, tableNumber }) => (
              <li key={order.id}>
                <OrderCard order={order} now={now} tableNumber={tableNumber}>
                  <button
                    type="button"
                    className={styles.button}
                    aria-label={t('printing:print_ticket_of', { id: order.id, table: tableNumber })}
                    onClick={() => setPrinting({ order, tableNumber })}
                  >
                    {t('printing:print_ticket')}
                  </button>
                </OrderCard>
              </li>
            ))}
          </ul>
        )}
      </ScreenState>
      {printing && <KitchenTicket order={printing.order} tableNumber={printing.tableNumber} />}
    </>
  );
}

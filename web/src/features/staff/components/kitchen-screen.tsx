import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { useMinuteClock } from '../hooks/use-minute-clock.ts';
import { useStaffBoard } from '../hooks/use-staff-board.ts';
import { OrderCard } from './order-card.tsx';
import { EmptyState, ScreenState } from './screen-state.tsx';
import styles from './staff.module.css';

/** The kitchen's view: what is accepted and not served yet, oldest first, item by item. */
export function KitchenScreen() {
  const { t } = useTranslation('staff');
  const board = useStaffBoard();
  const now = useMinuteClock();
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
      <ScreenState pending={board.isPending} error={board.error} onRetry={() => void board.refetch()}>
        {cooking.length === 0 ? (
          <EmptyState>{t('kitchen_empty')}</EmptyState>
        ) : (
          <ul className={styles.grid} aria-label={t('kitchen_title')}>
            {cooking.map(({ order, tableNumber }) => (
              <li key={order.id}>
                <OrderCard order={order} now={now} tableNumber={tableNumber} />
              </li>
            ))}
          </ul>
        )}
      </ScreenState>
    </>
  );
}

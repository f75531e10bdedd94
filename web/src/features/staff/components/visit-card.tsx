import type { Order } from '@tablo/contract/order';
import type { StaffBoard, StaffVisit } from '@tablo/contract/staff';
import type { TableCall } from '@tablo/contract/table-call';
import { useQueryClient } from '@tanstack/react-query';
import { formatPrice } from '../../../lib/format-price.ts';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { useLanguage } from '../../../providers/language.tsx';
import { staffBoardQueryKey } from '../api/staff-board.ts';
import { formatAge } from '../utils/age.ts';
import { CallList } from './call-list.tsx';
import { OrderCard } from './order-card.tsx';
import { PendingPayments } from './pending-payments.tsx';
import styles from './staff.module.css';

type VisitCardProps = { visit: StaffVisit; orders: readonly Order[]; now: number };

/** One table's open visit on the board: its unpaid amount, pending payments, calls and the orders shown. */
export function VisitCard({ visit, orders, now }: VisitCardProps) {
  const { t } = useTranslation('staff');
  const { language } = useLanguage();
  const queryClient = useQueryClient();
  const headingId = `staff-visit-${visit.visitId}`;
  const openCall = visit.calls.some((call) => call.acknowledgedAt === null);

  function applyCall(call: TableCall) {
    queryClient.setQueryData<StaffBoard>(staffBoardQueryKey, (board) =>
      board
        ? {
            ...board,
            visits: board.visits.map((v) =>
              v.visitId === visit.visitId
                ? { ...v, calls: [...v.calls.filter((c) => c.kind !== call.kind), call] }
                : v,
            ),
          }
        : board,
    );
  }

  return (
    <li>
      <section
        className={styles.card}
        aria-labelledby={headingId}
        data-alert={openCall}
        data-table={visit.tableNumber}
      >
        <div className={styles.cardHead}>
          <h2 id={headingId} className={styles.cardTitle} tabIndex={-1}>
            {t('table_number', { table: visit.tableNumber })}
          </h2>
          <span className={styles.muted}>
            {t('opened', { age: formatAge(visit.openedAt, now, language) })}
          </span>
        </div>
        <p>
          {t('unpaid')}: <span className={styles.amount}>{formatPrice(visit.unpaidAmount, language)}</span>
        </p>
        <PendingPayments
          tableNumber={visit.tableNumber}
          payments={visit.payments}
          orders={visit.orders}
          now={now}
        />
        <CallList
          tableId={visit.tableId}
          tableNumber={visit.tableNumber}
          calls={visit.calls}
          now={now}
          onAcknowledged={applyCall}
        />
        {orders.length === 0 ? (
          <p className={styles.muted}>{t('no_orders_here')}</p>
        ) : (
          <ul className={styles.orders}>
            {orders.map((order) => (
              <li key={order.id}>
                <OrderCard order={order} now={now} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </li>
  );
}

import type { Order, OrderStatus } from '@tablo/contract/order';
import type { StaffVisit } from '@tablo/contract/staff';
import { useState } from 'react';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { useMinuteClock } from '../hooks/use-minute-clock.ts';
import { useStaffBoard } from '../hooks/use-staff-board.ts';
import { PrinterAlert } from './printer-alert.tsx';
import { EmptyState, ScreenState } from './screen-state.tsx';
import styles from './staff.module.css';
import { VisitCard } from './visit-card.tsx';

const FILTERS = ['PLACED', 'ACCEPTED', 'SERVED', 'ALL'] as const;
type Filter = (typeof FILTERS)[number];

function shown(order: Order, filter: Filter): boolean {
  return filter === 'ALL' || order.status === (filter as OrderStatus);
}

/** A visit opened by a scan alone (no order, call or payment yet) is not a card on the board. */
function hasSomethingToShow(visit: StaffVisit): boolean {
  return visit.orders.length > 0 || visit.calls.length > 0 || visit.payments.length > 0;
}

/** Newest first, the server's order (by id): an order arriving live sits where a reload would put it. */
function newestFirst(orders: readonly Order[]): Order[] {
  return [...orders].sort((a, b) => b.id - a.id);
}

/** The order board: open visits grouped by table, filtered by status, kept live by the console's socket. */
export function BoardScreen() {
  const { t } = useTranslation('staff');
  const board = useStaffBoard();
  const now = useMinuteClock();
  const [filter, setFilter] = useState<Filter>('ALL');

  const visits = [...(board.data?.visits ?? [])]
    .sort((a, b) => a.tableNumber - b.tableNumber)
    .filter(hasSomethingToShow)
    .map((visit) => ({ visit, orders: newestFirst(visit.orders.filter((order) => shown(order, filter))) }))
    .filter(
      ({ visit, orders }) =>
        filter === 'ALL' || orders.length > 0 || visit.calls.some((c) => c.acknowledgedAt === null),
    );

  return (
    <>
      <div className={styles.screenHead}>
        <h1 className={styles.screenTitle}>{t('board_title')}</h1>
        <fieldset className={styles.filters}>
          <legend className="visually-hidden">{t('filter_label')}</legend>
          {FILTERS.map((value) => (
            <button
              key={value}
              type="button"
              className={`${styles.button} ${styles.filter}`}
              aria-pressed={filter === value}
              onClick={() => setFilter(value)}
            >
              {t(`filter_${value}`)}
            </button>
          ))}
        </fieldset>
      </div>
      <PrinterAlert />
      <ScreenState pending={board.isPending} error={board.error} onRetry={() => void board.refetch()}>
        {visits.length === 0 ? (
          <EmptyState>{filter === 'ALL' ? t('board_empty') : t('board_empty_filter')}</EmptyState>
        ) : (
          <ul className={styles.grid} aria-label={t('open_tables')}>
            {visits.map(({ visit, orders }) => (
              <VisitCard key={visit.visitId} visit={visit} orders={orders} now={now} />
            ))}
          </ul>
        )}
      </ScreenState>
    </>
  );
}

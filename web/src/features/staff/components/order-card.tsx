import type { Order, OrderStatus } from '@tablo/contract/order';
import type { StaffBoard } from '@tablo/contract/staff';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { ChoiceLines } from '../../../components/choice-lines/choice-lines.tsx';
import { shownOrderChoices } from '../../../lib/order-choices.ts';
import { pickTitle } from '../../../lib/pick-title.ts';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { useLanguage } from '../../../providers/language.tsx';
import { moveOrder, staffBoardQueryKey } from '../api/staff-board.ts';
import { useStaffConsole } from '../hooks/staff-console-context.ts';
import { useStaffAction } from '../hooks/use-staff-action.ts';
import { formatAge } from '../utils/age.ts';
import { applyOrderAnswer } from '../utils/board-events.ts';
import { RejectDialog } from './reject-dialog.tsx';
import { ReprintButton } from './reprint-button.tsx';
import styles from './staff.module.css';

type OrderCardProps = {
  order: Order;
  now: number;
  tableNumber?: number;
  /** More tools under the moves (the kitchen's "Print ticket"). */
  children?: ReactNode;
};

/** One order on the board or in the kitchen: age, notes, items, and the next moves one tap away. */
export function OrderCard({ order, now, tableNumber, children }: OrderCardProps) {
  const { t } = useTranslation('staff');
  const { language } = useLanguage();
  const { freshOrders } = useStaffConsole();
  const queryClient = useQueryClient();
  const { busy, run } = useStaffAction();
  const [rejecting, setRejecting] = useState(false);
  const card = useRef<HTMLElement>(null);
  const refocus = useRef<OrderStatus | null>(null);
  const label = t('order_label', { id: order.id });
  const headingId = `staff-order-${order.id}`;

  async function move(status: OrderStatus, reason?: string) {
    const hadFocus = card.current?.contains(document.activeElement) || rejecting;
    const moved = await run(status, () => moveOrder(order.id, status, reason));
    if (moved)
      queryClient.setQueryData<StaffBoard>(staffBoardQueryKey, (board) =>
        board ? applyOrderAnswer(board, moved.data) : board,
      );
    if (status === 'REJECTED') setRejecting(false);
    refocus.current = moved && hadFocus ? moved.data.status : null;
  }

  // The button pressed is gone once the order moved: a keyboard user goes on from its next move, or its heading.
  useEffect(() => {
    if (refocus.current !== order.status || busy !== null) return;
    refocus.current = null;
    const next = card.current?.querySelector<HTMLElement>('button:not(:disabled)');
    (next ?? card.current?.querySelector<HTMLElement>('h3'))?.focus();
  }, [order.status, busy]);

  const fresh = freshOrders.has(order.id) && order.status === 'PLACED';
  return (
    <article
      ref={card}
      className={styles.order}
      aria-labelledby={headingId}
      data-order-id={order.id}
      data-fresh={fresh}
    >
      <div className={styles.orderHead}>
        <h3 id={headingId} className={styles.orderTitle} tabIndex={-1}>
          {tableNumber === undefined ? label : t('order_at_table', { id: order.id, table: tableNumber })}
        </h3>
        <span className={styles.status} data-status={order.status}>
          {fresh ? t('new_badge') : t(`status_${order.status}`)}
        </span>
      </div>
      <p className={styles.muted}>
        <time dateTime={order.createdAt}>{formatAge(order.createdAt, now, language)}</time>
      </p>
      {order.note && <p className={styles.note}>{t('order_note', { note: order.note })}</p>}
      <ul className={styles.items} aria-label={t('items_of', { order: label })}>
        {order.items.map((item) => (
          <li key={item.id} className={styles.item}>
            <span className={styles.quantity}>{item.quantity} ×</span>
            <span>
              {pickTitle(item.titles, language, t('untitled'))}
              {item.note && <span className={styles.itemNote}>{t('item_note', { note: item.note })}</span>}
              {/* Issue 27: the choices under the dish, as the kitchen reads them ("2 × Oat milk", "Without onions"). */}
              <ChoiceLines
                choices={shownOrderChoices(item.choices, language, t('untitled'))}
                language={language}
                prices={false}
                large
              />
            </span>
          </li>
        ))}
      </ul>
      {order.status === 'REJECTED' && order.rejectReason && (
        <p className={styles.muted}>{t('rejected_because', { reason: order.rejectReason })}</p>
      )}
      {(order.status === 'PLACED' || order.status === 'ACCEPTED') && (
        <div className={styles.actions}>
          {order.status === 'PLACED' && (
            <>
              <button
                type="button"
                className={styles.primaryButton}
                disabled={busy !== null}
                aria-label={t('accept_order', { order: label })}
                onClick={() => void move('ACCEPTED')}
              >
                {t('accept')}
              </button>
              <button
                type="button"
                className={styles.dangerButton}
                disabled={busy !== null}
                aria-label={t('reject_order', { order: label })}
                onClick={() => setRejecting(true)}
              >
                {t('reject')}
              </button>
            </>
          )}
          {order.status === 'ACCEPTED' && (
            <button
              type="button"
              className={styles.primaryButton}
              disabled={busy !== null}
              aria-label={t('serve_order', { order: label })}
              onClick={() => void move('SERVED')}
            >
              {t('serve')}
            </button>
          )}
        </div>
      )}
      {/* Issue 28: the stations print it again, marked REPRINT. */}
      <ReprintButton order={order} label={label} />
      {children}
      {rejecting && (
        <RejectDialog
          orderLabel={label}
          busy={busy !== null}
          onReject={(reason) => void move('REJECTED', reason)}
          onCancel={() => setRejecting(false)}
        />
      )}
    </article>
  );
}

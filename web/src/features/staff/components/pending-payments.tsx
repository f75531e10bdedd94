import type { Order } from '@tablo/contract/order';
import { type StaffPaymentItem, type StaffPendingPayment, staffCan } from '@tablo/contract/staff';
import { useQueryClient } from '@tanstack/react-query';
import { formatPrice } from '../../../lib/format-price.ts';
import { pickTitle } from '../../../lib/pick-title.ts';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { notify } from '../../../lib/toast.ts';
import { useLanguage } from '../../../providers/language.tsx';
import { settlePayment, staffBoardQueryKey } from '../api/staff-board.ts';
import { staffTablesQueryKey } from '../api/staff-tables.ts';
import { useStaffConsole } from '../hooks/staff-console-context.ts';
import { useStaffAction } from '../hooks/use-staff-action.ts';
import { formatAge } from '../utils/age.ts';
import styles from './staff.module.css';

type PendingPaymentsProps = {
  tableNumber: number;
  payments: readonly StaffPendingPayment[];
  /** The visit's orders: where a payment's lines find their dishes' names. */
  orders: readonly Order[];
  now: number;
};

function titleOf(orders: readonly Order[], line: StaffPaymentItem, language: string, fallback: string) {
  const item = orders.find((o) => o.id === line.orderId)?.items.find((i) => i.id === line.orderItemId);
  return item ? pickTitle(item.titles, language, fallback) : fallback;
}

/**
 * A table's cash and card payments waiting for staff: confirming marks their items paid, cancelling
 * releases them. The board is read again afterwards (the socket's payment events do the same elsewhere).
 */
export function PendingPayments({ tableNumber, payments, orders, now }: PendingPaymentsProps) {
  const { t } = useTranslation('staff');
  const { language } = useLanguage();
  const { me } = useStaffConsole();
  const queryClient = useQueryClient();
  const { busy, run } = useStaffAction();
  const canSettle = staffCan(me.role, 'confirmPayments');
  if (payments.length === 0) return null;

  async function settle(payment: StaffPendingPayment, action: 'confirm' | 'cancel') {
    const done = await run(`${action}-${payment.id}`, () => settlePayment(payment.id, action));
    if (!done) return;
    notify.success(
      t(action === 'confirm' ? 'payment_confirmed' : 'payment_cancelled', { table: tableNumber }),
    );
    void queryClient.invalidateQueries({ queryKey: staffBoardQueryKey });
    void queryClient.invalidateQueries({ queryKey: staffTablesQueryKey });
  }

  return (
    <ul className={styles.payments} aria-label={t('payments_of_table', { table: tableNumber })}>
      {payments.map((payment) => {
        const method = t(`payment_method_${payment.method}`);
        const amount = formatPrice(payment.amount, language);
        const names = { method, amount, table: tableNumber };
        return (
          <li key={payment.id} className={styles.payment} data-method={payment.method}>
            <span>
              <strong>
                {method} · {amount}
              </strong>
              {payment.tip > 0 && ` + ${t('payment_tip', { amount: formatPrice(payment.tip, language) })}`}
              {payment.shareCount > 0 && ` · ${t('payment_shares', { n: payment.shareCount })}`}
              {' · '}
              <time dateTime={payment.createdAt}>{formatAge(payment.createdAt, now, language)}</time>
            </span>
            {payment.items.length > 0 && (
              <ul className={styles.paymentLines} aria-label={t('payment_lines_of', { method })}>
                {payment.items.map((line) => (
                  <li key={line.orderItemId}>
                    {t('payment_line', {
                      quantity: line.quantity,
                      title: titleOf(orders, line, language, t('untitled')),
                      order: t('order_label', { id: line.orderId }),
                    })}
                  </li>
                ))}
              </ul>
            )}
            {canSettle && (
              <span className={styles.actions}>
                <button
                  type="button"
                  className={styles.primaryButton}
                  disabled={busy !== null}
                  aria-label={t('confirm_payment_of', names)}
                  onClick={() => void settle(payment, 'confirm')}
                >
                  {t('confirm_payment')}
                </button>
                <button
                  type="button"
                  className={styles.button}
                  disabled={busy !== null}
                  aria-label={t('cancel_payment_of', names)}
                  onClick={() => void settle(payment, 'cancel')}
                >
                  {t('cancel_payment')}
                </button>
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

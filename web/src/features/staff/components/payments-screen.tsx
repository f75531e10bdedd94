import { toBcp47 } from '@tablo/contract/language-list';
import type { StaffPayment } from '@tablo/contract/refund';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { formatPrice } from '../../../lib/format-price.ts';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { notify } from '../../../lib/toast.ts';
import { useLanguage } from '../../../providers/language.tsx';
import { refundPayment, staffPaymentsQueryKey, staffPaymentsQueryOptions } from '../api/staff-refunds.ts';
import { useStaffAction } from '../hooks/use-staff-action.ts';
import own from './payments-screen.module.css';
import { RefundDialog } from './refund-dialog.tsx';
import { EmptyState, ScreenState } from './screen-state.tsx';
import styles from './staff.module.css';

/**
 * Payments and refunds (OWNER, MANAGER; docs/decisions/053): what succeeded in the last 24 hours, what was
 * refunded of each, and a Refund action with an amount and a reason.
 */
export function PaymentsScreen() {
  const { t } = useTranslation('refunds');
  const payments = useQuery(staffPaymentsQueryOptions());
  const list = payments.data?.payments ?? [];
  return (
    <>
      <div className={styles.screenHead}>
        <h1 className={styles.screenTitle}>{t('title')}</h1>
      </div>
      <p className={`${styles.muted} ${own.intro}`}>{t('intro')}</p>
      <ScreenState
        pending={payments.isPending}
        error={payments.error}
        onRetry={() => void payments.refetch()}
      >
        {list.length === 0 ? (
          <EmptyState>{t('empty')}</EmptyState>
        ) : (
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <caption className="visually-hidden">{t('title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('col_table')}</th>
                  <th scope="col">{t('col_paid')}</th>
                  <th scope="col">{t('col_amount')}</th>
                  <th scope="col">{t('col_refunds')}</th>
                  <th scope="col">{t('col_actions')}</th>
                </tr>
              </thead>
              <tbody>
                {list.map((payment) => (
                  <PaymentRow key={payment.id} payment={payment} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </ScreenState>
    </>
  );
}

function PaymentRow({ payment }: { payment: StaffPayment }) {
  const { t } = useTranslation('refunds');
  const { language } = useLanguage();
  const queryClient = useQueryClient();
  const { busy, run } = useStaffAction();
  const [open, setOpen] = useState(false);
  // The Idempotency-Key of the refund last sent: sending the same amount and reason again (after a lost
  // answer, a double click, the dialog closed and opened) reuses it, so it never refunds twice; another
  // amount or reason is another refund, with a key of its own.
  const lastSent = useRef<{ key: string; amount: number; reason: string } | null>(null);
  const price = (amount: number) => formatPrice(amount, language);
  const method = t(`method_${payment.method}`);
  const total = price(payment.amount + payment.tip);
  const paidAt = payment.paidAt
    ? // The list reaches back 24 hours: the day is named too.
      new Intl.DateTimeFormat(toBcp47(language), {
        weekday: 'short',
        hour: 'numeric',
        minute: '2-digit',
      }).format(new Date(payment.paidAt))
    : '';

  function keyFor(amount: number, reason: string): string {
    const last = lastSent.current;
    if (last && last.amount === amount && last.reason === reason) return last.key;
    const key = crypto.randomUUID();
    lastSent.current = { key, amount, reason };
    return key;
  }

  async function refund(amount: number, reason: string) {
    const key = keyFor(amount, reason);
    const done = await run(`refund-${payment.id}`, () => refundPayment(payment.id, { amount, reason }, key));
    void queryClient.invalidateQueries({ queryKey: staffPaymentsQueryKey });
    if (!done) return;
    lastSent.current = null;
    setOpen(false);
    const names = { amount: price(done.data.amount), table: payment.tableNumber };
    if (done.data.status === 'PENDING') notify.success(t('done_pending', names));
    else notify.success(t('done', names));
  }

  return (
    <tr data-payment={payment.id}>
      <th scope="row">{t('table_number', { table: payment.tableNumber })}</th>
      <td>
        <time dateTime={payment.paidAt ?? undefined}>{paidAt}</time>
        <br />
        <span className={styles.muted}>{method}</span>
      </td>
      <td>
        {total}
        {payment.tip > 0 && (
          <>
            <br />
            <span className={styles.muted}>{t('tip_included', { tip: price(payment.tip) })}</span>
          </>
        )}
      </td>
      <td>
        {payment.refunds.length === 0 ? (
          <span className={styles.muted}>{t('none')}</span>
        ) : (
          <ul
            className={styles.payments}
            aria-label={t('refunds_of', { table: payment.tableNumber, amount: total })}
          >
            {payment.refunds.map((refund) => (
              <li key={refund.id}>
                <strong>−{price(refund.amount)}</strong> · {refund.reason} ·{' '}
                <span className={styles.muted}>{t(`status_${refund.status}`)}</span>
              </li>
            ))}
          </ul>
        )}
      </td>
      <td>
        {payment.refundableAmount > 0 ? (
          <button
            type="button"
            className={styles.button}
            disabled={busy !== null}
            aria-label={t('refund_of', { method, table: payment.tableNumber, amount: total })}
            onClick={() => setOpen(true)}
          >
            {t('refund')}
          </button>
        ) : (
          <span className={styles.muted}>{t('fully_refunded')}</span>
        )}
        {open && (
          <RefundDialog
            payment={payment}
            busy={busy !== null}
            onRefund={(amount, reason) => void refund(amount, reason)}
            onCancel={() => setOpen(false)}
          />
        )}
      </td>
    </tr>
  );
}

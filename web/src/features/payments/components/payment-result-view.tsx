import type { PaymentStatus } from '@tablo/contract/payment';
import { useQuery } from '@tanstack/react-query';
import { CircleAlert, CircleCheck, CircleX, Clock } from 'lucide-react';
import { Link } from 'react-router';
import { Spinner } from '../../../components/spinner/spinner.tsx';
import { routes } from '../../../config/routes.ts';
import { formatPrice } from '../../../lib/format-price.ts';
import { RequestError } from '../../../lib/request-error.ts';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { useLanguage } from '../../../providers/language.tsx';
import { useRestaurant } from '../../../providers/restaurant.tsx';
import { paymentResultQueryOptions } from '../api/payment-result.ts';
import { METHOD_TEXT } from './method-chooser.tsx';
import styles from './payments.module.css';

const STATUS_ICON: Record<PaymentStatus, typeof Clock> = {
  PENDING: Clock,
  SUCCEEDED: CircleCheck,
  FAILED: CircleX,
  CANCELLED: CircleAlert,
};

type PaymentResultViewProps = { paymentId: string; tableId: number; sessionId: string | null };

/**
 * The payment result (DESIGN §7): the payment's real state from the server, followed live while pending (the
 * table's events refetch it; a slow poll covers a missed one), and what is still to pay at the table.
 */
export function PaymentResultView({ paymentId, tableId, sessionId }: PaymentResultViewProps) {
  const { t } = useTranslation('payment');
  const { language } = useLanguage();
  const { shortName } = useRestaurant();
  const result = useQuery({
    ...paymentResultQueryOptions(paymentId, sessionId ?? ''),
    enabled: sessionId !== null,
  });
  const price = (amount: number) => formatPrice(amount, language);
  const paymentLink = routes.payment(shortName, tableId, language);

  if (sessionId === null) return <p className={styles.note}>{t('no_payment_found')}</p>;
  if (result.isPending) return <Spinner />;
  if (result.isError) {
    const missing = result.error instanceof RequestError && result.error.status === 404;
    return (
      <p className={styles.problem} role="alert">
        {missing ? t('no_payment_found') : t('common:request_unsuccessful', { error: result.error.message })}
      </p>
    );
  }

  const { payment, unpaidAmount } = result.data;
  const Icon = STATUS_ICON[payment.status];
  const released = payment.status === 'FAILED' || payment.status === 'CANCELLED';
  let hint: string;
  if (payment.status === 'PENDING')
    hint = payment.method === 'ONLINE' ? t('pending_online_hint') : t('pending_waiter_hint');
  else if (payment.status === 'SUCCEEDED') hint = t('succeeded_hint');
  else if (payment.lateOutcome === 'REFUNDING' || payment.lateOutcome === 'REFUNDED')
    // The provider took the money after the payment had ended; it goes back (docs/decisions/052).
    hint = t(payment.lateOutcome === 'REFUNDING' ? 'late_refunding' : 'late_refunded');
  else hint = t(payment.status === 'FAILED' ? 'declined_released' : 'cancelled_released');

  return (
    <div className={styles.result} data-payment-status={payment.status}>
      <div className={`${styles.resultStatus} ${styles[`result${payment.status}`] ?? ''}`} role="status">
        <Icon size={36} aria-hidden="true" />
        <div>
          <p className={styles.resultTitle}>{t(`status_${payment.status}`)}</p>
          <p>{hint}</p>
        </div>
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>{t('amount')}</dt>
          <dd>{price(payment.amount)}</dd>
        </div>
        <div>
          <dt>{t('tip')}</dt>
          <dd>{price(payment.tip)}</dd>
        </div>
        <div>
          <dt>{t('total')}</dt>
          <dd>{price(payment.amount + payment.tip)}</dd>
        </div>
        <div>
          <dt>{t('method')}</dt>
          <dd>{t(METHOD_TEXT[payment.method])}</dd>
        </div>
        {payment.shareCount > 0 && (
          <div>
            <dt>{t('paid_for')}</dt>
            <dd>{t('share_count_paid', { count: payment.shareCount })}</dd>
          </div>
        )}
      </dl>
      <p className={styles.leftAtTable}>
        {unpaidAmount > 0 ? t('unpaid_at_table', { amount: price(unpaidAmount) }) : t('all_paid')}
      </p>
      <div className={styles.actions}>
        {payment.status === 'SUCCEEDED' && (
          <Link className={styles.primaryLink} to={routes.receipt(shortName, tableId, language, payment.id)}>
            {t('view_receipt')}
          </Link>
        )}
        {unpaidAmount > 0 && (
          <Link className={released ? styles.primaryLink : styles.secondaryLink} to={paymentLink}>
            {released ? t('pay_again') : t('go_to_payment')}
          </Link>
        )}
        <Link className={styles.secondaryLink} to={routes.table(shortName, tableId, language)}>
          {t('back_to_table')}
        </Link>
      </div>
    </div>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { Spinner } from '../../../components/spinner/spinner.tsx';
import { routes } from '../../../config/routes.ts';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { useLanguage } from '../../../providers/language.tsx';
import { useRestaurant } from '../../../providers/restaurant.tsx';
import { payableQueryOptions } from '../api/payable.ts';
import { PaymentForm } from './payment-form.tsx';
import styles from './payments.module.css';

/** Where the table's join stands (the route maps the ordering state onto this). */
export type PaymentTableState = 'waiting' | 'ready' | 'closed' | 'unavailable';

export type PaymentTableProps = {
  tableId: number;
  tableNumber: number;
  sessionId: string | null;
  state: PaymentTableState;
};

/** The payment summary (spec §2, §4; issue 9): the visit's payable lines and how to pay them. */
export function PaymentSummary({ tableId, tableNumber, sessionId, state }: PaymentTableProps) {
  const { t } = useTranslation('payment');
  const { shortName } = useRestaurant();
  const { language } = useLanguage();
  const ready = state === 'ready' && sessionId !== null;
  const payable = useQuery({ ...payableQueryOptions(tableId, sessionId ?? ''), enabled: ready });

  let body = null;
  if (state === 'waiting' || (ready && payable.isPending)) body = <Spinner />;
  else if (state === 'closed' || (payable.data && payable.data.unpaidAmount === 0)) {
    body = (
      <div className={styles.empty}>
        <Wallet size={40} aria-hidden="true" className={styles.emptyIcon} />
        <p>{t('no_payable_orders')}</p>
        <Link className={styles.primaryLink} to={routes.order(shortName, tableId, language)}>
          {t('browse_menu')}
        </Link>
      </div>
    );
  } else if (payable.isError) {
    body = (
      <div className={styles.problem} role="alert">
        <p>{t('common:request_unsuccessful', { error: payable.error.message })}</p>
        <button type="button" className={styles.secondaryButton} onClick={() => void payable.refetch()}>
          {t('common:reload')}
        </button>
      </div>
    );
  } else if (payable.data && sessionId !== null) {
    body = (
      <PaymentForm
        payable={payable.data}
        tableId={tableId}
        sessionId={sessionId}
        onStale={() => void payable.refetch()}
      />
    );
  }

  return (
    <section className={styles.page} aria-labelledby="payment-summary-title">
      <h2 id="payment-summary-title" className={styles.pageTitle}>
        {t('summary_title')}
        {tableNumber > 0 ? ` · ${t('table_number', { number: tableNumber })}` : null}
      </h2>
      {body}
    </section>
  );
}

import { Wallet } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { PAYMENT_PARAM, routes } from '../../config/routes.ts';
import { OrderingProvider } from '../../features/ordering/components/ordering-provider.tsx';
import { useOrdering } from '../../features/ordering/state/ordering-context.ts';
import { PaymentResultView } from '../../features/payments/components/payment-result-view.tsx';
import { usePaymentsLive } from '../../features/payments/hooks/use-payments-live.ts';
import { useTranslation } from '../../lib/texts/use-texts.tsx';
import { useLanguage } from '../../providers/language.tsx';
import { useRestaurant } from '../../providers/restaurant.tsx';
import { useTable } from '../../providers/table.tsx';
import { EmptyState } from './empty-state.tsx';
import styles from './screen-page.module.css';

/**
 * spec §2, DESIGN §7: the payment result, `?payment=<id>` — the payment's state from the server, followed
 * live through the table's socket. Without a payment to show it says so.
 */
export function PaymentSuccessRoute() {
  const { t } = useTranslation('payment');
  const location = useLocation();
  const paymentId = new URLSearchParams(location.search).get(PAYMENT_PARAM);
  const onLiveMessage = usePaymentsLive();
  return (
    <section className={styles.page} aria-labelledby="payment-title">
      <h2 id="payment-title" className={styles.title}>
        {t('result_title')}
      </h2>
      {paymentId ? (
        <OrderingProvider onLiveMessage={onLiveMessage}>
          <JoinedPaymentResult paymentId={paymentId} />
        </OrderingProvider>
      ) : (
        <NoPayment />
      )}
    </section>
  );
}

function JoinedPaymentResult({ paymentId }: { paymentId: string }) {
  const ordering = useOrdering();
  return (
    <PaymentResultView paymentId={paymentId} tableId={ordering.tableId} sessionId={ordering.sessionId} />
  );
}

function NoPayment() {
  const { t } = useTranslation('payment');
  const { shortName } = useRestaurant();
  const table = useTable();
  const { language } = useLanguage();
  return (
    <EmptyState
      icon={<Wallet size={40} aria-hidden="true" />}
      text={t('no_payment_found')}
      action={
        <Link className={styles.action} to={routes.table(shortName, table.id, language)}>
          {t('back_to_table')}
        </Link>
      }
    />
  );
}

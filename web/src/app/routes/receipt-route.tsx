import { useLocation } from 'react-router';
import { PAYMENT_PARAM } from '../../config/routes.ts';
import { ReceiptView } from '../../features/payments/components/receipt-view.tsx';
import { useTranslation } from '../../lib/texts/use-texts.tsx';
import { useSession } from '../../providers/session.tsx';
import { useTable } from '../../providers/table.tsx';
import styles from './screen-page.module.css';

/**
 * The receipt of a succeeded payment, `?payment=<id>`, on its own route so that printing it prints the
 * receipt alone (decision 020). A receipt never changes: no table join or live connection is needed.
 */
export function ReceiptRoute() {
  const { t } = useTranslation('payment');
  const location = useLocation();
  const session = useSession();
  const table = useTable();
  const paymentId = new URLSearchParams(location.search).get(PAYMENT_PARAM);
  return (
    <section className={styles.page} aria-labelledby="receipt-title">
      <h2 id="receipt-title" className={styles.title}>
        {t('receipt_title')}
      </h2>
      {paymentId ? (
        <ReceiptView
          paymentId={paymentId}
          tableId={table.id}
          sessionId={session.isActive ? session.sessionId : null}
        />
      ) : (
        <p>{t('receipt_not_available')}</p>
      )}
    </section>
  );
}

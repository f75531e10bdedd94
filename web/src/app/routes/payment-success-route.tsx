import { Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routes } from '../../config/routes.ts';
import { useLanguage } from '../providers/language.tsx';
import { useRestaurant } from '../providers/restaurant.tsx';
import { useTable } from '../providers/table.tsx';
import { EmptyState } from './empty-state.tsx';
import styles from './screen-page.module.css';

/** spec §2: the payment result. Without a payment to show (`?payment=` arrives with payments) it says so. */
export function PaymentSuccessRoute() {
  const { t } = useTranslation('payment');
  const { shortName } = useRestaurant();
  const table = useTable();
  const { language } = useLanguage();
  return (
    <section className={styles.page} aria-labelledby="payment-title">
      <h2 id="payment-title" className={styles.title}>
        {t('result_title')}
      </h2>
      <EmptyState
        icon={<Wallet size={40} aria-hidden="true" />}
        text={t('no_payment_found')}
        action={
          <Link className={styles.action} to={routes.table(shortName, table.id, language)}>
            {t('back_to_table')}
          </Link>
        }
      />
    </section>
  );
}

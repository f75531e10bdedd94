import { ShoppingBag } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routes } from '../../config/routes.ts';
import { useLanguage } from '../providers/language.tsx';
import { useRestaurant } from '../providers/restaurant.tsx';
import { useTable } from '../providers/table.tsx';
import { EmptyState } from './empty-state.tsx';
import styles from './screen-page.module.css';

/** spec §2: the order screen (cart, confirmation, overview). The cart itself arrives with ordering. */
export function OrderRoute() {
  const { t } = useTranslation('orders');
  const { shortName, name } = useRestaurant();
  const table = useTable();
  const { language } = useLanguage();
  return (
    <section className={styles.page} aria-labelledby="order-title">
      <h2 id="order-title" className={styles.title}>
        {t('title')}
      </h2>
      {table.isEnabled ? (
        <p className={styles.small}>{t('table_of_restaurant', { table: table.tableId, restaurant: name })}</p>
      ) : (
        <p role="alert">{t('cannot_order_at_table')}</p>
      )}
      <EmptyState
        icon={<ShoppingBag size={40} aria-hidden="true" />}
        text={t('empty_cart')}
        action={
          <Link className={styles.action} to={routes.menu(shortName, language)}>
            {t('browse_menu')}
          </Link>
        }
      />
      <p className={styles.small}>
        <Link to={routes.terms(shortName, table.id, language)}>{t('common:terms_and_conditions')}</Link>
      </p>
    </section>
  );
}

import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { Spinner } from '../../../components/spinner/spinner.tsx';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { useTableOrders } from '../hooks/use-table-orders.ts';
import { useOrdering } from '../state/ordering-context.ts';
import { OrderCard } from './order-card.tsx';
import { OrderList } from './order-list.tsx';
import styles from './ordering.module.css';
import { PLACED_PARAM } from './ordering-menu.tsx';

/** Orders (my_orders): what this diner ordered during the visit; after placing, the order's overview first. */
export function MyOrders() {
  const { t } = useTranslation('orders');
  const ordering = useOrdering();
  const location = useLocation();
  const orders = useTableOrders();
  const placedId = Number(new URLSearchParams(location.search).get(PLACED_PARAM));
  const mine = (orders.data?.orders ?? []).filter((order) => order.isMine);
  const placed = mine.find((order) => order.id === placedId);
  const others = placed ? mine.filter((order) => order !== placed) : mine;
  const overviewHeading = useRef<HTMLHeadingElement>(null);
  const hasOverview = placed !== undefined;

  // After placing, the cart dialog is gone: focus moves to the overview of what was ordered.
  useEffect(() => {
    if (hasOverview) overviewHeading.current?.focus();
  }, [hasOverview]);

  return (
    <section className={styles.page} aria-labelledby="my-orders-title">
      <h2 id="my-orders-title" className={styles.pageTitle}>
        {t('my_orders_title')}
      </h2>
      <p className={styles.muted}>{t('table_number', { table: ordering.tableNumber })}</p>
      {ordering.status === 'joining' || (ordering.status === 'joined' && orders.isPending) ? (
        <Spinner />
      ) : (
        <>
          {placed && (
            <section className={styles.overview} aria-labelledby="order-overview-title">
              <h3
                id="order-overview-title"
                className={styles.sectionTitle}
                ref={overviewHeading}
                tabIndex={-1}
              >
                {t('overview_title')}
              </h3>
              <OrderCard order={placed} />
            </section>
          )}
          {(!placed || others.length > 0) && <OrderList orders={others} empty={<p>{t('no_my_orders')}</p>} />}
        </>
      )}
      <Link className={styles.primaryLink} to={location.pathname}>
        {t('browse_menu')}
      </Link>
    </section>
  );
}

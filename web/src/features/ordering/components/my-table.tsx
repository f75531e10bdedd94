import { PENDING_STATUSES } from '@tablo/contract/order';
import { useState } from 'react';
import { Spinner } from '../../../components/spinner/spinner.tsx';
import { formatPrice } from '../../../lib/format-price.ts';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { useLanguage } from '../../../providers/language.tsx';
import { useTableOrders } from '../hooks/use-table-orders.ts';
import { useOrdering } from '../state/ordering-context.ts';
import { OrderList } from './order-list.tsx';
import styles from './ordering.module.css';

const TABS = ['all', 'pending'] as const;
type Tab = (typeof TABS)[number];

/** spec §2: My Table — the visit's orders of everyone at the table, sub-tabs All and Pending (placed/accepted). */
export function MyTable() {
  const { t } = useTranslation('table');
  const { language } = useLanguage();
  const ordering = useOrdering();
  const orders = useTableOrders();
  const [tab, setTab] = useState<Tab>('all');
  const all = orders.data?.orders ?? [];
  const shown = tab === 'all' ? all : all.filter((order) => PENDING_STATUSES.includes(order.status));
  const tableTotal = all
    .filter((order) => order.status !== 'REJECTED')
    .reduce((sum, order) => sum + order.total, 0);

  return (
    <section className={styles.page} aria-labelledby="table-title">
      <h2 id="table-title" className={styles.pageTitle}>
        {t('title')}
        {ordering.tableNumber > 0 ? ` · ${t('table_number', { number: ordering.tableNumber })}` : null}
      </h2>
      <div className={styles.tabs} role="tablist" aria-label={t('title')}>
        {TABS.map((value) => (
          <button
            key={value}
            id={`table-tab-${value}`}
            type="button"
            role="tab"
            className={styles.tab}
            aria-selected={tab === value}
            aria-controls="table-panel"
            tabIndex={tab === value ? 0 : -1}
            onClick={() => setTab(value)}
            onKeyDown={(event) => {
              if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
                const next = tab === 'all' ? 'pending' : 'all';
                setTab(next);
                document.getElementById(`table-tab-${next}`)?.focus();
              }
            }}
          >
            {t(`tab_${value}`)}
          </button>
        ))}
      </div>
      <div id="table-panel" role="tabpanel" aria-labelledby={`table-tab-${tab}`} className={styles.panel}>
        {ordering.status === 'joining' || (ordering.status === 'joined' && orders.isPending) ? (
          <Spinner />
        ) : (
          <OrderList
            orders={shown}
            showOwner
            empty={<p>{tab === 'all' ? t('no_orders') : t('no_pending_orders')}</p>}
          />
        )}
        {tab === 'all' && tableTotal > 0 && (
          <p className={`${styles.totalRow} ${styles.tableTotal}`}>
            <span>{t('table_total')}</span>
            <span>{formatPrice(tableTotal, language)}</span>
          </p>
        )}
      </div>
    </section>
  );
}

import { ClipboardList } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTable } from '../providers/table.tsx';
import { EmptyState } from './empty-state.tsx';
import styles from './screen-page.module.css';

const TABS = ['all', 'pending'] as const;
type Tab = (typeof TABS)[number];

/** spec §2: My Table, with the sub-tabs All and Pending. Orders arrive with the ordering issue. */
export function TableRoute() {
  const { t } = useTranslation('table');
  const table = useTable();
  const [tab, setTab] = useState<Tab>('all');
  return (
    <section className={styles.page} aria-labelledby="table-title">
      <h2 id="table-title" className={styles.title}>
        {t('title')}
        {table.tableId > 0 ? ` · ${t('table_number', { number: table.tableId })}` : null}
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
      <div id="table-panel" role="tabpanel" aria-labelledby={`table-tab-${tab}`}>
        <EmptyState
          icon={<ClipboardList size={40} aria-hidden="true" />}
          text={tab === 'all' ? t('no_orders') : t('no_pending_orders')}
        />
      </div>
    </section>
  );
}

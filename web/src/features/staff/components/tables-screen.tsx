import { API_BASE } from '@tablo/contract/paths';
import { type StaffTable, staffCan, staffPaths } from '@tablo/contract/staff';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { staffTablesQueryOptions } from '../api/staff-tables.ts';
import { useStaffConsole } from '../hooks/staff-console-context.ts';
import { useMinuteClock } from '../hooks/use-minute-clock.ts';
import { EmptyState, ScreenState } from './screen-state.tsx';
import styles from './staff.module.css';
import { TableRow } from './table-row.tsx';

/** Every table: open visit, orders, unpaid amount and calls; close, and for managers enable, rotate, QR. */
export function TablesScreen() {
  const { t } = useTranslation('staff');
  const { me } = useStaffConsole();
  const tables = useQuery(staffTablesQueryOptions());
  const now = useMinuteClock();
  const manage = staffCan(me.role, 'manageTables');
  const list: StaffTable[] = [...(tables.data?.tables ?? [])].sort((a, b) => a.tableNumber - b.tableNumber);

  return (
    <>
      <div className={styles.screenHead}>
        <h1 className={styles.screenTitle}>{t('tables_title')}</h1>
        {manage && (
          <div className={styles.actions}>
            {(['hu', 'en'] as const).map((lang) => (
              <a
                key={lang}
                className={styles.linkButton}
                href={`${API_BASE}${staffPaths.qrSheet(lang)}`}
                download
              >
                {t(`qr_sheet_${lang}`)}
              </a>
            ))}
          </div>
        )}
      </div>
      <ScreenState pending={tables.isPending} error={tables.error} onRetry={() => void tables.refetch()}>
        {list.length === 0 ? (
          <EmptyState>{t('tables_empty')}</EmptyState>
        ) : (
          <div className={styles.tableWrap}>
            <table className={`${styles.table} ${styles.tablesTable}`} data-manage={manage}>
              <caption className="visually-hidden">{t('tables_title')}</caption>
              <thead>
                <tr>
                  <th scope="col" className={styles.colTable}>
                    {t('col_table')}
                  </th>
                  <th scope="col" className={styles.colState}>
                    {t('col_state')}
                  </th>
                  <th scope="col" className={styles.colVisit}>
                    {t('col_visit')}
                  </th>
                  <th scope="col" className={styles.colUnpaid}>
                    {t('col_unpaid')}
                  </th>
                  <th scope="col" className={styles.colCalls}>
                    {t('col_calls')}
                  </th>
                  <th scope="col" className={styles.colActions}>
                    {t('col_actions')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.map((table) => (
                  <TableRow key={table.tableId} table={table} now={now} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </ScreenState>
    </>
  );
}

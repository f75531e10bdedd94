import { API_BASE } from '@tablo/contract/paths';
import { type StaffTable, type StaffTables, staffCan, staffPaths } from '@tablo/contract/staff';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatPrice } from '../../../lib/format-price.ts';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { notify } from '../../../lib/toast.ts';
import { useLanguage } from '../../../providers/language.tsx';
import { closeTable, staffBoardQueryKey } from '../api/staff-board.ts';
import { rotateTableToken, setTableEnabled, staffTablesQueryKey } from '../api/staff-tables.ts';
import { useStaffConsole } from '../hooks/staff-console-context.ts';
import { useStaffAction } from '../hooks/use-staff-action.ts';
import { formatAge } from '../utils/age.ts';
import { CallList } from './call-list.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';
import styles from './staff.module.css';

type Confirming = 'close' | 'rotate' | null;

/** One table of the tables screen, with only the moves the member's role may make. */
export function TableRow({ table, now }: { table: StaffTable; now: number }) {
  const { t } = useTranslation('staff');
  const { language } = useLanguage();
  const { me } = useStaffConsole();
  const queryClient = useQueryClient();
  const { busy, run } = useStaffAction();
  const [confirming, setConfirming] = useState<Confirming>(null);
  const manage = staffCan(me.role, 'manageTables');
  const unpaid = table.visit?.unpaidAmount ?? 0;
  // A visit that has not paid everything is closed only by an owner or a manager, with force.
  const mayForce = staffCan(me.role, 'closeUnpaidVisits');
  const name = t('table_number', { table: table.tableNumber });

  function replace(next: StaffTable) {
    queryClient.setQueryData<StaffTables>(staffTablesQueryKey, (data) =>
      data
        ? { ...data, tables: data.tables.map((row) => (row.tableId === next.tableId ? next : row)) }
        : data,
    );
  }

  async function close(force: boolean) {
    const done = await run('close', () => closeTable(table.tableId, force));
    setConfirming(null);
    if (done === null) return;
    notify.success(t('table_closed', { table: table.tableNumber }));
    void queryClient.invalidateQueries({ queryKey: staffTablesQueryKey });
    void queryClient.invalidateQueries({ queryKey: staffBoardQueryKey });
  }

  async function rotate() {
    const done = await run('rotate', () => rotateTableToken(table.tableId));
    setConfirming(null);
    if (!done) return;
    replace(done.data);
    notify.success(t('token_rotated', { table: table.tableNumber }));
  }

  async function toggle() {
    const done = await run('enable', () => setTableEnabled(table.tableId, !table.isEnabled));
    if (done) replace(done.data);
  }

  return (
    <tr data-table={table.tableNumber}>
      <th scope="row">{name}</th>
      <td>
        <span className={styles.badge} data-off={!table.isEnabled}>
          {table.isEnabled ? t('enabled') : t('disabled')}
        </span>
      </td>
      <td>
        {table.visit ? (
          <>
            {t('visit_open', { age: formatAge(table.visit.openedAt, now, language) })}
            <br />
            <span className={styles.muted}>{t('order_count', { n: table.visit.orderCount })}</span>
          </>
        ) : (
          <span className={styles.muted}>{t('no_visit')}</span>
        )}
      </td>
      <td>{table.visit ? formatPrice(table.visit.unpaidAmount, language) : '—'}</td>
      <td>
        {table.calls.length === 0 ? (
          <span className={styles.muted}>—</span>
        ) : (
          <CallList tableId={table.tableId} tableNumber={table.tableNumber} calls={table.calls} now={now} />
        )}
      </td>
      <td>
        <div className={styles.actions}>
          {table.visit && (
            <button
              type="button"
              className={styles.dangerButton}
              disabled={busy !== null}
              aria-label={t('close_table_of', { table: table.tableNumber })}
              onClick={() => setConfirming('close')}
            >
              {t('close_table')}
            </button>
          )}
          {manage && (
            <>
              <button
                type="button"
                className={styles.button}
                disabled={busy !== null}
                aria-label={t(table.isEnabled ? 'disable_table' : 'enable_table', {
                  table: table.tableNumber,
                })}
                onClick={() => void toggle()}
              >
                {table.isEnabled ? t('disable') : t('enable')}
              </button>
              <button
                type="button"
                className={styles.button}
                disabled={busy !== null}
                aria-label={t('rotate_token_of', { table: table.tableNumber })}
                onClick={() => setConfirming('rotate')}
              >
                {t('rotate_token')}
              </button>
              <a
                className={styles.linkButton}
                href={`${API_BASE}${staffPaths.tableQr(table.tableId)}`}
                target="_blank"
                rel="noopener"
                aria-label={t('qr_of', { table: table.tableNumber })}
              >
                {t('qr_code')}
              </a>
            </>
          )}
        </div>
        {confirming === 'close' && unpaid === 0 && (
          <ConfirmDialog
            title={t('close_table_title', { table: table.tableNumber })}
            body={t('close_table_body')}
            confirmLabel={t('close_table')}
            busy={busy !== null}
            onConfirm={() => void close(false)}
            onCancel={() => setConfirming(null)}
          />
        )}
        {confirming === 'close' && unpaid > 0 && mayForce && (
          <ConfirmDialog
            title={t('close_table_title', { table: table.tableNumber })}
            body={t('close_unpaid_body', { amount: formatPrice(unpaid, language) })}
            confirmLabel={t('close_anyway')}
            busy={busy !== null}
            onConfirm={() => void close(true)}
            onCancel={() => setConfirming(null)}
          />
        )}
        {confirming === 'close' && unpaid > 0 && !mayForce && (
          <ConfirmDialog
            title={t('close_table_title', { table: table.tableNumber })}
            body={t('close_unpaid_manager', { amount: formatPrice(unpaid, language) })}
            cancelLabel={t('close_dialog_ok')}
            onCancel={() => setConfirming(null)}
          />
        )}
        {confirming === 'rotate' && (
          <ConfirmDialog
            title={t('rotate_token_title', { table: table.tableNumber })}
            body={t('rotate_token_body')}
            confirmLabel={t('rotate_token')}
            busy={busy !== null}
            onConfirm={() => void rotate()}
            onCancel={() => setConfirming(null)}
          />
        )}
      </td>
    </tr>
  );
}

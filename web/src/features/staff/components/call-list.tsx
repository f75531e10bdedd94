import { staffCan } from '@tablo/contract/staff';
import type { TableCall } from '@tablo/contract/table-call';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { useLanguage } from '../../../providers/language.tsx';
import { acknowledgeCall } from '../api/staff-board.ts';
import { staffTablesQueryKey } from '../api/staff-tables.ts';
import { useStaffConsole } from '../hooks/staff-console-context.ts';
import { useStaffAction } from '../hooks/use-staff-action.ts';
import { formatAge } from '../utils/age.ts';
import styles from './staff.module.css';

type CallListProps = {
  tableId: number;
  tableNumber: number;
  calls: readonly TableCall[];
  now: number;
  /** Applies the acknowledged call where the caller keeps it (the board's cache). */
  onAcknowledged?: (call: TableCall) => void;
};

/** A table's calls: an open one stands out until a waiter acknowledges it. */
export function CallList({ tableId, tableNumber, calls, now, onAcknowledged }: CallListProps) {
  const { t } = useTranslation('staff');
  const { language } = useLanguage();
  const { me } = useStaffConsole();
  const queryClient = useQueryClient();
  const { busy, run } = useStaffAction();
  const canAnswer = staffCan(me.role, 'answerCalls');
  if (calls.length === 0) return null;

  async function acknowledge(call: TableCall) {
    const done = await run(call.kind, () => acknowledgeCall(tableId, call.kind));
    if (done) {
      onAcknowledged?.(done.data);
      void queryClient.invalidateQueries({ queryKey: staffTablesQueryKey });
    }
  }

  return (
    <ul className={styles.calls} aria-label={t('calls_of_table', { table: tableNumber })}>
      {calls.map((call) => {
        const open = call.acknowledgedAt === null;
        return (
          <li key={call.kind} className={styles.call} data-open={open} data-call={call.kind}>
            <span>
              {t(`call_${call.kind}`)} ·{' '}
              <time dateTime={call.requestedAt}>{formatAge(call.requestedAt, now, language)}</time>
              {!open && ` · ${t('call_acknowledged')}`}
            </span>
            {open && canAnswer && (
              <button
                type="button"
                className={styles.alertButton}
                disabled={busy !== null}
                aria-label={t('acknowledge_call', { call: t(`call_${call.kind}`), table: tableNumber })}
                onClick={() => void acknowledge(call)}
              >
                {t('acknowledge')}
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}

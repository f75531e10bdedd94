import type { PrinterStatus } from '@tablo/contract/printing';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { printerStatusesQueryOptions } from '../api/staff-printing.ts';
import styles from './staff-printing.module.css';

/** What needs the staff's eyes: a printer that is off (its tickets wait), or tickets that failed for good. */
function trouble(printer: PrinterStatus): 'off' | 'failed' | null {
  if (printer.online === false) return 'off';
  return printer.failedJobs > 0 ? 'failed' : null;
}

/**
 * Issue 28: a live alert on the board and in the kitchen while a printer is off — read on load and after a
 * reconnect, then kept current by the staff socket's `printer.status` messages (use-staff-live.ts). Mounted
 * only when there is something to say, so the news is announced as it appears.
 */
export function PrinterAlert() {
  const { t } = useTranslation('printing');
  const statuses = useQuery(printerStatusesQueryOptions());
  const troubled = (statuses.data ?? []).flatMap((printer) => {
    const kind = trouble(printer);
    return kind ? [{ printer, kind }] : [];
  });
  if (troubled.length === 0) return null;
  return (
    <div role="alert" className={styles.printerAlert}>
      {troubled.map(({ printer, kind }) => (
        <p key={printer.printerId}>
          {kind === 'off'
            ? printer.waitingJobs > 0
              ? t('alert_off_waiting', { name: printer.name, count: printer.waitingJobs })
              : t('alert_off', { name: printer.name })
            : t('alert_failed', { name: printer.name, count: printer.failedJobs })}
        </p>
      ))}
    </div>
  );
}

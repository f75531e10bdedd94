import type { Printer } from '@tablo/contract/printing';
import ui from '../../../components/console-form/console-form.module.css';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import styles from './printing.module.css';

export type PrinterActions = {
  edit: (printer: Printer) => void;
  testPrint: (printer: Printer) => void;
  remove: (printer: Printer) => void;
};

/** One printer: where it is, what it prints, how it is doing (online, off with its last error, its queue). */
export function PrinterRow({
  printer,
  categoryTitles,
  busy,
  actions,
}: {
  printer: Printer;
  /** The titles of the categories it prints, in the member's language. */
  categoryTitles: string[];
  busy: boolean;
  actions: PrinterActions;
}) {
  const { t } = useTranslation('printing');
  const { status } = printer;
  const state = !printer.isEnabled
    ? 'disabled'
    : status.online === null
      ? 'untried'
      : status.online
        ? 'online'
        : 'off';
  return (
    <li className={styles.printer} data-printer-id={printer.id}>
      <div className={ui.who}>
        <span className={ui.email}>{printer.name}</span>
        <span className={ui.muted}>
          {t('printer_details', {
            address: printer.address,
            commandSet: t(`command_set_${printer.commandSet}`),
            width: printer.paperWidth,
          })}
        </span>
        <span className={ui.muted}>
          {categoryTitles.length === 0
            ? t('prints_nothing')
            : t('prints_categories', { categories: categoryTitles.join(', ') })}
        </span>
      </div>
      <div className={styles.state}>
        <span className={state === 'off' ? `${ui.badge} ${ui.badgeOff}` : ui.badge} data-state={state}>
          {t(`state_${state}`)}
        </span>
        {state === 'off' && status.lastError && (
          <span className={ui.muted}>{t('last_error', { error: status.lastError })}</span>
        )}
        {status.waitingJobs > 0 && (
          <span className={ui.muted}>{t('jobs_waiting', { count: status.waitingJobs })}</span>
        )}
        {status.failedJobs > 0 && (
          <span className={ui.error}>{t('jobs_failed', { count: status.failedJobs })}</span>
        )}
      </div>
      <div className={ui.actions}>
        <button type="button" className={ui.button} disabled={busy} onClick={() => actions.edit(printer)}>
          {t('edit')}
          <span className={ui.visuallyHidden}> {printer.name}</span>
        </button>
        <button
          type="button"
          className={ui.button}
          disabled={busy || !printer.isEnabled}
          onClick={() => actions.testPrint(printer)}
        >
          {t('test_print')}
          <span className={ui.visuallyHidden}> {printer.name}</span>
        </button>
        <button type="button" className={ui.button} disabled={busy} onClick={() => actions.remove(printer)}>
          {t('delete')}
          <span className={ui.visuallyHidden}> {printer.name}</span>
        </button>
      </div>
    </li>
  );
}

import type { Printer } from '@tablo/contract/printing';
import { useId, useState } from 'react';
import ui from '../../../components/console-form/console-form.module.css';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { FailedTickets, type FailedTicketsSource } from './failed-tickets.tsx';
import styles from './printing.module.css';

export type PrinterActions = {
  edit: (printer: Printer) => void;
  testPrint: (printer: Printer) => void;
  remove: (printer: Printer) => void;
  failed: FailedTicketsSource;
};

/**
 * One printer: where it is, what it prints, how it is doing (online, off with its last error, its queue).
 * "N tickets failed" opens the list of those tickets under the row, to print again those still wanted.
 */
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
  const [showFailed, setShowFailed] = useState(false);
  const failedId = useId();
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
        {(status.failedJobs > 0 || showFailed) && (
          <button
            type="button"
            className={`${ui.button} ${styles.failedToggle}`}
            aria-expanded={showFailed}
            aria-controls={showFailed ? failedId : undefined}
            onClick={() => setShowFailed((open) => !open)}
          >
            {t('jobs_failed', { count: status.failedJobs })}
            <span className={ui.visuallyHidden}> {printer.name}</span>
          </button>
        )}
      </div>
      {/* Right after its button, for the keyboard; under the whole row on the screen (the CSS module). */}
      {showFailed && <FailedTickets id={failedId} printer={printer} busy={busy} source={actions.failed} />}
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

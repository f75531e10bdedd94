import { type LanguageCode, toBcp47 } from '@tablo/contract/language-list';
import type { FailedPrintJob, FailedPrintJobs, Printer } from '@tablo/contract/printing';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import ui from '../../../components/console-form/console-form.module.css';
import type { ApiResult } from '../../../lib/api-client.ts';
import type { TFunction } from '../../../lib/texts/texts.ts';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { useLanguage } from '../../../providers/language.tsx';
import styles from './printing.module.css';

/** What the row needs to list a printer's failed tickets and print one again (the screen supplies it). */
export type FailedTicketsSource = {
  /** The query of a printer's failed tickets (its key and how it is read). */
  query: (printer: Printer) => {
    queryKey: readonly unknown[];
    queryFn: (context: { signal: AbortSignal }) => Promise<FailedPrintJobs>;
  };
  /** Prints a failed ticket again; the screen announces a success and reads the printers again. */
  retry: (printer: Printer, job: FailedPrintJob, label: string) => Promise<ApiResult<unknown>>;
};

/** "19:42" today, with the date before it on another day, on the console's clock and in its language. */
function madeAt(iso: string, locale: string): string {
  const made = new Date(iso);
  const today = new Date().toDateString() === made.toDateString();
  return new Intl.DateTimeFormat(locale, {
    ...(today ? {} : { month: 'short', day: 'numeric' }),
    hour: '2-digit',
    minute: '2-digit',
  }).format(made);
}

/** "Order #12 · table 4 · 19:42" (a void or reprint says so; a test ticket has no order). */
export function failedTicketLabel(job: FailedPrintJob, t: TFunction, locale: string): string {
  const parts = [
    job.orderNumber === null ? t('failed_test_ticket') : t('ticket_order', { id: job.orderNumber }),
  ];
  if (job.kind !== 'ORDER') parts.push(t(`failed_kind_${job.kind}`));
  if (job.tableNumber !== null) parts.push(t('failed_table', { table: job.tableNumber }));
  parts.push(madeAt(job.createdAt, locale));
  return parts.join(' · ');
}

/**
 * A printer's failed tickets under its row (issue 28): which ones did not print and why, each with "Print
 * again". A refusal (409: the order was rejected, the ticket printed meanwhile…) is said beside its ticket;
 * a ticket sent again leaves the list, and focus goes to the list so a keyboard user carries on from there.
 * While the printer is paused nothing can print again: the buttons say so.
 */
export function FailedTickets({
  id,
  printer,
  busy,
  source,
}: {
  id: string;
  printer: Printer;
  busy: boolean;
  source: FailedTicketsSource;
}) {
  const { t } = useTranslation('printing');
  const { language } = useLanguage();
  const locale = toBcp47(language as LanguageCode);
  const failed = useQuery(source.query(printer));
  const [refusals, setRefusals] = useState<ReadonlyMap<number, string>>(new Map());
  const panel = useRef<HTMLElement>(null);
  const titleId = useId();
  const hintId = useId();

  async function printAgain(job: FailedPrintJob, label: string) {
    setRefusals((now) => new Map([...now].filter(([jobId]) => jobId !== job.jobId)));
    const result = await source.retry(printer, job, label);
    if (result.ok) {
      await failed.refetch();
      panel.current?.focus();
    } else if (result.status !== 401) {
      setRefusals((now) => new Map(now).set(job.jobId, result.message));
    }
  }

  return (
    <section id={id} ref={panel} tabIndex={-1} className={styles.failed} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.failedTitle}>
        {t('failed_title', { name: printer.name })}
      </h3>
      {!printer.isEnabled && (
        <p id={hintId} className={ui.muted}>
          {t('failed_enable_first')}
        </p>
      )}
      {failed.isPending && <p className={ui.muted}>{t('failed_loading')}</p>}
      {failed.isError && (
        <div role="alert">
          <p className={ui.error}>{t('failed_load_failed', { message: failed.error.message })}</p>
          <button type="button" className={ui.button} onClick={() => void failed.refetch()}>
            {t('retry')}
          </button>
        </div>
      )}
      {failed.data &&
        (failed.data.jobs.length === 0 ? (
          <p className={ui.muted}>{t('failed_empty')}</p>
        ) : (
          <ul className={styles.failedList}>
            {failed.data.jobs.map((job) => {
              const label = failedTicketLabel(job, t, locale);
              const refusal = refusals.get(job.jobId);
              return (
                <li key={job.jobId} className={styles.failedTicket} data-job-id={job.jobId}>
                  <div className={ui.who}>
                    <span>{label}</span>
                    {job.lastError && (
                      <span className={ui.muted}>{t('failed_reason', { reason: job.lastError })}</span>
                    )}
                    {refusal && (
                      <p role="alert" className={ui.error}>
                        {refusal}
                      </p>
                    )}
                  </div>
                  <button
                    type="button"
                    className={ui.button}
                    disabled={busy || !printer.isEnabled}
                    aria-describedby={printer.isEnabled ? undefined : hintId}
                    onClick={() => void printAgain(job, label)}
                  >
                    {t('print_again')}
                    <span className={ui.visuallyHidden}> {label}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        ))}
    </section>
  );
}

import type { Printer, PrinterStatus, PrintTrigger, SavePrinterRequest } from '@tablo/contract/printing';
import { type StaffMe, staffCan } from '@tablo/contract/staff';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import ui from '../../../components/console-form/console-form.module.css';
import { LoadState, ScreenHead } from '../../../components/console-form/screen-head.tsx';
import type { ApiResult } from '../../../lib/api-client.ts';
import { pickTitle } from '../../../lib/pick-title.ts';
import { RequestError } from '../../../lib/request-error.ts';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { useLanguage } from '../../../providers/language.tsx';
import {
  createPrintingApi,
  failedJobsQueryKey,
  printersQueryKey,
  printingCategoriesQueryKey,
} from '../api/printing-api.ts';
import { latestStatus } from '../utils/latest-status.ts';
import { type PrinterErrors, printerErrors } from '../utils/printer-errors.ts';
import { DeletePrinterDialog } from './delete-printer-dialog.tsx';
import { PrintTriggerForm } from './print-trigger-form.tsx';
import { PrinterForm } from './printer-form.tsx';
import { type PrinterActions, PrinterRow } from './printer-row.tsx';
import styles from './printing.module.css';

/** The form open: a new printer, or the one being edited. */
type Editing = { printer: Printer | null };

/**
 * The kitchen's printers (issue 28, OWNER and MANAGER: `managePrinters`): each printer is a station that
 * prints the lines of its categories; the list shows how each is doing, a test ticket proves one, and the
 * restaurant chooses when tickets print. Every outcome is announced; a refused save names its fields.
 */
export function PrintersScreen({
  me,
  liveStatuses,
  onSignedOut,
}: {
  me: StaffMe;
  /** The printers' state as the staff socket reports it (the console keeps it): the list follows it live. */
  liveStatuses?: readonly PrinterStatus[];
  onSignedOut: () => void;
}) {
  const { t } = useTranslation('printing');
  const { language } = useLanguage();
  const api = useMemo(() => createPrintingApi(me.csrfToken), [me.csrfToken]);
  const allowed = staffCan(me.role, 'managePrinters');
  const unwrap = <T,>(result: ApiResult<T>): T => {
    if (result.ok) return result.data;
    if (result.status === 401) onSignedOut();
    throw new RequestError(result.status, result.message);
  };
  const printers = useQuery({
    queryKey: [...printersQueryKey, me.restaurantShortName],
    enabled: allowed,
    queryFn: async ({ signal }) => unwrap(await api.printers(signal)),
  });
  const categories = useQuery({
    queryKey: [...printingCategoriesQueryKey, me.restaurantShortName],
    enabled: allowed,
    queryFn: async ({ signal }) => unwrap(await api.categories(me.restaurantShortName, signal)),
  });
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [formErrors, setFormErrors] = useState<PrinterErrors | null>(null);
  const [deleting, setDeleting] = useState<Printer | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);

  // The form closed (saved or cancelled): a keyboard user goes on from "Add a printer", not from the page's top.
  useEffect(() => {
    if (editing === null && wasEditing.current) addButton.current?.focus();
    wasEditing.current = editing !== null;
  }, [editing]);

  /** One write at a time; its outcome announced; the list read again after it. */
  async function run<T>(action: Promise<ApiResult<T>>, done: string): Promise<ApiResult<T>> {
    setBusy(true);
    setError(null);
    setNotice('');
    const result = await action;
    setBusy(false);
    if (result.ok) {
      setNotice(done);
      await printers.refetch();
    } else if (result.status === 401) onSignedOut();
    return result;
  }

  async function save(printer: SavePrinterRequest) {
    const id = editing?.printer?.id;
    setFormErrors(null);
    const result = await run(
      id === undefined ? api.create(printer) : api.update(id, printer),
      t('saved', { name: printer.name }),
    );
    if (result.ok) setEditing(null);
    else if (result.status !== 401) setFormErrors(printerErrors(result.message));
  }

  async function remove(printer: Printer) {
    const result = await run(api.remove(printer.id), t('deleted', { name: printer.name }));
    setDeleting(null);
    if (!result.ok) setError(t('failed', { message: result.message }));
    else if (editing?.printer?.id === printer.id) setEditing(null);
  }

  async function saveTrigger(trigger: PrintTrigger) {
    const result = await run(api.saveSettings({ trigger }), t(`trigger_saved_${trigger}`));
    if (!result.ok) setError(t('failed', { message: result.message }));
  }

  const actions: PrinterActions = {
    edit: (printer) => {
      setFormErrors(null);
      setEditing({ printer });
    },
    testPrint: (printer) =>
      void run(api.testPrint(printer.id), t('test_sent', { name: printer.name })).then((result) => {
        if (!result.ok) setError(t('failed', { message: result.message }));
      }),
    remove: (printer) => setDeleting(printer),
    failed: {
      query: (printer) => ({
        queryKey: [...failedJobsQueryKey, me.restaurantShortName, printer.id],
        queryFn: async ({ signal }) => unwrap(await api.failedJobs(printer.id, signal)),
      }),
      // A refusal (409) is said beside its ticket, not at the top of the screen.
      retry: (printer, job, label) =>
        run(api.retryJob(job.jobId), t('print_again_queued', { ticket: label, name: printer.name })),
    },
  };

  if (!allowed) return <p className={ui.muted}>{t('not_allowed')}</p>;

  const titles = new Map(
    (categories.data ?? []).map((category) => [
      category.id,
      pickTitle(category.translations, language, t('untitled')),
    ]),
  );

  return (
    <div className={ui.screen}>
      <ScreenHead title={t('title')} intro={t('intro')} notice={notice} error={error} />
      <LoadState
        query={printers}
        loading={t('loading')}
        failed={(message) => t('load_failed', { message })}
        retry={t('retry')}
      />
      {printers.data && (
        <>
          <section className={ui.section} aria-labelledby="printers-title">
            <h2 id="printers-title" className={ui.subtitle}>
              {t('printers')}
            </h2>
            {printers.data.printers.length === 0 ? (
              <p className={ui.muted}>{t('empty')}</p>
            ) : (
              <ul className={ui.list}>
                {printers.data.printers.map((printer) => (
                  <PrinterRow
                    key={printer.id}
                    printer={{ ...printer, status: latestStatus(printer.status, liveStatuses) }}
                    categoryTitles={printer.categoryIds.map(
                      (id) => titles.get(id) ?? t('category_not_on_menu', { id }),
                    )}
                    busy={busy}
                    actions={actions}
                  />
                ))}
              </ul>
            )}
            {editing === null && (
              <div className={ui.actions}>
                <button
                  ref={addButton}
                  type="button"
                  className={ui.primaryButton}
                  onClick={() => {
                    setFormErrors(null);
                    setEditing({ printer: null });
                  }}
                >
                  {t('add')}
                </button>
              </div>
            )}
            {editing !== null && (
              <div className={styles.editor}>
                <LoadState
                  query={categories}
                  loading={t('categories_loading')}
                  failed={(message) => t('categories_failed', { message })}
                  retry={t('retry')}
                />
                {categories.data && (
                  <PrinterForm
                    key={editing.printer?.id ?? 'new'}
                    printer={editing.printer}
                    categories={categories.data}
                    busy={busy}
                    serverErrors={formErrors}
                    onSave={(printer) => void save(printer)}
                    onCancel={() => setEditing(null)}
                  />
                )}
              </div>
            )}
          </section>
          <section className={ui.section}>
            <PrintTriggerForm
              trigger={printers.data.trigger}
              busy={busy}
              onSave={(trigger) => void saveTrigger(trigger)}
            />
          </section>
        </>
      )}
      {deleting && (
        <DeletePrinterDialog
          name={deleting.name}
          busy={busy}
          onDelete={() => void remove(deleting)}
          onCancel={() => setDeleting(null)}
        />
      )}
    </div>
  );
}

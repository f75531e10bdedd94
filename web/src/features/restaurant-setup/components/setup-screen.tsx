import type { StaffMe, StaffTable } from '@tablo/contract/staff';
import { staffCan } from '@tablo/contract/staff';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import ui from '../../../components/console-form/console-form.module.css';
import type { ApiResult } from '../../../lib/api-client.ts';
import { RequestError } from '../../../lib/request-error.ts';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { createSetupApi, setupQueryKey } from '../api/setup-api.ts';
import { SettingsForm } from './settings-form.tsx';
import { type ChecklistLinks, SetupChecklistView } from './setup-checklist.tsx';
import { TablesSetup } from './tables-setup.tsx';

/**
 * A restaurant sets itself up (issue 26): the checklist from sign-up to "open for guests", its settings and
 * its tables, on one screen of the console. OWNER and MANAGER (`manageRestaurant`); outcomes are announced.
 */
export function SetupScreen({
  me,
  links,
  tablesScreen,
  onSignedOut,
}: {
  me: StaffMe;
  links: ChecklistLinks;
  tablesScreen: string;
  onSignedOut: () => void;
}) {
  const { t } = useTranslation('setup');
  const api = useMemo(() => createSetupApi(me.csrfToken), [me.csrfToken]);
  const allowed = staffCan(me.role, 'manageRestaurant');
  const key = [...setupQueryKey, me.restaurantShortName];
  const load =
    <T,>(request: () => Promise<ApiResult<T>>) =>
    async () => {
      const result = await request();
      if (result.ok) return result.data;
      if (result.status === 401) onSignedOut();
      throw new RequestError(result.status, result.message);
    };
  const settings = useQuery({
    queryKey: [...key, 'settings'],
    enabled: allowed,
    queryFn: load(api.settings),
  });
  const checklist = useQuery({
    queryKey: [...key, 'checklist'],
    enabled: allowed,
    queryFn: load(api.checklist),
  });
  const tables = useQuery({ queryKey: [...key, 'tables'], enabled: allowed, queryFn: load(api.tables) });
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState('');
  const [error, setError] = useState<string | null>(null);
  // A new form (its fields from the server's values) after a reload or a save.
  const [generation, setGeneration] = useState(0);

  async function run<T>(
    action: Promise<ApiResult<T>>,
    done: string,
    after: 'settings' | 'tables' | 'none',
  ): Promise<boolean> {
    setBusy(true);
    setError(null);
    setNotice('');
    const result = await action;
    setBusy(false);
    if (result.status === 401) onSignedOut();
    if (!result.ok) {
      setError(
        result.status === 409
          ? t('conflict', { message: result.message })
          : t('failed', { message: result.message }),
      );
      return false;
    }
    setNotice(done);
    if (after === 'settings') {
      await settings.refetch();
      setGeneration((g) => g + 1);
    }
    if (after === 'tables') await tables.refetch();
    await checklist.refetch();
    return true;
  }

  if (!allowed) return <p className={ui.muted}>{t('not_allowed')}</p>;
  const version = settings.data?.version ?? 0;

  return (
    <div className={ui.screen}>
      <div className={ui.section}>
        <h1 className={ui.title}>{t('title')}</h1>
        <p className={ui.muted}>{t('intro')}</p>
        <p role="status" aria-live="polite">
          {notice}
        </p>
        {error && (
          <div role="alert">
            <p className={ui.error}>{error}</p>
            <button
              type="button"
              className={ui.button}
              onClick={() => void settings.refetch().then(() => setGeneration((g) => g + 1))}
            >
              {t('reload')}
            </button>
          </div>
        )}
      </div>
      {(settings.isPending || checklist.isPending || tables.isPending) && (
        <p className={ui.muted}>{t('loading')}</p>
      )}
      {(settings.isError || checklist.isError || tables.isError) && (
        <p role="alert" className={ui.error}>
          {t('load_failed')}
        </p>
      )}
      {checklist.data && (
        <section className={ui.section} aria-labelledby="setup-steps">
          <h2 id="setup-steps" className={ui.subtitle}>
            {t('steps_title')}
          </h2>
          <SetupChecklistView
            checklist={checklist.data}
            links={links}
            busy={busy}
            onQrCodesDone={(done) =>
              void run(api.qrCodesDone(done), done ? t('qr_ticked') : t('qr_unticked'), 'none')
            }
            onOpen={() => void run(api.open(), t('opened'), 'settings')}
          />
        </section>
      )}
      {settings.data && (
        <section className={ui.section} aria-labelledby="setup-details">
          <h2 id="setup-details" className={ui.subtitle} tabIndex={-1}>
            {t('details_title')}
          </h2>
          <SettingsForm
            key={generation}
            settings={settings.data}
            busy={busy}
            onSave={(change) => void run(api.save({ ...change, version }), t('saved'), 'settings')}
            onPicture={(file) => void run(api.uploadPicture(file), t('picture_saved'), 'settings')}
          />
        </section>
      )}
      {tables.data && (
        <section className={ui.section} aria-labelledby="setup-tables">
          <h2 id="setup-tables" className={ui.subtitle} tabIndex={-1}>
            {t('tables_title')}
          </h2>
          <TablesSetup
            tables={tables.data.tables}
            busy={busy}
            tablesScreen={tablesScreen}
            onAdd={(request) => run(api.addTables(request), t('tables_added'), 'tables')}
            onRemove={(table: StaffTable) =>
              void run(
                api.removeTable(table.tableId),
                t('table_removed', { number: table.tableNumber }),
                'tables',
              )
            }
          />
        </section>
      )}
    </div>
  );
}

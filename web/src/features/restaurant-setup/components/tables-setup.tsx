import type { AddTablesRequest } from '@tablo/contract/restaurant-setup';
import type { StaffTable } from '@tablo/contract/staff';
import { type FormEvent, useId } from 'react';
import { Link } from 'react-router';
import ui from '../../../components/console-form/console-form.module.css';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import styles from './setup.module.css';

/** Adds tables by count or by a range of numbers, and removes one that was added by mistake. */
export function TablesSetup({
  tables,
  busy,
  tablesScreen,
  onAdd,
  onRemove,
}: {
  tables: StaffTable[];
  busy: boolean;
  /** The console's tables screen: enable or disable a table, new QR token. */
  tablesScreen: string;
  onAdd: (request: AddTablesRequest) => Promise<boolean>;
  onRemove: (table: StaffTable) => void;
}) {
  const { t } = useTranslation('setup');
  const ids = { count: useId(), from: useId(), to: useId() };

  async function addCount(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const count = Number(new FormData(form).get('count'));
    if (await onAdd({ count })) form.reset();
  }
  async function addRange(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    if (await onAdd({ ranges: [{ from: Number(data.get('from')), to: Number(data.get('to')) }] }))
      form.reset();
  }

  return (
    <>
      <p className={ui.muted}>
        {t('tables_intro')} <Link to={tablesScreen}>{t('go_tables_screen')}</Link>
      </p>
      <form className={ui.inlineForm} onSubmit={addCount} aria-label={t('add_count_title')}>
        <div className={ui.field}>
          <label htmlFor={ids.count} className={ui.label}>
            {t('add_count')}
          </label>
          <input id={ids.count} name="count" type="number" min={1} max={500} required className={ui.input} />
        </div>
        <button type="submit" className={ui.primaryButton} disabled={busy}>
          {t('add_tables')}
        </button>
      </form>
      <form className={ui.inlineForm} onSubmit={addRange} aria-label={t('add_range_title')}>
        <div className={ui.field}>
          <label htmlFor={ids.from} className={ui.label}>
            {t('range_from')}
          </label>
          <input id={ids.from} name="from" type="number" min={1} required className={ui.input} />
        </div>
        <div className={ui.field}>
          <label htmlFor={ids.to} className={ui.label}>
            {t('range_to')}
          </label>
          <input id={ids.to} name="to" type="number" min={1} required className={ui.input} />
        </div>
        <button type="submit" className={ui.primaryButton} disabled={busy}>
          {t('add_range')}
        </button>
      </form>
      {tables.length === 0 ? (
        <p className={ui.muted}>{t('no_tables')}</p>
      ) : (
        <ul className={ui.list} aria-label={t('table_list')}>
          {tables.map((table) => (
            <li key={table.tableId} className={styles.step}>
              <span>{t('table_n', { number: table.tableNumber })}</span>
              {!table.isEnabled && <span className={ui.badgeOff}>{t('table_disabled')}</span>}
              <button
                type="button"
                className={ui.button}
                disabled={busy || table.visit !== null}
                onClick={() => onRemove(table)}
              >
                {t('remove_table', { number: table.tableNumber })}
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

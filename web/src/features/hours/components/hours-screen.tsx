import type { OpeningHours } from '@tablo/contract/hours';
import { orderingStateAt } from '@tablo/contract/hours-rule';
import { orderingClosedText } from '@tablo/contract/hours-texts';
import { intlWallClock } from '@tablo/contract/intl-wall-clock';
import { resolveLanguage, toBcp47 } from '@tablo/contract/language-list';
import { type StaffMe, staffCan } from '@tablo/contract/staff';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import ui from '../../../components/console-form/console-form.module.css';
import { RequestError } from '../../../lib/request-error.ts';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { createHoursApi, hoursQueryKey } from '../api/hours-api.ts';
import { HoursForm } from './hours-form.tsx';

/** What a diner's page says at `now` with the saved hours, in the console's language. */
function dinersSee(hours: OpeningHours, now: Date, language: string): string | null {
  const state = orderingStateAt(
    now,
    { spans: hours.spans, closedDays: hours.closedDays.map((day) => day.date) },
    intlWallClock(hours.timeZone),
  );
  return state.open ? null : orderingClosedText(resolveLanguage(language), state.until, now, hours.timeZone);
}

/**
 * The opening hours (issue 28): per weekday its spans, the closed days and the business day's cut-off hour,
 * read in the restaurant's time zone (shown; edited in the set-up). OWNER and MANAGER (`manageHours`).
 * `children` are drawn below the hours: the place for the menu's time windows and "sold out for today".
 */
export function HoursScreen({
  me,
  language,
  setupHref,
  onSignedOut,
  now = () => new Date(),
  children,
}: {
  me: StaffMe;
  language: string;
  /** The set-up screen, where the time zone is changed. */
  setupHref: string;
  onSignedOut: () => void;
  now?: () => Date;
  children?: ReactNode;
}) {
  const { t } = useTranslation('hours');
  const api = useMemo(() => createHoursApi(me.csrfToken), [me.csrfToken]);
  const allowed = staffCan(me.role, 'manageHours');
  const hours = useQuery({
    queryKey: [...hoursQueryKey, me.restaurantShortName],
    enabled: allowed,
    queryFn: async () => {
      const result = await api.load();
      if (result.ok) return result.data;
      if (result.status === 401) onSignedOut();
      throw new RequestError(result.status, result.message);
    },
  });
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState('');
  const [error, setError] = useState<{ message: string; stale: boolean } | null>(null);
  // A new form (its rows from the server's values) after a reload or a save.
  const [generation, setGeneration] = useState(0);

  async function reload() {
    setError(null);
    await hours.refetch();
    setGeneration((g) => g + 1);
  }

  async function save(change: Parameters<typeof api.save>[0]) {
    setBusy(true);
    setError(null);
    setNotice('');
    const result = await api.save(change);
    setBusy(false);
    if (result.status === 401) onSignedOut();
    if (!result.ok) {
      setError({ message: result.message, stale: result.status === 409 });
      return;
    }
    setNotice(t('saved'));
    await hours.refetch();
    setGeneration((g) => g + 1);
  }

  if (!allowed) return <p className={ui.muted}>{t('not_allowed')}</p>;
  const data = hours.data;
  const closedNow = data ? dinersSee(data, now(), language) : null;

  return (
    <div className={ui.screen}>
      <div className={ui.section}>
        <h1 className={ui.title}>{t('title')}</h1>
        <p className={ui.muted}>{t('intro')}</p>
        {data && (
          <p>
            {t('time_zone', { zone: data.timeZone })} <a href={setupHref}>{t('time_zone_link')}</a>
          </p>
        )}
        {data && (
          <p data-testid="hours-now">
            {data.spans.length === 0
              ? t('always_open')
              : closedNow
                ? t('now_closed', { text: closedNow })
                : t('now_open')}
          </p>
        )}
        <p role="status" aria-live="polite">
          {notice}
        </p>
        {error && (
          <div role="alert">
            <p className={ui.error}>
              {error.stale
                ? t('conflict', { message: error.message })
                : t('failed', { message: error.message })}
            </p>
            {error.stale && (
              <button type="button" className={ui.button} onClick={() => void reload()}>
                {t('reload')}
              </button>
            )}
          </div>
        )}
      </div>
      {hours.isPending && <p className={ui.muted}>{t('loading')}</p>}
      {hours.isError && (
        <p role="alert" className={ui.error}>
          {t('load_failed')}
        </p>
      )}
      {data && (
        <section className={ui.section} aria-labelledby="hours-week">
          <h2 id="hours-week" className={ui.visuallyHidden}>
            {t('form_label')}
          </h2>
          <HoursForm
            key={generation}
            hours={data}
            busy={busy}
            locale={toBcp47(resolveLanguage(language))}
            onSave={(change) => void save({ ...change, version: data.version })}
          />
        </section>
      )}
      {children}
    </div>
  );
}

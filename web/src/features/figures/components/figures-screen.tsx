import type { Figures } from '@tablo/contract/figures';
import { type LanguageCode, toBcp47 } from '@tablo/contract/language-list';
import { type StaffMe, staffCan } from '@tablo/contract/staff';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useCallback, useState } from 'react';
import ui from '../../../components/console-form/console-form.module.css';
import { LoadState, ScreenHead } from '../../../components/console-form/screen-head.tsx';
import { formatPrice } from '../../../lib/format-price.ts';
import { pickTitle } from '../../../lib/pick-title.ts';
import { RequestError } from '../../../lib/request-error.ts';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { useLanguage } from '../../../providers/language.tsx';
import { type FiguresRange, figuresCsvHref, figuresQueryKey, readFigures } from '../api/figures-api.ts';
import styles from './figures-screen.module.css';
import { FiguresTables } from './figures-tables.tsx';

/**
 * The day's figures (issue 28, docs/decisions/076), for OWNER and MANAGER (`viewFigures`): a business day
 * (today's at first) or a range, in tables, sales by hour as a chart with the table of hours as its text,
 * a printable report and the CSV for the accountant.
 */
export function FiguresScreen({ me, onSignedOut }: { me: StaffMe; onSignedOut: () => void }) {
  const { t } = useTranslation('figures');
  const { language } = useLanguage();
  const allowed = staffCan(me.role, 'viewFigures');
  const [range, setRange] = useState<FiguresRange>(null);
  const [draft, setDraft] = useState<{ from: string; to: string } | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const figures = useQuery({
    queryKey: [...figuresQueryKey, me.restaurantShortName, range?.from ?? '', range?.to ?? ''],
    enabled: allowed,
    queryFn: async ({ signal }) => {
      const result = await readFigures(range, signal);
      if (result.ok) return result.data;
      if (result.status === 401) onSignedOut();
      throw new RequestError(result.status, result.message);
    },
  });
  const shown = figures.data;
  const fields = draft ?? (shown ? { from: shown.from, to: shown.to } : { from: '', to: '' });
  const money = useCallback((amount: number) => formatPrice(amount, language as LanguageCode), [language]);

  if (!allowed) return <p className={ui.muted}>{t('not_allowed')}</p>;

  function show(event: FormEvent) {
    event.preventDefault();
    const to = fields.to || fields.from;
    if (!fields.from || to < fields.from) {
      setFormError(t('range_invalid'));
      return;
    }
    setFormError(null);
    setRange({ from: fields.from, to });
  }

  return (
    <div className={`${ui.screen} ${styles.report}`}>
      <ScreenHead title={t('title')} intro={t('intro')} notice="" error={formError}>
        <p className={ui.muted}>
          {t('help_counting', { hour: String(shown?.cutoffHour ?? 4).padStart(2, '0') })}
        </p>
      </ScreenHead>
      <form className={styles.controls} onSubmit={show} noValidate>
        <label className={styles.field}>
          {t('from')}
          <input
            type="date"
            className={ui.input}
            value={fields.from}
            required
            onChange={(event) => setDraft({ ...fields, from: event.target.value })}
          />
        </label>
        <label className={styles.field}>
          {t('to')}
          <input
            type="date"
            className={ui.input}
            value={fields.to}
            onChange={(event) => setDraft({ ...fields, to: event.target.value })}
          />
        </label>
        <button type="submit" className={ui.button}>
          {t('show')}
        </button>
        <button
          type="button"
          className={ui.button}
          onClick={() => {
            setDraft(null);
            setFormError(null);
            setRange(null);
          }}
        >
          {t('today')}
        </button>
        {shown && (
          <>
            <button type="button" className={ui.button} onClick={() => window.print()}>
              {t('print')}
            </button>
            <a
              className={ui.button}
              href={figuresCsvHref({ from: shown.from, to: shown.to }, language)}
              download
            >
              {t('download_csv')}
            </a>
          </>
        )}
      </form>
      <LoadState
        query={figures}
        loading={t('loading')}
        failed={(message) => t('load_failed', { message })}
        retry={t('retry')}
      />
      {shown && (
        <>
          <h2 className={styles.period}>{periodText(t, shown, language as LanguageCode)}</h2>
          {isEmpty(shown) ? (
            <p className={ui.muted} role="status">
              {shown.from === shown.to ? t('empty_day') : t('empty_range')}
            </p>
          ) : (
            <FiguresTables
              figures={shown}
              money={money}
              title={(titles) => pickTitle(titles, language, t('no_name'))}
            />
          )}
        </>
      )}
    </div>
  );
}

function isEmpty(figures: Figures): boolean {
  return (
    figures.orders + figures.rejectedOrders + figures.waitingOrders === 0 &&
    figures.payments.count === 0 &&
    figures.refunds.count === 0
  );
}

function periodText(
  t: (key: string, options?: Record<string, unknown>) => string,
  figures: Figures,
  language: LanguageCode,
) {
  const date = (day: string) =>
    new Intl.DateTimeFormat(toBcp47(language), { dateStyle: 'full', timeZone: 'UTC' }).format(
      new Date(`${day}T12:00:00Z`),
    );
  return figures.from === figures.to
    ? t('period_day', { day: date(figures.from) })
    : t('period_range', { from: date(figures.from), to: date(figures.to) });
}

import type { OpeningHours, UpdateOpeningHoursRequest } from '@tablo/contract/hours';
import { minuteText } from '@tablo/contract/hours-rule';
import { type FormEvent, useId, useState } from 'react';
import ui from '../../../components/console-form/console-form.module.css';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import styles from './hours.module.css';

/** A row being edited: times as the time inputs hold them (`HH:MM`), a key that survives removals. */
type SpanRow = { key: number; weekday: number; opens: string; closes: string };
type DayRow = { key: number; date: string; note: string };

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

function minutesOf(text: string): number {
  const [hours = 0, minutes = 0] = text.split(':').map(Number);
  return hours * 60 + minutes;
}

/** The weekday's name in the console's language (1 Monday … 7 Sunday; 2024-01-01 was a Monday). */
export function weekdayName(weekday: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, weekday)),
  );
}

let nextKey = 0;
const newKey = () => {
  nextKey += 1;
  return nextKey;
};

/**
 * The week's spans, the closed days and the business day's cut-off, edited in place and saved at once. A span
 * whose closing is not after its opening runs past midnight (said next to it). Adding a row moves the focus
 * to its first field, removing one to the day's "Add" button, so the keyboard never gets lost.
 */
export function HoursForm({
  hours,
  busy,
  locale,
  onSave,
}: {
  hours: OpeningHours;
  busy: boolean;
  /** BCP 47 tag of the console's language, for the weekdays' names. */
  locale: string;
  onSave: (change: Omit<UpdateOpeningHoursRequest, 'version'>) => void;
}) {
  const { t } = useTranslation('hours');
  const id = useId();
  const [spans, setSpans] = useState<SpanRow[]>(() =>
    hours.spans.map((span) => ({
      key: newKey(),
      weekday: span.weekday,
      opens: minuteText(span.opens),
      closes: minuteText(span.closes),
    })),
  );
  const [days, setDays] = useState<DayRow[]>(() =>
    hours.closedDays.map((day) => ({ key: newKey(), date: day.date, note: day.note })),
  );
  const [cutoff, setCutoff] = useState(hours.businessDayCutoffHour);

  const focusSoon = (elementId: string) =>
    requestAnimationFrame(() => document.getElementById(elementId)?.focus());

  function addSpan(weekday: number) {
    const key = newKey();
    setSpans((rows) => [...rows, { key, weekday, opens: '11:00', closes: '22:00' }]);
    focusSoon(`${id}-opens-${key}`);
  }

  function removeSpan(row: SpanRow) {
    setSpans((rows) => rows.filter((candidate) => candidate.key !== row.key));
    focusSoon(`${id}-add-${row.weekday}`);
  }

  function addDay() {
    const key = newKey();
    setDays((rows) => [...rows, { key, date: '', note: '' }]);
    focusSoon(`${id}-date-${key}`);
  }

  function removeDay(row: DayRow) {
    setDays((rows) => rows.filter((candidate) => candidate.key !== row.key));
    focusSoon(`${id}-add-day`);
  }

  const editSpan = (key: number, change: Partial<SpanRow>) =>
    setSpans((rows) => rows.map((row) => (row.key === key ? { ...row, ...change } : row)));
  const editDay = (key: number, change: Partial<DayRow>) =>
    setDays((rows) => rows.map((row) => (row.key === key ? { ...row, ...change } : row)));

  function submit(event: FormEvent) {
    event.preventDefault();
    onSave({
      spans: spans
        .map((row) => ({ weekday: row.weekday, opens: minutesOf(row.opens), closes: minutesOf(row.closes) }))
        .sort((a, b) => a.weekday - b.weekday || a.opens - b.opens),
      closedDays: days.map((row) => ({ date: row.date, note: row.note.trim() })),
      businessDayCutoffHour: cutoff,
    });
  }

  return (
    <form className={styles.form} onSubmit={submit} aria-label={t('form_label')}>
      <fieldset className={styles.group}>
        <legend className={ui.subtitle}>{t('week_title')}</legend>
        <p className={ui.muted}>{t('week_hint')}</p>
        {WEEKDAYS.map((weekday) => {
          const day = weekdayName(weekday, locale);
          const rows = spans.filter((row) => row.weekday === weekday);
          return (
            <fieldset key={weekday} className={styles.day} data-weekday={weekday}>
              <legend className={ui.label}>{day}</legend>
              {rows.length === 0 && <p className={ui.muted}>{t('day_closed')}</p>}
              {rows.map((row) => (
                <div key={row.key} className={styles.row}>
                  <div className={ui.field}>
                    <label htmlFor={`${id}-opens-${row.key}`} className={ui.label}>
                      {t('opens')}
                    </label>
                    <input
                      id={`${id}-opens-${row.key}`}
                      type="time"
                      required
                      className={ui.input}
                      value={row.opens}
                      onChange={(event) => editSpan(row.key, { opens: event.target.value })}
                    />
                  </div>
                  <div className={ui.field}>
                    <label htmlFor={`${id}-closes-${row.key}`} className={ui.label}>
                      {t('closes')}
                    </label>
                    <input
                      id={`${id}-closes-${row.key}`}
                      type="time"
                      required
                      className={ui.input}
                      value={row.closes}
                      aria-describedby={`${id}-night-${row.key}`}
                      onChange={(event) => editSpan(row.key, { closes: event.target.value })}
                    />
                  </div>
                  <span id={`${id}-night-${row.key}`} className={ui.muted}>
                    {row.opens && row.closes && minutesOf(row.closes) < minutesOf(row.opens)
                      ? t('next_day')
                      : ''}
                  </span>
                  <button
                    type="button"
                    className={ui.button}
                    aria-label={t('remove_span', { day, opens: row.opens, closes: row.closes })}
                    onClick={() => removeSpan(row)}
                  >
                    {t('remove')}
                  </button>
                </div>
              ))}
              <button
                id={`${id}-add-${weekday}`}
                type="button"
                className={ui.button}
                onClick={() => addSpan(weekday)}
              >
                {t('add_span', { day })}
              </button>
            </fieldset>
          );
        })}
      </fieldset>

      <fieldset className={styles.group}>
        <legend className={ui.subtitle}>{t('closed_days_title')}</legend>
        <p className={ui.muted}>{t('closed_days_hint')}</p>
        {days.length === 0 && <p className={ui.muted}>{t('no_closed_days')}</p>}
        {days.map((row) => (
          <div key={row.key} className={styles.row}>
            <div className={ui.field}>
              <label htmlFor={`${id}-date-${row.key}`} className={ui.label}>
                {t('date')}
              </label>
              <input
                id={`${id}-date-${row.key}`}
                type="date"
                required
                className={ui.input}
                value={row.date}
                onChange={(event) => editDay(row.key, { date: event.target.value })}
              />
            </div>
            <div className={ui.field}>
              <label htmlFor={`${id}-note-${row.key}`} className={ui.label}>
                {t('note')}
              </label>
              <input
                id={`${id}-note-${row.key}`}
                className={ui.input}
                maxLength={200}
                value={row.note}
                onChange={(event) => editDay(row.key, { note: event.target.value })}
              />
            </div>
            <button
              type="button"
              className={ui.button}
              aria-label={t('remove_day', { date: row.date || '—' })}
              onClick={() => removeDay(row)}
            >
              {t('remove')}
            </button>
          </div>
        ))}
        <button id={`${id}-add-day`} type="button" className={ui.button} onClick={addDay}>
          {t('add_day')}
        </button>
      </fieldset>

      <div className={ui.field}>
        <label htmlFor={`${id}-cutoff`} className={ui.label}>
          {t('cutoff')}
        </label>
        <select
          id={`${id}-cutoff`}
          className={ui.select}
          value={cutoff}
          aria-describedby={`${id}-cutoff-hint`}
          onChange={(event) => setCutoff(Number(event.target.value))}
        >
          {HOURS.map((hour) => (
            <option key={hour} value={hour}>
              {minuteText(hour * 60)}
            </option>
          ))}
        </select>
        <span id={`${id}-cutoff-hint`} className={ui.muted}>
          {t('cutoff_hint')}
        </span>
      </div>

      <div>
        <button type="submit" className={ui.primaryButton} disabled={busy}>
          {t('save')}
        </button>
      </div>
    </form>
  );
}

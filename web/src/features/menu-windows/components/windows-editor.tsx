import { minuteText } from '@tablo/contract/hours-rule';
import { toBcp47 } from '@tablo/contract/language-list';
import type { MenuWindow } from '@tablo/contract/menu-windows';
import { useId } from 'react';
import ui from '../../../components/console-form/console-form.module.css';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { useLanguage } from '../../../providers/language.tsx';
import styles from './menu-windows.module.css';

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
// 2024-01-01 was a Monday: the names of ISO weekday n come from 2024-01-0n, in the language shown.
const weekdayName = (weekday: number, locale: string, width: 'long' | 'short') =>
  new Intl.DateTimeFormat(locale, { weekday: width, timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, weekday)),
  );

export const minuteOf = (text: string): number => {
  const [hours, minutes] = text.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
};

/** A new window: every day, 07:00–11:00 (the breakfast most restaurants start from). */
export const NEW_WINDOW: MenuWindow = { weekdays: [...WEEKDAYS], startMinute: 420, endMinute: 660 };

/**
 * The windows of one category or dish: each with its weekdays (checkboxes) and from/until times; an
 * "until" before "from" is said to run past midnight. `name` names the category or dish in every label.
 */
export function WindowsEditor({
  name,
  windows,
  disabled,
  onChange,
}: {
  name: string;
  windows: MenuWindow[];
  disabled: boolean;
  onChange: (windows: MenuWindow[]) => void;
}) {
  const { t } = useTranslation('menu-windows');
  const { language } = useLanguage();
  const locale = toBcp47(language);
  const base = useId();
  const update = (index: number, change: Partial<MenuWindow>) =>
    onChange(windows.map((window, i) => (i === index ? { ...window, ...change } : window)));

  return (
    <div className={styles.windows}>
      {windows.length === 0 && <p className={ui.muted}>{t('always')}</p>}
      {windows.map((window, index) => {
        const n = index + 1;
        const id = `${base}-${index}`;
        return (
          <fieldset key={id} className={styles.window}>
            <legend>{t('window_n', { name, n })}</legend>
            <fieldset className={styles.weekdays}>
              <legend className={ui.visuallyHidden}>{t('weekdays')}</legend>
              {WEEKDAYS.map((weekday) => (
                <label key={weekday} className={styles.weekday}>
                  <input
                    type="checkbox"
                    checked={window.weekdays.includes(weekday)}
                    disabled={disabled}
                    onChange={(event) =>
                      update(index, {
                        weekdays: event.currentTarget.checked
                          ? [...window.weekdays, weekday].sort()
                          : window.weekdays.filter((day) => day !== weekday),
                      })
                    }
                  />
                  <span aria-hidden="true">{weekdayName(weekday, locale, 'short')}</span>
                  <span className={ui.visuallyHidden}>{weekdayName(weekday, locale, 'long')}</span>
                </label>
              ))}
            </fieldset>
            <div className={ui.inlineForm}>
              <div className={ui.field}>
                <label htmlFor={`${id}-from`} className={ui.label}>
                  {t('from')}
                </label>
                <input
                  id={`${id}-from`}
                  type="time"
                  required
                  className={ui.input}
                  disabled={disabled}
                  value={minuteText(window.startMinute)}
                  onChange={(event) =>
                    event.currentTarget.value &&
                    update(index, { startMinute: minuteOf(event.currentTarget.value) })
                  }
                />
              </div>
              <div className={ui.field}>
                <label htmlFor={`${id}-until`} className={ui.label}>
                  {t('until')}
                </label>
                <input
                  id={`${id}-until`}
                  type="time"
                  required
                  className={ui.input}
                  disabled={disabled}
                  value={minuteText(window.endMinute)}
                  onChange={(event) =>
                    event.currentTarget.value &&
                    update(index, { endMinute: minuteOf(event.currentTarget.value) })
                  }
                />
              </div>
              <button
                type="button"
                className={ui.button}
                disabled={disabled}
                onClick={() => onChange(windows.filter((_, i) => i !== index))}
              >
                {t('remove_window', { name, n })}
              </button>
            </div>
            {window.endMinute < window.startMinute && <p className={ui.muted}>{t('over_midnight')}</p>}
          </fieldset>
        );
      })}
      <button
        type="button"
        className={ui.button}
        disabled={disabled}
        onClick={() => onChange([...windows, NEW_WINDOW])}
        aria-label={t('add_window_of', { name })}
      >
        {t('add_window')}
      </button>
    </div>
  );
}

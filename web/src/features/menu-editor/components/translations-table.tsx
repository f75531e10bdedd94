import { LANGUAGES } from '@tablo/contract/language-list';
import ui from '../../../components/console-form/console-form.module.css';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { dinerText } from '../utils/diner-text.ts';
import type { Texts } from './entry-fields.ts';
import styles from './menu-editor.module.css';

/**
 * The ten languages side by side: a blank title is marked missing, and beside it what a diner reading that
 * language sees instead (spec §4: the language → en → the first → the placeholder).
 */
export function TranslationsTable({
  texts,
  errors,
  idPrefix = '',
  onChange,
}: {
  texts: Texts;
  errors: string[] | undefined;
  /** Keeps ids unique when two forms show texts at once. */
  idPrefix?: string;
  onChange: (code: string, field: 'title' | 'description', value: string) => void;
}) {
  const { t } = useTranslation(['menu-editor', 'menu']);
  const entries = Object.entries(texts).map(([isoCode, text]) => ({ isoCode, ...text }));
  return (
    <fieldset
      className={styles.fieldset}
      aria-describedby={errors ? `${idPrefix}translations-error` : undefined}
    >
      <legend>{t('texts')}</legend>
      {errors && (
        <p id={`${idPrefix}translations-error`} className={ui.error}>
          {errors.join('; ')}
        </p>
      )}
      <div className={styles.languages}>
        {LANGUAGES.map((language) => {
          const text = texts[language.code] ?? { title: '', description: '' };
          const missing = text.title.trim() === '';
          const shown = dinerText(entries, language.code);
          const titleId = `${idPrefix}title-${language.code}`;
          return (
            <div key={language.code} className={styles.language} data-missing={missing || undefined}>
              <p className={styles.languageName} lang={language.bcp47}>
                {language.label}
                {missing && <span className={styles.missing}> · {t('missing')}</span>}
              </p>
              <label htmlFor={titleId}>{t('title_in', { language: language.label })}</label>
              <input
                id={titleId}
                className={ui.input}
                lang={language.bcp47}
                value={text.title}
                aria-invalid={errors ? true : undefined}
                onChange={(event) => onChange(language.code, 'title', event.target.value)}
              />
              <label htmlFor={`${idPrefix}description-${language.code}`}>
                {t('description_in', { language: language.label })}
              </label>
              <textarea
                id={`${idPrefix}description-${language.code}`}
                className={ui.input}
                lang={language.bcp47}
                rows={2}
                value={text.description}
                onChange={(event) => onChange(language.code, 'description', event.target.value)}
              />
              {missing && (
                <p className={ui.muted}>
                  {shown.title === null
                    ? t('diner_sees_placeholder', { placeholder: t('menu:untitled') })
                    : t('diner_sees', {
                        title: shown.title,
                        language: LANGUAGES.find((l) => l.code === shown.from)?.label ?? shown.from,
                      })}
                </p>
              )}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

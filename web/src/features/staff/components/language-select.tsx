import { LANGUAGES, type LanguageCode } from '@tablo/contract/language-list';
import { useId } from 'react';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { useLanguage } from '../../../providers/language.tsx';
import styles from './staff.module.css';

/** The console's language: a plain select (it is used on a tablet all day, not browsed). */
export function LanguageSelect() {
  const { t } = useTranslation('staff');
  const { language, changeLanguage } = useLanguage();
  const id = useId();
  return (
    <span className={styles.liveStatus}>
      <label htmlFor={id}>{t('language')}</label>
      <select
        id={id}
        className={styles.select}
        value={language}
        onChange={(event) => changeLanguage(event.target.value as LanguageCode)}
      >
        {LANGUAGES.map((l) => (
          <option key={l.code} value={l.code} lang={l.bcp47}>
            {l.label}
          </option>
        ))}
      </select>
    </span>
  );
}

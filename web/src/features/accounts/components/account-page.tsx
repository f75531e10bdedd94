import { LANGUAGES, type LanguageCode } from '@tablo/contract/language-list';
import { type ReactNode, useId } from 'react';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { useLanguage } from '../../../providers/language.tsx';
import styles from './accounts.module.css';

/** The frame of every account screen: one card, its title, and the language picker below. */
export function AccountPage({ titleId, children }: { titleId: string; children: ReactNode }) {
  return (
    <main className={styles.page}>
      <section className={styles.card} aria-labelledby={titleId}>
        {children}
        <LanguagePicker />
      </section>
    </main>
  );
}

function LanguagePicker() {
  const { t } = useTranslation('accounts');
  const { language, changeLanguage } = useLanguage();
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {t('language')}
      </label>
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
    </div>
  );
}

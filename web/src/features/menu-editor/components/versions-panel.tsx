import { type LanguageCode, toBcp47 } from '@tablo/contract/language-list';
import type { MenuVersion } from '@tablo/contract/menu-editor';
import ui from '../../../components/console-form/console-form.module.css';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { useLanguage } from '../../../providers/language.tsx';
import styles from './menu-editor.module.css';

/** The published versions, newest first; any but the live one can be published again. */
export function VersionsPanel({
  liveVersion,
  versions,
  busy,
  onRestore,
}: {
  liveVersion: number;
  versions: readonly MenuVersion[];
  busy: boolean;
  onRestore: (number: number) => void;
}) {
  const { t } = useTranslation('menu-editor');
  const { language } = useLanguage();
  const format = new Intl.DateTimeFormat(toBcp47(language as LanguageCode), {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  if (versions.length === 0) return <p className={ui.muted}>{t('no_versions')}</p>;
  return (
    <ol className={styles.list}>
      {versions.map((version) => (
        <li key={version.number} className={styles.row}>
          <span className={styles.rowTitle}>
            {t('version', { number: version.number })}
            {version.number === liveVersion && <span className={styles.badge}>{t('live')}</span>}
            <span className={ui.muted}>
              {' '}
              · {format.format(new Date(version.publishedAt))}
              {version.publishedBy ? ` · ${version.publishedBy}` : ''} ·{' '}
              {t('counts', { categories: version.categories, items: version.items })}
              {version.restoredFrom ? ` · ${t('restored_from', { number: version.restoredFrom })}` : ''}
            </span>
          </span>
          {version.number !== liveVersion && (
            <button
              type="button"
              className={ui.button}
              disabled={busy}
              onClick={() => onRestore(version.number)}
            >
              {t('restore')}
              <span className={ui.visuallyHidden}> {t('version', { number: version.number })}</span>
            </button>
          )}
        </li>
      ))}
    </ol>
  );
}

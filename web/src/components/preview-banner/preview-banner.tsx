import { Link } from 'react-router';
import { useTranslation } from '../../lib/texts/use-texts.tsx';
import styles from './preview-banner.module.css';

/**
 * Over the owner's preview of a restaurant that is not open yet, fixed to the bottom of the screen
 * (docs/decisions/069-owner-preview.md): that it is a preview, that guests cannot see the menu yet, and the
 * way back to the set-up (where it opens).
 */
export function PreviewBanner({ setupHref }: { setupHref: string }) {
  const { t } = useTranslation('preview');
  return (
    <aside className={styles.banner} aria-labelledby="preview-banner-title">
      <p className={styles.text}>
        <strong id="preview-banner-title" className={styles.title}>
          <span className={styles.label}>{t('label')}</span> {t('title')}
        </strong>{' '}
        <span className={styles.details}>{t('details')}</span>
      </p>
      <Link className={styles.link} to={setupHref}>
        {t('back_to_setup')}
      </Link>
    </aside>
  );
}

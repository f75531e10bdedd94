import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import styles from './loading.module.css';

/**
 * The console's loading indicator. Not components/spinner: a module with styles that both the entry chunk and
 * the staff chunk import is split out of the entry into a chunk of its own, and /menu would load one file
 * more (decision record 018).
 */
export function Loading({ fullScreen = false }: { fullScreen?: boolean }) {
  const { t } = useTranslation('common');
  return (
    <div className={fullScreen ? styles.fullScreen : styles.centered}>
      <span role="status" aria-label={t('loading')} className={styles.spinner} />
    </div>
  );
}

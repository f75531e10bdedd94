import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { Loading } from './loading.tsx';
import styles from './staff.module.css';

type ScreenStateProps = {
  pending: boolean;
  error: Error | null;
  onRetry: () => void;
  children: ReactNode;
};

/** Loading and error states shared by the console's screens. */
export function ScreenState({ pending, error, onRetry, children }: ScreenStateProps) {
  const { t } = useTranslation('staff');
  if (pending) return <Loading />;
  if (error) {
    return (
      <div className={styles.message} role="alert">
        <p className={styles.error}>{t('load_failed', { message: error.message })}</p>
        <button type="button" className={styles.button} onClick={onRetry}>
          {t('retry')}
        </button>
      </div>
    );
  }
  return children;
}

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <div className={styles.message}>
      <p>{children}</p>
    </div>
  );
}

import type { CSSProperties } from 'react';
import { SPINNER_SIZE } from '../../config/constants.ts';
import { useTranslation } from '../../lib/texts/use-texts.tsx';
import styles from './spinner.module.css';

type SpinnerProps = { size?: number; fullScreen?: boolean };

/** spec §2: the fallback spinner (size 60) shown while screens and data load. */
export function Spinner({ size = SPINNER_SIZE, fullScreen = false }: SpinnerProps) {
  // The spinner can show before any text has loaded: it must not suspend.
  const { t } = useTranslation('common', { useSuspense: false });
  return (
    <div className={fullScreen ? styles.fullScreen : styles.centered}>
      <span
        role="status"
        aria-label={t('loading', { defaultValue: 'Loading…' })}
        className={styles.spinner}
        style={{ '--spinner-size': `${size}px` } as CSSProperties}
      />
    </div>
  );
}

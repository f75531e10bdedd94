import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import styles from './menu-skeleton.module.css';

const CARDS = [0, 1, 2, 3, 4, 5];

/** Placeholder cards of the real cards' size, so nothing shifts when the menu arrives. */
export function MenuSkeleton() {
  const { t } = useTranslation('menu');
  return (
    <div className={styles.skeleton} role="status">
      <span className="visually-hidden">{t('loading')}</span>
      <div className={styles.heading} aria-hidden="true" />
      <div className={styles.grid} aria-hidden="true">
        {CARDS.map((card) => (
          <div key={card} className={styles.card}>
            <div className={styles.lines}>
              <div className={styles.line} />
              <div className={`${styles.line} ${styles.short}`} />
              <div className={`${styles.line} ${styles.price}`} />
            </div>
            <div className={styles.image} />
          </div>
        ))}
      </div>
    </div>
  );
}

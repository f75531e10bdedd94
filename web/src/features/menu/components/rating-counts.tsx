import type { MenuItem } from '@tablo/contract/menu';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import styles from './rating.module.css';

/** Read-only counts, shown when there is no ordering session to rate with. */
export function RatingCounts({ item }: { item: Pick<MenuItem, 'likeCount' | 'dislikeCount'> }) {
  const { t } = useTranslation('menu');
  return (
    <p className={styles.ratings}>
      <span className={`${styles.count} ${styles.like}`}>
        <span className="visually-hidden">{t('likes', { count: item.likeCount })}</span>
        <span aria-hidden="true">{item.likeCount}</span>
      </span>
      <span className={`${styles.count} ${styles.dislike}`}>
        <span className="visually-hidden">{t('dislikes', { count: item.dislikeCount })}</span>
        <span aria-hidden="true">{item.dislikeCount}</span>
      </span>
    </p>
  );
}

import type { MenuItem } from '@tablo/contract/menu';
import type { RatingValue } from '@tablo/contract/rating';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { useRateItem } from '../api/rate-item.ts';
import styles from './rating.module.css';

type RatingButtonsProps = {
  item: Pick<MenuItem, 'id' | 'likeCount' | 'dislikeCount'>;
  shortName: string;
  sessionId: string;
  myRating: RatingValue | null;
};

/** Like / dislike toggles: pressing the pressed one takes the rating back (spec §7 call 4). */
export function RatingButtons({ item, shortName, sessionId, myRating }: RatingButtonsProps) {
  const { t } = useTranslation('menu');
  const { mutate } = useRateItem(shortName, sessionId, item.id);
  const toggle = (value: RatingValue) => mutate({ rating: myRating === value ? null : value });

  return (
    <fieldset className={styles.ratings}>
      <legend className="visually-hidden">{t('ratings')}</legend>
      <button
        type="button"
        className={`${styles.button} ${styles.like}`}
        aria-pressed={myRating === 'LIKE'}
        aria-label={`${t('like')}, ${t('likes', { count: item.likeCount })}`}
        onClick={() => toggle('LIKE')}
      >
        <span aria-hidden="true">{item.likeCount}</span>
      </button>
      <button
        type="button"
        className={`${styles.button} ${styles.dislike}`}
        aria-pressed={myRating === 'DISLIKE'}
        aria-label={`${t('dislike')}, ${t('dislikes', { count: item.dislikeCount })}`}
        onClick={() => toggle('DISLIKE')}
      >
        <span aria-hidden="true">{item.dislikeCount}</span>
      </button>
    </fieldset>
  );
}

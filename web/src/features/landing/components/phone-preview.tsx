import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import styles from './phone-preview.module.css';

const DISHES = [
  { key: 'preview_dish_1', price: '2 490 Ft', badges: ['#f2b544', '#8fc1e3'] },
  { key: 'preview_dish_2', price: '3 890 Ft', badges: ['#e57b5a'] },
  { key: 'preview_dish_3', price: '1 590 Ft', badges: ['#6cbf84'] },
] as const;

/** A drawn phone showing a menu: no image request, and it scales with the text. */
export function PhonePreview() {
  const { t } = useTranslation('landing');
  return (
    <div className={styles.phone} aria-hidden="true">
      <div className={styles.screen}>
        <div className={styles.top}>
          <span className={styles.restaurant}>{t('preview_restaurant')}</span>
          <span className={styles.tabs}>
            <span className={styles.tabActive}>{t('preview_tab_1')}</span>
            <span>{t('preview_tab_2')}</span>
            <span>{t('preview_tab_3')}</span>
          </span>
        </div>
        <ul className={styles.items}>
          {DISHES.map((dish) => (
            <li key={dish.key} className={styles.item}>
              <span className={styles.thumb} />
              <span className={styles.itemText}>
                <span className={styles.itemTitle}>{t(dish.key)}</span>
                <span className={styles.badges}>
                  {dish.badges.map((colour) => (
                    <span key={colour} className={styles.badge} style={{ background: colour }} />
                  ))}
                </span>
              </span>
              <span className={styles.price}>{dish.price}</span>
            </li>
          ))}
        </ul>
        <div className={styles.orderBar}>{t('preview_order')}</div>
      </div>
    </div>
  );
}

import type { MenuItem } from '@tablo/contract/menu';
import { useId } from 'react';
import { AllergenList } from '../../../components/allergen-badge/allergen-list.tsx';
import { formatPrice } from '../../../lib/format-price.ts';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { useLanguage } from '../../../providers/language.tsx';
import { useTranslated } from '../hooks/use-translated.ts';
import type { DietaryConflict } from '../utils/dietary-filter.ts';
import { DietaryConflictNote } from './dietary-conflict-note.tsx';
import { DishRating } from './dish-rating.tsx';
import { useMenuItemActions } from './menu-item-actions.tsx';
import styles from './menu-item-card.module.css';
import { MenuItemImage } from './menu-item-image.tsx';

export type ImageLoading = 'high' | 'eager' | 'lazy';

/** The eager pictures leave the link to the header's picture, the page's largest paint (decision 043). */
const FETCH_PRIORITY = { high: 'high', eager: 'low', lazy: 'auto' } as const;

type MenuItemCardProps = {
  item: MenuItem;
  conflict: DietaryConflict | null;
  /** How the picture loads: among the first screenful (`eager`), above even those (`high`), or when near. */
  imageLoading: ImageLoading;
  /** The menu's first dish: its title and picture report when they are painted (Element Timing; bench:web). */
  first?: boolean;
  onOpen: (itemId: number) => void;
};

export function MenuItemCard({ item, conflict, imageLoading, first = false, onOpen }: MenuItemCardProps) {
  const { t } = useTranslation('menu');
  const { language } = useLanguage();
  const text = useTranslated(item.translations);
  const titleId = useId();
  const renderActions = useMenuItemActions();
  const soldOut = item.availabilityType === 'SOLD_OUT';
  const muted = soldOut || conflict !== null;

  return (
    <article className={`${styles.card} ${muted ? styles.muted : ''}`} aria-labelledby={titleId}>
      <div className={styles.body}>
        <h3 className={styles.title} id={titleId} lang={text.lang}>
          <button
            type="button"
            className={styles.open}
            onClick={() => onOpen(item.id)}
            elementtiming={first ? 'first-dish-title' : undefined}
          >
            {text.title}
          </button>
        </h3>
        {text.description && (
          <p className={styles.description} lang={text.lang}>
            {text.description}
          </p>
        )}
        {(soldOut || conflict) && (
          <p className={styles.notes}>
            {soldOut && <span className={styles.soldOut}>{t('sold_out')}</span>}
            {conflict && <DietaryConflictNote conflict={conflict} />}
          </p>
        )}
        <div className={styles.allergens}>
          <AllergenList allergens={item.allergens} />
        </div>
        <div className={styles.footer}>
          <p className={styles.price}>
            <span className="visually-hidden">{t('price')}: </span>
            {/* Issue 27: with the default choices' price, never less than the dialog shows. */}
            {formatPrice(item.priceGross + item.defaultChoicesPrice, language)}
          </p>
          <DishRating item={item} />
          {renderActions && (
            <div className={styles.actions}>
              {renderActions(item, 'card', { openDialog: () => onOpen(item.id) })}
            </div>
          )}
        </div>
      </div>
      <div className={styles.image}>
        <MenuItemImage
          src={item.imageUrl}
          alt=""
          variant="square"
          eager={imageLoading !== 'lazy'}
          priority={FETCH_PRIORITY[imageLoading]}
          elementTiming={first ? 'first-dish-picture' : undefined}
        />
      </div>
    </article>
  );
}

import type { MenuItem } from '@tablo/contract/menu';
import X from 'lucide-react/icons/x';
import { useId } from 'react';
import { AllergenList } from '../../../components/allergen-badge/allergen-list.tsx';
import { formatPrice } from '../../../lib/format-price.ts';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { useModalDialog } from '../../../lib/use-modal-dialog.ts';
import { useLanguage } from '../../../providers/language.tsx';
import { useTranslated } from '../hooks/use-translated.ts';
import type { DietaryConflict } from '../utils/dietary-filter.ts';
import { DietaryConflictNote } from './dietary-conflict-note.tsx';
import { DishRating } from './dish-rating.tsx';
import { useMenuItemActions } from './menu-item-actions.tsx';
import styles from './menu-item-dialog.module.css';
import { MenuItemImage } from './menu-item-image.tsx';

type MenuItemDialogProps = {
  item: MenuItem;
  conflict: DietaryConflict | null;
  onClose: () => void;
};

/** A dish's details: the 16:9 photo, the full description and the allergens named. */
export function MenuItemDialog({ item, conflict, onClose }: MenuItemDialogProps) {
  const { t } = useTranslation('menu');
  const { language } = useLanguage();
  const text = useTranslated(item.translations);
  const dialog = useModalDialog(onClose);
  const renderActions = useMenuItemActions();
  const titleId = useId();

  return (
    <dialog {...dialog} className={styles.dialog} aria-labelledby={titleId}>
      <div className={styles.content}>
        <button type="button" className={styles.close} aria-label={t('close')} onClick={onClose}>
          <X aria-hidden="true" />
        </button>
        <MenuItemImage src={item.imageUrl} alt={text.title} variant="wide" eager />
        <div className={styles.body}>
          <h2 className={styles.title} id={titleId} lang={text.lang}>
            {text.title}
          </h2>
          <p className={styles.price}>
            <span className="visually-hidden">{t('price')}: </span>
            {formatPrice(item.priceGross, language)}
            {item.availabilityType === 'SOLD_OUT' && <span className={styles.soldOut}>{t('sold_out')}</span>}
          </p>
          {conflict && (
            <p>
              <DietaryConflictNote conflict={conflict} />
            </p>
          )}
          {text.description && (
            <p className={styles.description} lang={text.lang}>
              {text.description}
            </p>
          )}
          <h3 className={styles.subheading}>{t('allergens')}</h3>
          {item.allergens.length > 0 ? (
            <AllergenList allergens={item.allergens} withNames />
          ) : (
            <p className={styles.muted}>{t('no_allergens')}</p>
          )}
          <div className={styles.ratings}>
            <DishRating item={item} />
          </div>
          {renderActions?.(item, 'dialog')}
        </div>
      </div>
    </dialog>
  );
}

import type { AllergenType } from '@tablo/contract/allergens';
import type { MenuItem } from '@tablo/contract/menu';
import X from 'lucide-react/icons/x';
import { lazy, useId, useState } from 'react';
import { AllergenList } from '../../../components/allergen-badge/allergen-list.tsx';
import { OptionalPart } from '../../../components/optional-part/optional-part.tsx';
import { loadChunk } from '../../../lib/chunk-load.ts';
import type { DialogChoices } from '../../../lib/dish-actions.ts';
import { formatPrice } from '../../../lib/format-price.ts';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { useModalDialog } from '../../../lib/use-modal-dialog.ts';
import { useLanguage } from '../../../providers/language.tsx';
import { useTranslate, useTranslated } from '../hooks/use-translated.ts';
import type { DietaryConflict } from '../utils/dietary-filter.ts';
import { DietaryConflictNote } from './dietary-conflict-note.tsx';
import { DishRating } from './dish-rating.tsx';
import { useMenuItemActions } from './menu-item-actions.tsx';
import styles from './menu-item-dialog.module.css';
import { MenuItemImage } from './menu-item-image.tsx';

// Issue 27: the choices' code arrives with the groups, when a dish with choices is opened.
const DialogChoicesPart = lazy(() =>
  loadChunk('dialog-choices', () => import('./choices/dialog-choices.tsx')).then((module) => ({
    default: module.DialogChoicesPart,
  })),
);

type MenuItemDialogProps = {
  item: MenuItem;
  conflict: DietaryConflict | null;
  shortName: string;
  /** The dietary filter's avoided allergens: the choices that contain one are marked. */
  avoid: readonly AllergenType[];
  onClose: () => void;
};

/** A dish's details: the 16:9 photo, the full description, the allergens named and the dish's choices. */
export function MenuItemDialog({ item, conflict, shortName, avoid, onClose }: MenuItemDialogProps) {
  const { t } = useTranslation('menu');
  const { language } = useLanguage();
  const text = useTranslated(item.translations);
  const translate = useTranslate();
  const dialog = useModalDialog(onClose);
  const renderActions = useMenuItemActions();
  const titleId = useId();
  const hasChoices = item.optionGroupIds.length > 0;
  // Issue 27: set by the choices' chunk once it runs; until then the card's price stands and nothing is added.
  const [choices, setChoices] = useState<DialogChoices | null>(null);
  const unitPrice = choices?.unitPrice ?? item.priceGross + item.defaultChoicesPrice;

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
            <span data-dialog-price="">{formatPrice(unitPrice, language)}</span>
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
          {hasChoices && (
            <div className={styles.choices}>
              <OptionalPart>
                <DialogChoicesPart
                  item={item}
                  shortName={shortName}
                  avoid={avoid}
                  translate={translate}
                  onDone={onClose}
                  onState={setChoices}
                />
              </OptionalPart>
            </div>
          )}
          <div className={styles.ratings}>
            <DishRating item={item} />
          </div>
          {renderActions?.(item, 'dialog', { choices })}
        </div>
      </div>
    </dialog>
  );
}

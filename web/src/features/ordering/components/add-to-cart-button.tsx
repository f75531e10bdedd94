import type { MenuItem } from '@tablo/contract/menu';
import { MAX_QUANTITY_PER_LINE } from '@tablo/contract/order';
import { Minus, Plus } from 'lucide-react';
import { useState } from 'react';
import type { MenuItemActionContext } from '../../../lib/dish-actions.ts';
import { formatPrice } from '../../../lib/format-price.ts';
import { pickTranslation } from '../../../lib/pick-translation.ts';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { useLanguage } from '../../../providers/language.tsx';
import { unitsOf } from '../state/cart-lines.ts';
import { useCart } from '../state/cart-store.ts';
import { useOrdering } from '../state/ordering-context.ts';
import styles from './ordering.module.css';

type AddToCartButtonProps = {
  item: MenuItem;
  place: 'card' | 'dialog';
  context?: MenuItemActionContext | undefined;
};

/**
 * The order route's "Add" on a dish; sold-out dishes cannot be added. A dish with choices is added from its
 * dialog (issue 27): the card's "Add" opens it, and the dialog's adds a number of it with what is chosen,
 * once the choices are complete.
 */
export function AddToCartButton({ item, place, context }: AddToCartButtonProps) {
  const { t } = useTranslation(['orders', 'choices']);
  const { language } = useLanguage();
  const { shortName, tableId, announce } = useOrdering();
  const [cart, actions] = useCart(shortName, tableId);
  const [quantity, setQuantity] = useState(1);
  const title = pickTranslation(item.translations, language, t('untitled')).title;
  const soldOut = item.availabilityType === 'SOLD_OUT';
  const inCart = unitsOf(cart.lines, item.id);
  const withChoices = item.optionGroupIds.length > 0;
  // In the dialog of a dish with choices: null until they are loaded.
  const inDialogWithChoices = place === 'dialog' && withChoices && context?.choices !== undefined;
  const choices = context?.choices ?? null;

  function add() {
    if (withChoices && place === 'card' && context?.openDialog) {
      context.openDialog();
      return;
    }
    if (inDialogWithChoices) {
      if (!choices?.confirm()) return;
      actions.add(item.id, quantity, choices.selections);
      announce(t('added_to_cart', { title }));
      choices.done();
      return;
    }
    actions.add(item.id);
    announce(t('added_to_cart', { title }));
  }

  return (
    <span className={place === 'dialog' ? styles.addDialog : styles.addCard}>
      {inCart > 0 && <span className={styles.inCart}>{t('in_cart', { count: inCart })}</span>}
      {inDialogWithChoices && (
        <fieldset className={styles.stepper} aria-label={t('quantity_of', { title })}>
          <button
            type="button"
            className={styles.iconButton}
            aria-label={t('decrease', { title })}
            disabled={quantity <= 1}
            onClick={() => setQuantity(quantity - 1)}
          >
            <Minus size={18} aria-hidden="true" />
          </button>
          <output className={styles.quantity} aria-live="polite">
            {quantity}
          </output>
          <button
            type="button"
            className={styles.iconButton}
            aria-label={t('increase', { title })}
            disabled={quantity >= MAX_QUANTITY_PER_LINE}
            onClick={() => setQuantity(quantity + 1)}
          >
            <Plus size={18} aria-hidden="true" />
          </button>
        </fieldset>
      )}
      <button
        type="button"
        className={styles.addButton}
        disabled={soldOut || (inDialogWithChoices && !choices?.ready)}
        aria-label={
          choices
            ? t('choices:add_for', { title, price: formatPrice(choices.unitPrice * quantity, language) })
            : t('add_item_label', { title })
        }
        data-add-to-cart={item.id}
        onClick={add}
      >
        <Plus size={18} aria-hidden="true" />
        {t('add')}
        {choices && (
          <span data-add-total="">
            {' · '}
            {formatPrice(choices.unitPrice * quantity, language)}
          </span>
        )}
      </button>
    </span>
  );
}

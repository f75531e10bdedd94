import type { MenuItem } from '@tablo/contract/menu';
import { Plus } from 'lucide-react';
import { pickTranslation } from '../../../lib/pick-translation.ts';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { useLanguage } from '../../../providers/language.tsx';
import { unitsOf } from '../state/cart-lines.ts';
import { useCart } from '../state/cart-store.ts';
import { useOrdering } from '../state/ordering-context.ts';
import styles from './ordering.module.css';

type AddToCartButtonProps = { item: MenuItem; place: 'card' | 'dialog' };

/** The order route's "Add" on a dish; sold-out dishes cannot be added. */
export function AddToCartButton({ item, place }: AddToCartButtonProps) {
  const { t } = useTranslation('orders');
  const { language } = useLanguage();
  const { shortName, tableId, announce } = useOrdering();
  const [cart, actions] = useCart(shortName, tableId);
  const title = pickTranslation(item.translations, language, t('untitled')).title;
  const soldOut = item.availabilityType === 'SOLD_OUT';
  const inCart = unitsOf(cart.lines, item.id);

  return (
    <span className={place === 'dialog' ? styles.addDialog : styles.addCard}>
      {inCart > 0 && <span className={styles.inCart}>{t('in_cart', { count: inCart })}</span>}
      <button
        type="button"
        className={styles.addButton}
        disabled={soldOut}
        aria-label={t('add_item_label', { title })}
        data-add-to-cart={item.id}
        onClick={() => {
          actions.add(item.id);
          announce(t('added_to_cart', { title }));
        }}
      >
        <Plus size={18} aria-hidden="true" />
        {t('add')}
      </button>
    </span>
  );
}

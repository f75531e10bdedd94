import { ShoppingBag } from 'lucide-react';
import { formatPrice } from '../../../lib/format-price.ts';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { useLanguage } from '../../../providers/language.tsx';
import type { CartView } from '../hooks/use-cart-view.ts';
import styles from './ordering.module.css';

/** spec §9: the bar fixed to the bottom of the viewport — item count and total; opens the cart. */
export function CartBar({ view, onOpen }: { view: CartView; onOpen: () => void }) {
  const { t } = useTranslation('orders');
  const { language } = useLanguage();
  if (view.count === 0) return null;
  return (
    <div className={styles.cartBar}>
      <button type="button" className={styles.cartBarButton} onClick={onOpen} aria-haspopup="dialog">
        <span className={styles.cartBarCount} aria-hidden="true">
          <ShoppingBag size={20} />
          {view.count}
        </span>
        <span className={styles.cartBarLabel}>{t('view_cart')}</span>
        <span className="visually-hidden">, {t('cart_items', { count: view.count })}, </span>
        <span className={styles.cartBarTotal}>{formatPrice(view.total, language)}</span>
      </button>
    </div>
  );
}

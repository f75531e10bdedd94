import type { MenuItem } from '@tablo/contract/menu';
import { useMemo } from 'react';
import { useMenu } from '../../../lib/menu-query.ts';
import { pickTranslation } from '../../../lib/pick-translation.ts';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { useLanguage } from '../../../providers/language.tsx';
import { type Cart, type CartActions, type CartLine, useCart } from '../state/cart-store.ts';
import { useOrdering } from '../state/ordering-context.ts';

export type CartViewLine = CartLine & {
  item: MenuItem | null;
  title: string;
  unitPrice: number;
  lineTotal: number;
  /** Sold out now, or no longer on the menu: the order cannot be placed until the line is removed. */
  problem: 'sold_out' | 'unavailable' | null;
};

export type CartView = {
  cart: Cart;
  actions: CartActions;
  lines: CartViewLine[];
  count: number;
  /** Whole forints, from the menu's current prices (the server prices the order itself). */
  total: number;
  blocked: boolean;
  menuLoaded: boolean;
};

/** The cart joined with the current menu: titles, prices, and lines that can no longer be ordered. */
export function useCartView(): CartView {
  const { t } = useTranslation('orders');
  const { language } = useLanguage();
  const { shortName, tableId } = useOrdering();
  const [cart, actions] = useCart(shortName, tableId);
  const menu = useMenu(shortName);

  return useMemo(() => {
    const items = new Map<number, MenuItem>();
    for (const category of menu.data ?? []) {
      for (const item of category.menuItems) items.set(item.id, item);
    }
    const menuLoaded = menu.data !== undefined;
    const lines = cart.lines.map((line): CartViewLine => {
      const item = items.get(line.menuItemId) ?? null;
      const unitPrice = item?.priceGross ?? 0;
      let problem: CartViewLine['problem'] = null;
      if (menuLoaded && item === null) problem = 'unavailable';
      else if (item?.availabilityType === 'SOLD_OUT') problem = 'sold_out';
      return {
        ...line,
        item,
        title: item ? pickTranslation(item.translations, language, t('untitled')).title : t('untitled'),
        unitPrice,
        lineTotal: unitPrice * line.quantity,
        problem,
      };
    });
    return {
      cart,
      actions,
      lines,
      count: lines.reduce((sum, line) => sum + line.quantity, 0),
      total: lines.reduce((sum, line) => sum + line.lineTotal, 0),
      blocked: !menuLoaded || lines.some((line) => line.problem !== null),
      menuLoaded,
    };
  }, [cart, actions, menu.data, language, t]);
}

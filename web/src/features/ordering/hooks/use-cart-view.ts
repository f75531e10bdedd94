import { checkChoices, priceChoices } from '@tablo/contract/choices';
import type { MenuItem } from '@tablo/contract/menu';
import { useMemo } from 'react';
import { groupsOf, optionsById, useMenuOptions } from '../../../lib/menu-options-query.ts';
import { useMenu } from '../../../lib/menu-query.ts';
import type { ShownChoice } from '../../../lib/order-choices.ts';
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
  /** The chosen options as shown under the line (issue 27). */
  shownChoices: ShownChoice[];
  /**
   * Sold out now, or no longer on the menu (the dish, or one of its chosen options): the order cannot be
   * placed until the line is removed.
   */
  problem: 'sold_out' | 'unavailable' | 'option_sold_out' | 'option_unavailable' | null;
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
  // Issue 27: the groups price and name the chosen options; read only while the cart holds some.
  const options = useMenuOptions(
    shortName,
    cart.lines.some((line) => line.choices.length > 0),
  );

  return useMemo(() => {
    const items = new Map<number, MenuItem>();
    for (const category of menu.data ?? []) {
      for (const item of category.menuItems) items.set(item.id, item);
    }
    const withChoices = cart.lines.some((line) => line.choices.length > 0);
    const menuLoaded = menu.data !== undefined && (!withChoices || options.data !== undefined);
    const byOption = optionsById(options.data);
    const lines = cart.lines.map((line): CartViewLine => {
      const item = items.get(line.menuItemId) ?? null;
      const groups = item && options.data ? groupsOf(options.data, item) : [];
      const choicePrice = line.choices.length > 0 ? priceChoices(groups, line.choices) : null;
      const unitPrice = (item?.priceGross ?? 0) + (choicePrice?.total ?? 0);
      const choiceProblems = item && options.data ? checkChoices(groups, line.choices) : [];
      let problem: CartViewLine['problem'] = null;
      if (menuLoaded && item === null) problem = 'unavailable';
      else if (item?.availabilityType === 'SOLD_OUT') problem = 'sold_out';
      else if (choiceProblems.some((p) => p.code === 'sold_out')) problem = 'option_sold_out';
      else if (choiceProblems.length > 0) problem = 'option_unavailable';
      const priced = new Map((choicePrice?.choices ?? []).map((choice) => [choice.optionId, choice]));
      return {
        ...line,
        item,
        title: item ? pickTranslation(item.translations, language, t('untitled')).title : t('untitled'),
        unitPrice,
        lineTotal: unitPrice * line.quantity,
        shownChoices: line.choices.map((choice) => {
          const found = byOption.get(choice.optionId);
          const price = priced.get(choice.optionId);
          return {
            optionId: choice.optionId,
            title: found ? pickTranslation(found.option.translations, language, t('untitled')).title : '…',
            quantity: choice.quantity,
            extra: price ? (price.quantity - price.freeQuantity) * price.priceDelta : 0,
          };
        }),
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
  }, [cart, actions, menu.data, options.data, language, t]);
}

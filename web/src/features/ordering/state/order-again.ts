import { type ChoiceSelection, checkChoices, priceChoices } from '@tablo/contract/choices';
import type { Menu, MenuItem } from '@tablo/contract/menu';
import type { MenuOptions } from '@tablo/contract/menu-options';
import type { Order, OrderItem } from '@tablo/contract/order';
import { groupsOf } from '../../../lib/menu-options-query.ts';

export type ReorderStatus =
  | 'ok'
  | 'price_changed'
  | 'sold_out'
  | 'unavailable'
  | 'option_sold_out'
  | 'option_unavailable';

export type ReorderLine = {
  orderItem: OrderItem;
  status: ReorderStatus;
  /** One unit's price on today's menu (with today's price of the same choices). */
  unitPrice: number;
  choices: ChoiceSelection[];
  /** The sold-out option (for `option_sold_out`). */
  optionId: number | null;
};

/** The statuses that keep a line out of the cart. */
export function canReorder(line: ReorderLine): boolean {
  return line.status === 'ok' || line.status === 'price_changed';
}

/**
 * Issue 27 "Order again": an earlier order's lines checked against today's menu and options — a dish or a
 * chosen option sold out or gone, or a price that changed, is said before anything goes in the cart.
 */
export function checkReorder(order: Order, menu: Menu, options: MenuOptions | undefined): ReorderLine[] {
  const items = new Map<number, MenuItem>();
  for (const category of menu) for (const item of category.menuItems) items.set(item.id, item);
  return order.items.map((orderItem) => {
    const choices = orderItem.choices.map(({ optionId, quantity }) => ({ optionId, quantity }));
    const line = (
      status: ReorderStatus,
      unitPrice = orderItem.unitPrice,
      optionId: number | null = null,
    ) => ({
      orderItem,
      status,
      unitPrice,
      choices,
      optionId,
    });
    const item = items.get(orderItem.menuItemId);
    if (!item) return line('unavailable');
    if (item.availabilityType === 'SOLD_OUT') return line('sold_out');
    const groups = groupsOf(options, item);
    if (choices.length > 0 || item.optionGroupIds.length > 0) {
      const problems = checkChoices(groups, choices);
      const soldOut = problems.find((problem) => problem.code === 'sold_out');
      if (soldOut) return line('option_sold_out', orderItem.unitPrice, soldOut.optionId);
      if (problems.length > 0) return line('option_unavailable');
    }
    const unitPrice = item.priceGross + priceChoices(groups, choices).total;
    return line(unitPrice === orderItem.unitPrice ? 'ok' : 'price_changed', unitPrice);
  });
}

import type { MenuFile } from '@tablo/contract/menu-import';

export type DraftOrder = { ref: string; items: string[] }[];

export function orderOf(menu: MenuFile): DraftOrder {
  return menu.categories.map((category) => ({ ref: category.ref, items: category.items.map((i) => i.ref) }));
}

function swapped<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [moved] = next.splice(from, 1);
  if (moved !== undefined) next.splice(to, 0, moved);
  return next;
}

/**
 * The whole order with one category or item moved to `to` (within its own category): what the reorder call
 * sends, naming every category and item once. Null when `to` is outside the list.
 */
export function moved(
  order: DraftOrder,
  target: { kind: 'category' | 'item'; ref: string },
  to: number,
): { order: DraftOrder; position: number; count: number } | null {
  if (target.kind === 'category') {
    const from = order.findIndex((c) => c.ref === target.ref);
    if (from < 0 || to < 0 || to >= order.length) return null;
    return { order: swapped(order, from, to), position: to + 1, count: order.length };
  }
  const ci = order.findIndex((c) => c.items.includes(target.ref));
  const category = order[ci];
  if (!category) return null;
  const from = category.items.indexOf(target.ref);
  if (to < 0 || to >= category.items.length) return null;
  const next = order.map((c, i) => (i === ci ? { ...c, items: swapped(c.items, from, to) } : c));
  return { order: next, position: to + 1, count: category.items.length };
}

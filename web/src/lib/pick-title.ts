import { FALLBACK_LANGUAGE } from '@tablo/contract/language-list';
import type { OrderItem } from '@tablo/contract/order';

/**
 * spec §4 for a dish's titles (an order's snapshot or the menu's translations): the current language → en →
 * the first → the placeholder. The diner's screens and the staff console share it.
 */
export function pickTitle(
  titles: readonly Pick<OrderItem['titles'][number], 'isoCode' | 'title'>[],
  language: string,
  placeholder: string,
): string {
  const picked =
    titles.find((entry) => entry.isoCode === language) ??
    titles.find((entry) => entry.isoCode === FALLBACK_LANGUAGE) ??
    titles[0];
  return picked?.title ?? placeholder;
}

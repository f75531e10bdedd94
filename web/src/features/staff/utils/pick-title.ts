import { FALLBACK_LANGUAGE } from '@tablo/contract/language-list';
import type { OrderItem } from '@tablo/contract/order';

/**
 * spec §4 for a dish's titles (an order's snapshot or the menu's translations): the member's language → en → the
 * first → the placeholder. The staff chunk keeps its own copy rather than share lib/pick-translation.ts with the
 * menu screen: a module both import would be split into one more chunk on /menu (decision record 018).
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

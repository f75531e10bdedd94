import { FALLBACK_LANGUAGE } from '@tablo/contract/language-list';
import type { OrderItem } from '@tablo/contract/order';

/** spec §4 for an ordered item's title snapshot: the current language → en → the first → the placeholder. */
export function pickTitle(titles: OrderItem['titles'], language: string, placeholder: string): string {
  const picked =
    titles.find((entry) => entry.isoCode === language) ??
    titles.find((entry) => entry.isoCode === FALLBACK_LANGUAGE) ??
    titles[0];
  return picked?.title ?? placeholder;
}

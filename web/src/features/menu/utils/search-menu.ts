import type { LanguageCode } from '@tablo/contract/language-list';
import type { MenuCategory } from '@tablo/contract/menu';
import { pickTranslation } from '../../../lib/pick-translation.ts';
import { matchesSearch, normalizeSearch } from './normalize-search.ts';

function textOf(translations: MenuCategory['translations'], language: LanguageCode) {
  return pickTranslation(translations, language, '');
}

/**
 * The menu search: a category whose title matches keeps all its dishes; otherwise a category keeps the
 * dishes whose title or description matches, and disappears when none does.
 */
export function searchMenu(
  menu: readonly MenuCategory[],
  query: string,
  language: LanguageCode,
): MenuCategory[] {
  const needle = normalizeSearch(query);
  if (needle === '') return [...menu];
  const result: MenuCategory[] = [];
  for (const category of menu) {
    if (matchesSearch(needle, textOf(category.translations, language).title)) {
      result.push(category);
      continue;
    }
    const menuItems = category.menuItems.filter((item) => {
      const text = textOf(item.translations, language);
      return matchesSearch(needle, text.title, text.description);
    });
    if (menuItems.length > 0) result.push({ ...category, menuItems });
  }
  return result;
}

/** spec §2: the drawer search matches category titles and item titles. */
export function searchCategories(
  menu: readonly MenuCategory[],
  query: string,
  language: LanguageCode,
): MenuCategory[] {
  const needle = normalizeSearch(query);
  if (needle === '') return [...menu];
  return menu.filter(
    (category) =>
      matchesSearch(needle, textOf(category.translations, language).title) ||
      category.menuItems.some((item) => matchesSearch(needle, textOf(item.translations, language).title)),
  );
}

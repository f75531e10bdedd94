import { FALLBACK_LANGUAGE, type LanguageCode } from '@tablo/contract/languages';
import type { Translation } from '@tablo/contract/translation';

/**
 * spec §4: the page's language → en → the first translation (as web/src/lib/pick-translation.ts); null
 * where the web app would show its placeholder, which is no name to publish.
 */
export function pickText(
  translations: readonly Translation[],
  language: LanguageCode,
): { title: string; description: string } | null {
  const picked =
    translations.find((t) => t.isoCode === language) ??
    translations.find((t) => t.isoCode === FALLBACK_LANGUAGE) ??
    translations[0];
  return picked ? { title: picked.title, description: picked.description } : null;
}

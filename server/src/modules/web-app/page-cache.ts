import { LANGUAGE_CODES } from '@tablo/contract/languages';
import type { HotMatch } from '../../lib/hot-answers.ts';

const MENU_PAGE = /^\/menu\/([a-z0-9-]{1,64})\/([a-z]{2})$/;

/**
 * A restaurant's menu page in one of the ten languages (`/menu/:shortName/:lang`, no query) is kept in the
 * answer cache beside its answers, built and compressed once, and dropped with them when the menu changes;
 * the hot path (lib/hot-answers.ts) serves it like a static file. Other pages are rendered per request.
 */
export const menuPageHotMatch: HotMatch = (url) => {
  const match = MENU_PAGE.exec(url);
  if (!match) return null;
  const [, shortName, language] = match as unknown as [string, string, string];
  return (LANGUAGE_CODES as readonly string[]).includes(language)
    ? { kind: menuPageKind(language), shortName }
    : null;
};

/** The answer cache's kind for the menu page in a language. */
export function menuPageKind(language: string): string {
  return `page:menu:${language}`;
}

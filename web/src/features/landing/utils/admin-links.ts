import type { LanguageCode } from '@tablo/contract/language-list';

/** spec §1: the admin site's sign-up and login pages, each with a language parameter. */
export function adminLinks(adminUrl: string, language: LanguageCode) {
  const base = adminUrl.replace(/\/+$/, '');
  const query = `?lang=${encodeURIComponent(language)}`;
  return {
    register: `${base}/register${query}`,
    login: `${base}/login${query}`,
    terms: `${base}/terms${query}`,
    privacy: `${base}/privacy${query}`,
  };
}

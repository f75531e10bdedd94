import { DEFAULT_LANGUAGE, LANGUAGES, type LanguageCode } from '@tablo/contract/language-list';

/**
 * The diner's language from an Accept-Language header (decision 074): the web app sends the page's language
 * (`hu`, `cz`…); a browser's own list (`cs-CZ,cs;q=0.9,en;q=0.8`) is read too, by BCP 47 (cs → cz, sl → si),
 * in the order of its q-values. Nothing known → the default language.
 */
export function dinerLanguage(header: string | undefined): LanguageCode {
  if (!header) return DEFAULT_LANGUAGE;
  const wanted = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim(), q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of wanted) {
    const primary = tag.split('-')[0];
    const found = LANGUAGES.find((language) => language.code === tag || language.bcp47 === primary);
    if (found) return found.code;
  }
  return DEFAULT_LANGUAGE;
}

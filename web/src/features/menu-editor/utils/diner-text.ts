import { FALLBACK_LANGUAGE } from '@tablo/contract/language-list';

type Text = { isoCode: string; title: string; description: string };

/**
 * spec §4: what a diner reading `language` sees — the language's own text → en → the first → the placeholder.
 * The editor's own copy: sharing lib/pick-translation.ts with the menu screen would split one more chunk onto
 * /menu (decision record 018). Returns where the text came from, so the editor can say "shown from English".
 */
export function dinerText(
  translations: readonly Text[],
  language: string,
): { title: string | null; description: string; from: string | null } {
  const filled = translations.filter((entry) => entry.title.trim() !== '');
  const picked =
    filled.find((entry) => entry.isoCode === language) ??
    filled.find((entry) => entry.isoCode === FALLBACK_LANGUAGE) ??
    filled[0];
  if (!picked) return { title: null, description: '', from: null };
  return { title: picked.title, description: picked.description, from: picked.isoCode };
}

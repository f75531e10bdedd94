import { FALLBACK_LANGUAGE, type LanguageCode } from '@tablo/contract/language-list';
import type { Translation } from '@tablo/contract/translation';

export type PickedText = {
  title: string;
  description: string;
  /** The language the text is written in; null when the placeholder is shown. */
  isoCode: LanguageCode | null;
};

/** spec §4: the current language → en → the first translation → the placeholder. */
export function pickTranslation(
  translations: readonly Translation[],
  language: LanguageCode,
  placeholder: string,
): PickedText {
  const picked =
    translations.find((t) => t.isoCode === language) ??
    translations.find((t) => t.isoCode === FALLBACK_LANGUAGE) ??
    translations[0];
  if (!picked) return { title: placeholder, description: '', isoCode: null };
  return { title: picked.title, description: picked.description, isoCode: picked.isoCode };
}

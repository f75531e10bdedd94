import { toBcp47 } from '@tablo/contract/language-list';
import type { Translation } from '@tablo/contract/translation';
import { type PickedText, pickTranslation } from '../../../lib/pick-translation.ts';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { useLanguage } from '../../../providers/language.tsx';

export type TranslatedText = PickedText & {
  /** `lang` for the element showing the text when it is not in the page's language, else undefined. */
  lang: string | undefined;
};

/** spec §4: the text of a category or dish in the current language, with the specification's fallbacks. */
export function useTranslated(translations: readonly Translation[]): TranslatedText {
  return useTranslate()(translations);
}

export type Translate = (translations: readonly Translation[]) => TranslatedText;

/**
 * `useTranslated` as a function, for a list of texts. The choices' chunk (issue 27) gets it from the dialog
 * rather than import this module: a module shared with a lazy chunk is split into one more file on /menu.
 */
export function useTranslate(): Translate {
  const { language } = useLanguage();
  const { t } = useTranslation('menu');
  return (translations) => {
    const picked = pickTranslation(translations, language, t('untitled'));
    const lang = picked.isoCode && picked.isoCode !== language ? toBcp47(picked.isoCode) : undefined;
    return { ...picked, lang };
  };
}

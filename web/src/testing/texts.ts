import { FALLBACK_LANGUAGE, type LanguageCode } from '@tablo/contract/language-list';
import type { TextBundle } from '../lib/texts/read-texts.ts';
import { type Resources, Texts } from '../lib/texts/texts.ts';

const files = import.meta.glob<TextBundle>('../../public/locales/*/*.json', {
  eager: true,
  import: 'default',
});

/** Every locale file on disk: { [lang]: { [ns]: texts } }. */
export function localeResources(): Resources {
  const resources: Resources = {};
  for (const [path, texts] of Object.entries(files)) {
    const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!match?.[1] || !match[2]) continue;
    const language = resources[match[1]] ?? {};
    language[match[2]] = texts;
    resources[match[1]] = language;
  }
  return resources;
}

/** All the texts, loaded from the JSON files at once (no HTTP). */
export function createTestTexts(language: LanguageCode = FALLBACK_LANGUAGE): Texts {
  return new Texts(language, localeResources());
}

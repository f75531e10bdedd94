import { FALLBACK_LANGUAGE, type LanguageCode } from '@tablo/contract/language-list';
import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { applyBcp47PluralRules, BASE_I18N_OPTIONS, NAMESPACES } from '../lib/i18n.ts';

const files = import.meta.glob<Record<string, unknown>>('../../public/locales/*/*.json', {
  eager: true,
  import: 'default',
});

/** Every locale file on disk, as i18next resources: { [lang]: { [ns]: texts } }. */
export function localeResources(): Resource {
  const resources: Resource = {};
  for (const [path, texts] of Object.entries(files)) {
    const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!match?.[1] || !match[2]) continue;
    const language = resources[match[1]] ?? {};
    language[match[2]] = texts as Resource[string][string];
    resources[match[1]] = language;
  }
  return resources;
}

/** A fully loaded i18n instance, initialised synchronously from the JSON files (no HTTP). */
export function createTestI18n(language: LanguageCode = FALLBACK_LANGUAGE): I18n {
  const instance = i18next.createInstance();
  instance.use(initReactI18next).init({
    ...BASE_I18N_OPTIONS,
    ns: [...NAMESPACES],
    lng: language,
    resources: localeResources(),
    initAsync: false,
  });
  applyBcp47PluralRules(instance);
  return instance;
}

import {
  DEFAULT_LANGUAGE,
  FALLBACK_LANGUAGE,
  LANGUAGE_CODES,
  type LanguageCode,
  resolveLanguage,
  toBcp47,
} from '@tablo/contract/language-list';
import i18next, { type i18n as I18n, type InitOptions, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { I18N_MAX_PARALLEL_READS, I18N_MAX_RETRIES, I18N_RETRY_TIMEOUT_MS } from '../config/constants.ts';
import { fetchBackend } from './i18n-backend.ts';

/** One file per namespace in public/locales/<lang>/<ns>.json; screens load only the ones they use. */
export const NAMESPACES = [
  'common',
  'landing',
  'guide',
  'terms',
  'menu',
  'orders',
  'table',
  'payment',
  'staff',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** Options shared by the app and the tests, so both resolve texts the same way. */
export const BASE_I18N_OPTIONS = {
  // spec §2: the text library defaults to English, and Hungarian falls back to English.
  fallbackLng: FALLBACK_LANGUAGE,
  supportedLngs: LANGUAGE_CODES,
  load: 'currentOnly',
  ns: ['common'],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnEmptyString: false,
} satisfies InitOptions;

/**
 * i18next picks plural rules with `Intl.PluralRules(<language code>)`, but the specification's `cz` is no
 * language and `si` is Sinhala: Czech and Slovenian would get English and Sinhala plurals. Plural rules are
 * chosen by the BCP 47 tag instead (cz → cs, si → sl). Call right after `init`, which creates the resolver.
 */
export function applyBcp47PluralRules(instance: I18n): void {
  const resolver = instance.services.pluralResolver as {
    getRule: (code: string, options?: object) => Intl.PluralRules | undefined;
  };
  const getRule = resolver.getRule.bind(resolver);
  const supported = new Set<string>(LANGUAGE_CODES);
  resolver.getRule = (code, options) =>
    getRule(supported.has(code) ? toBcp47(code as LanguageCode) : code, options);
}

/**
 * Creates and starts the app's instance: texts come over HTTP, only the namespaces a screen asks for. A
 * server-rendered page brings the texts it was rendered with (`resources`): they are there from the start,
 * synchronously, and only the other namespaces are fetched.
 */
export function createI18n(initialLanguage: LanguageCode, resources?: Resource): I18n {
  const instance = i18next.createInstance();
  instance
    .use(fetchBackend)
    .use(initReactI18next)
    .init({
      ...BASE_I18N_OPTIONS,
      lng: initialLanguage,
      ...(resources
        ? {
            resources,
            partialBundledLanguages: true,
            ns: Object.keys(resources[initialLanguage] ?? {}),
            initAsync: false,
          }
        : {}),
      // spec §9: 5 retries, 350 ms initial wait doubling each retry, 10 parallel reads. i18next's loader does the
      // retrying whenever the backend reports a retriable failure (network error or 5xx).
      maxRetries: I18N_MAX_RETRIES,
      retryTimeout: I18N_RETRY_TIMEOUT_MS,
      maxParallelReads: I18N_MAX_PARALLEL_READS,
    })
    .catch((error: unknown) => console.warn('i18n failed to start', error));
  applyBcp47PluralRules(instance);
  return instance;
}

/** The language the URL will ask for, so the first texts fetched are the right ones (the layout decides). */
export function languageFromPath(pathname: string): LanguageCode {
  const segments = pathname.split('/').filter(Boolean);
  const candidate = segments.length <= 1 ? segments[0] : segments.at(-1);
  return candidate ? resolveLanguage(candidate) : DEFAULT_LANGUAGE;
}

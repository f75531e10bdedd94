import {
  DEFAULT_LANGUAGE,
  FALLBACK_LANGUAGE,
  LANGUAGE_CODES,
  type LanguageCode,
  resolveLanguage,
} from '@tablo/contract/languages';
import i18next, { type i18n as I18n, type InitOptions } from 'i18next';
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

/** Creates and starts the app's instance: texts come over HTTP, only the namespaces a screen asks for. */
export function createI18n(initialLanguage: LanguageCode): I18n {
  const instance = i18next.createInstance();
  instance
    .use(fetchBackend)
    .use(initReactI18next)
    .init({
      ...BASE_I18N_OPTIONS,
      lng: initialLanguage,
      // spec §9: 5 retries, 350 ms initial wait doubling each retry, 10 parallel reads. i18next's loader does the
      // retrying whenever the backend reports a retriable failure (network error or 5xx).
      maxRetries: I18N_MAX_RETRIES,
      retryTimeout: I18N_RETRY_TIMEOUT_MS,
      maxParallelReads: I18N_MAX_PARALLEL_READS,
    })
    .catch((error: unknown) => console.warn('i18n failed to start', error));
  return instance;
}

/** The language the URL will ask for, so the first texts fetched are the right ones (the layout decides). */
export function languageFromPath(pathname: string): LanguageCode {
  const segments = pathname.split('/').filter(Boolean);
  const candidate = segments.length <= 1 ? segments[0] : segments.at(-1);
  return candidate ? resolveLanguage(candidate) : DEFAULT_LANGUAGE;
}

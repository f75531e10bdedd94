// The languages without their zod schema (languages.ts adds it and re-exports these): the web app's menu page
// imports them without loading zod (docs/decisions/036-menu-page-javascript.md).

/** spec §1: supported languages (code, label), in the picker's order; the first is the default (spec §2). */
export const LANGUAGES = [
  { code: 'hu', label: 'Magyar', bcp47: 'hu' },
  { code: 'en', label: 'English', bcp47: 'en' },
  { code: 'sk', label: 'Slovenský', bcp47: 'sk' },
  // The specification's codes `cz` and `si` are not BCP 47: `lang` attributes and Intl use cs and sl.
  { code: 'cz', label: 'Čeština', bcp47: 'cs' },
  { code: 'de', label: 'Deutsch', bcp47: 'de' },
  { code: 'fr', label: 'Français', bcp47: 'fr' },
  { code: 'pl', label: 'Polski', bcp47: 'pl' },
  { code: 'si', label: 'Slovenščina', bcp47: 'sl' },
  { code: 'hr', label: 'Hrvatski', bcp47: 'hr' },
  { code: 'ro', label: 'Română', bcp47: 'ro' },
] as const;

export type Language = (typeof LANGUAGES)[number];
export type LanguageCode = Language['code'];

export const LANGUAGE_CODES = LANGUAGES.map((l) => l.code) as [LanguageCode, ...LanguageCode[]];

/** spec §2: routes default to Hungarian. */
export const DEFAULT_LANGUAGE: LanguageCode = 'hu';
/** spec §2 and §4: the text library's default, and the translation fallback. */
export const FALLBACK_LANGUAGE: LanguageCode = 'en';

/** spec §5: compared case-insensitively; missing or unsupported → Hungarian. */
export function resolveLanguage(raw: string | undefined | null): LanguageCode {
  const lowered = raw?.toLowerCase();
  return LANGUAGES.find((l) => l.code === lowered)?.code ?? DEFAULT_LANGUAGE;
}

export function toBcp47(code: LanguageCode): string {
  return LANGUAGES.find((l) => l.code === code)?.bcp47 ?? code;
}

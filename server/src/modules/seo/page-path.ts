import { LANGUAGE_CODES, type LanguageCode, resolveLanguage } from '@tablo/contract/languages';

/** The restaurant screens of spec §2; all but the menu carry a table number. */
export const RESTAURANT_SCREENS = [
  'menu',
  'order',
  'table',
  'payment-success',
  'terms-and-conditions',
] as const;
export type RestaurantScreen = (typeof RESTAURANT_SCREENS)[number];

export type PageRef =
  | { kind: 'landing'; language: LanguageCode }
  | {
      kind: 'restaurant';
      screen: RestaurantScreen;
      shortName: string;
      table: string | null;
      language: LanguageCode;
    }
  | { kind: 'other' };

const SHORT_NAME = /^[a-z0-9-]{1,64}$/;
const TABLE = /^\d{1,9}$/;

/**
 * What a page path shows (spec §2): `/` and `/:lang` the landing page, `/menu/:shortName/:lang?` and the
 * table screens `/:screen/:shortName/:table/:lang?`. A missing or unsupported language reads as Hungarian.
 */
export function parsePagePath(path: string): PageRef {
  const segments = path.split('/').filter(Boolean);
  const [first, second, third, fourth, ...rest] = segments;
  if (first === undefined) return { kind: 'landing', language: resolveLanguage(null) };
  if (segments.length === 1) {
    const lowered = first.toLowerCase();
    return (LANGUAGE_CODES as readonly string[]).includes(lowered)
      ? { kind: 'landing', language: resolveLanguage(lowered) }
      : { kind: 'other' };
  }
  const screen = RESTAURANT_SCREENS.find((candidate) => candidate === first);
  if (!screen || second === undefined || !SHORT_NAME.test(second) || rest.length > 0)
    return { kind: 'other' };
  if (screen === 'menu') {
    if (fourth !== undefined) return { kind: 'other' };
    return { kind: 'restaurant', screen, shortName: second, table: null, language: resolveLanguage(third) };
  }
  if (third === undefined || !TABLE.test(third)) return { kind: 'other' };
  return { kind: 'restaurant', screen, shortName: second, table: third, language: resolveLanguage(fourth) };
}

/** The path of a restaurant screen in a language. */
export function restaurantPath(
  screen: RestaurantScreen,
  shortName: string,
  table: string | null,
  language: LanguageCode,
): string {
  return table === null
    ? `/${screen}/${shortName}/${language}`
    : `/${screen}/${shortName}/${table}/${language}`;
}

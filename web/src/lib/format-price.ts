import type { LanguageCode } from '@tablo/contract/language-list';

/**
 * Each language's digit-group separator and minus sign, as `Intl.NumberFormat` writes them (CLDR; the test
 * compares every language with Intl). Written out rather than asked of Intl: on a phone the first
 * `new Intl.NumberFormat` loads the locale's data, 5-17 ms measured in the hydration of the menu page
 * (decision record 044), for a whole number with "Ft" after it.
 */
const NUMBER_SYMBOLS: Record<LanguageCode, { group: string; minus: string }> = {
  hu: { group: '\u00a0', minus: '-' },
  en: { group: ',', minus: '-' },
  sk: { group: '\u00a0', minus: '-' },
  cz: { group: '\u00a0', minus: '-' },
  de: { group: '.', minus: '-' },
  fr: { group: '\u202f', minus: '-' },
  pl: { group: '\u00a0', minus: '-' },
  si: { group: '.', minus: '\u2212' },
  hr: { group: '.', minus: '\u2212' },
  ro: { group: '.', minus: '-' },
};

const EVERY_THIRD_DIGIT = /\B(?=(\d{3})+$)/g;

/**
 * spec §9: prices are whole forints, shown with "Ft" in every language — grouped in threes even with four
 * digits (hu "2 490"), so prices in a list line up; a fraction is rounded half away from zero, as Intl does.
 */
export function formatPrice(amount: number, language: LanguageCode): string {
  const { group, minus } = NUMBER_SYMBOLS[language];
  const whole = Math.round(Math.abs(amount));
  const digits = String(whole).replace(EVERY_THIRD_DIGIT, group);
  return `${amount < 0 && whole !== 0 ? minus : ''}${digits}\u00a0Ft`;
}

import { type LanguageCode, toBcp47 } from '@tablo/contract/language-list';

const formatters = new Map<LanguageCode, Intl.NumberFormat>();

function formatterFor(language: LanguageCode): Intl.NumberFormat {
  let formatter = formatters.get(language);
  if (!formatter) {
    // 'always' groups four-digit prices too (hu "2 490"), so prices in a list line up.
    formatter = new Intl.NumberFormat(toBcp47(language), { maximumFractionDigits: 0, useGrouping: 'always' });
    formatters.set(language, formatter);
  }
  return formatter;
}

/** spec §9: prices are whole forints, shown with "Ft" in every language. */
export function formatPrice(amount: number, language: LanguageCode): string {
  return `${formatterFor(language).format(amount)}\u00a0Ft`;
}

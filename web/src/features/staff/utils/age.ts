import { type LanguageCode, toBcp47 } from '@tablo/contract/language-list';

const formatters = new Map<LanguageCode, Intl.RelativeTimeFormat>();

/** "5 min. ago", "this minute" — in the member's language, plural rules included (Intl does them). */
export function formatAge(since: string, now: number, language: LanguageCode): string {
  let formatter = formatters.get(language);
  if (!formatter) {
    formatter = new Intl.RelativeTimeFormat(toBcp47(language), { numeric: 'auto', style: 'short' });
    formatters.set(language, formatter);
  }
  const minutes = Math.max(0, Math.floor((now - Date.parse(since)) / 60_000));
  return formatter.format(-minutes, 'minute');
}

/** Minutes since, for sorting and for the "waiting long" style. */
export function minutesSince(since: string, now: number): number {
  return Math.max(0, Math.floor((now - Date.parse(since)) / 60_000));
}

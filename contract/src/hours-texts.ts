import { LANGUAGES, type LanguageCode } from './language-list.ts';

/**
 * The diner's sentence when ordering is closed (issue 28, decision 074), in the ten languages. One source for
 * the server's refusal of an order and the notice on the diner's page (loaded lazily, only for a restaurant
 * with hours), so both say the same. `{time}` is the opening's wall time, `{day}` its weekday or date.
 */
export const HOURS_TEXTS: Record<LanguageCode, { closed: string; today: string; later: string }> = {
  hu: {
    closed: 'Most nem lehet rendelni.',
    today: 'A rendelés {time}-kor nyílik.',
    later: 'A rendelés nyitása: {day} {time}.',
  },
  en: {
    closed: 'Ordering is closed now.',
    today: 'It opens at {time}.',
    later: 'It opens on {day} at {time}.',
  },
  sk: {
    closed: 'Objednávať teraz nie je možné.',
    today: 'Objednávky sa otvárajú o {time}.',
    later: 'Objednávky sa otvárajú: {day} {time}.',
  },
  cz: {
    closed: 'Objednávat teď není možné.',
    today: 'Objednávky se otevírají v {time}.',
    later: 'Objednávky se otevírají: {day} {time}.',
  },
  de: {
    closed: 'Bestellen ist gerade nicht möglich.',
    today: 'Bestellungen sind ab {time} Uhr möglich.',
    later: 'Bestellungen sind wieder möglich: {day}, {time} Uhr.',
  },
  fr: {
    closed: 'Les commandes sont fermées pour le moment.',
    today: 'Elles ouvrent à {time}.',
    later: 'Réouverture des commandes : {day} à {time}.',
  },
  pl: {
    closed: 'Zamawianie jest teraz niemożliwe.',
    today: 'Zamówienia przyjmujemy od {time}.',
    later: 'Zamówienia przyjmujemy ponownie: {day}, {time}.',
  },
  si: {
    closed: 'Naročanje trenutno ni mogoče.',
    today: 'Naročila sprejemamo od {time}.',
    later: 'Naročila znova sprejemamo: {day}, {time}.',
  },
  hr: {
    closed: 'Naručivanje trenutno nije moguće.',
    today: 'Narudžbe primamo od {time}.',
    later: 'Narudžbe ponovno primamo: {day}, {time}.',
  },
  ro: {
    closed: 'Comenzile sunt închise acum.',
    today: 'Se pot face comenzi de la ora {time}.',
    later: 'Comenzile se redeschid: {day}, ora {time}.',
  },
};

const DAY_MS = 86_400_000;

/**
 * "Ordering is closed now. It opens at 18:00." in `language`, the times as the restaurant's wall clock shows
 * them. The same calendar day says only the time; within a week the weekday; further off the date.
 */
export function orderingClosedText(
  language: LanguageCode,
  opensAt: Date | null,
  now: Date,
  timeZone: string,
): string {
  const texts = HOURS_TEXTS[language];
  if (!opensAt) return texts.closed;
  const locale = LANGUAGES.find((entry) => entry.code === language)?.bcp47 ?? 'en';
  const format = (options: Intl.DateTimeFormatOptions, instant: Date) =>
    new Intl.DateTimeFormat(locale, { timeZone, ...options }).format(instant);
  const time = format({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }, opensAt);
  const dateOf = (instant: Date) => format({ year: 'numeric', month: '2-digit', day: '2-digit' }, instant);
  if (dateOf(opensAt) === dateOf(now)) return `${texts.closed} ${texts.today.replace('{time}', time)}`;
  const day =
    opensAt.getTime() - now.getTime() < 6 * DAY_MS
      ? format({ weekday: 'long' }, opensAt)
      : format({ month: 'long', day: 'numeric' }, opensAt);
  return `${texts.closed} ${texts.later.replace('{day}', day).replace('{time}', time)}`;
}

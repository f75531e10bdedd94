import { minuteText } from '@tablo/contract/hours-rule';
import { wallTimeAt } from '../../lib/zoned-time.ts';

/** `YYYY-MM-DD HH:MM` on the restaurant's wall clock: what a cook reads on a ticket. */
export function ticketTime(instant: Date, timeZone: string): string {
  const { date, minuteOfDay } = wallTimeAt(instant, timeZone);
  return `${date} ${minuteText(minuteOfDay)}`;
}

/** The restaurant's first language is Hungarian: a title in it, else the first one stored. */
export function ticketTitle(titles: readonly { isoCode: string; title: string }[]): string {
  return (titles.find((t) => t.isoCode === 'hu') ?? titles[0])?.title ?? '?';
}

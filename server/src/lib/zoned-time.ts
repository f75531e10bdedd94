import { TZDate } from '@date-fns/tz';
import { addDays } from '@tablo/contract/hours-rule';

/**
 * Wall-clock time in a restaurant's IANA time zone, daylight-saving changes included (DESIGN §11). Every
 * rule about hours, windows and business days reads an instant through these, never the server's zone.
 */

/** What a clock on the restaurant's wall shows at an instant. `weekday` is ISO: 1 Monday … 7 Sunday. */
export interface WallTime {
  /** The calendar date, `YYYY-MM-DD`. */
  date: string;
  weekday: number;
  /** Minutes since local midnight, 0–1439. */
  minuteOfDay: number;
}

export function wallTimeAt(instant: Date, timeZone: string): WallTime {
  const local = new TZDate(instant.getTime(), timeZone);
  const day = local.getDay();
  return {
    date: isoDate(local.getFullYear(), local.getMonth() + 1, local.getDate()),
    weekday: day === 0 ? 7 : day,
    minuteOfDay: local.getHours() * 60 + local.getMinutes(),
  };
}

/**
 * The instant the restaurant's wall clock first shows `minuteOfDay` on `date`. A time skipped by the
 * spring change (02:30 on the night clocks jump from 02:00 to 03:00) is the moment after the jump; a time
 * shown twice in autumn is its first showing.
 */
export function instantAt(date: string, minuteOfDay: number, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const local = new TZDate(year, month - 1, day, Math.floor(minuteOfDay / 60), minuteOfDay % 60, timeZone);
  // TZDate reads a time shown twice as its second showing; the first is earlier by the change (issue 28).
  const before = new TZDate(local.getTime() - 3 * 3_600_000, timeZone).getTimezoneOffset();
  const shift = local.getTimezoneOffset() - before;
  if (shift > 0) {
    const first = new Date(local.getTime() - shift * 60_000);
    const wall = wallTimeAt(first, timeZone);
    if (wall.date === date && wall.minuteOfDay === minuteOfDay) return first;
  }
  return new Date(local.getTime());
}

/**
 * The business day an instant belongs to: a day runs from `cutoffHour` to the next day's (default 04:00),
 * so a drink at 01:30 after Friday's service counts to Friday.
 */
export function businessDayOf(instant: Date, timeZone: string, cutoffHour: number): string {
  const wall = wallTimeAt(instant, timeZone);
  return wall.minuteOfDay < cutoffHour * 60 ? addDays(wall.date, -1) : wall.date;
}

/** A business day's first instant and the next one's (end exclusive), as the restaurant's clock says. */
export function businessDayBounds(
  day: string,
  timeZone: string,
  cutoffHour: number,
): { start: Date; end: Date } {
  return {
    start: instantAt(day, cutoffHour * 60, timeZone),
    end: instantAt(addDays(day, 1), cutoffHour * 60, timeZone),
  };
}

function isoDate(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

import { addDays } from '@tablo/contract/hours-rule';
import type { MenuWindow } from '@tablo/contract/menu-windows';
import { instantAt, wallTimeAt } from '../../lib/zoned-time.ts';

/**
 * The rule of time-based menus (docs/decisions/075), pure: is something with these windows offered at an
 * instant, and when does that next change. A window is read as the real interval between the instant the
 * wall clock first shows its start on a day and the instant it first shows its end (the next day's, when it
 * crosses midnight). So on the autumn night breakfast does not come back for the repeated hour, a window
 * touching the spring gap begins at the jump, and "offered" and "the next boundary" can never disagree.
 */

interface Occurrence {
  start: Date;
  end: Date;
}

/** ISO weekday (1 Monday … 7 Sunday) of a `YYYY-MM-DD` date. */
function weekdayOf(date: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}

/** The windows' intervals that start on the dates `from` … `to` days away from `date`. */
function occurrences(
  windows: readonly MenuWindow[],
  date: string,
  from: number,
  to: number,
  timeZone: string,
) {
  const found: Occurrence[] = [];
  for (let offset = from; offset <= to; offset++) {
    const day = addDays(date, offset);
    const weekday = weekdayOf(day);
    for (const window of windows) {
      if (!window.weekdays.includes(weekday)) continue;
      const endDay = window.endMinute < window.startMinute ? addDays(day, 1) : day;
      found.push({
        start: instantAt(day, window.startMinute, timeZone),
        end: instantAt(endDay, window.endMinute, timeZone),
      });
    }
  }
  return found;
}

/** Offered at `instant`: no windows at all, or inside one of them (start included, end not). */
export function isOfferedAt(windows: readonly MenuWindow[], instant: Date, timeZone: string): boolean {
  if (windows.length === 0) return true;
  const today = wallTimeAt(instant, timeZone).date;
  // A window that started yesterday may run past midnight into today.
  return occurrences(windows, today, -1, 0, timeZone).some(
    ({ start, end }) => start.getTime() <= instant.getTime() && instant.getTime() < end.getTime(),
  );
}

/**
 * The first instant after `instant` at which a window opens or closes, or null with no windows. A week
 * ahead is enough: every window recurs on one of its weekdays within seven days.
 */
export function nextBoundaryAfter(
  windows: readonly MenuWindow[],
  instant: Date,
  timeZone: string,
): Date | null {
  const today = wallTimeAt(instant, timeZone).date;
  let next: number | null = null;
  for (const { start, end } of occurrences(windows, today, -1, 8, timeZone)) {
    for (const at of [start.getTime(), end.getTime()]) {
      if (at > instant.getTime() && (next === null || at < next)) next = at;
    }
  }
  return next === null ? null : new Date(next);
}

/** The earliest of several possible instants (null when none). */
export function earliest(instants: readonly (Date | null)[]): Date | null {
  let first: Date | null = null;
  for (const at of instants) if (at && (!first || at.getTime() < first.getTime())) first = at;
  return first;
}

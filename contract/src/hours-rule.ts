// The rule "is ordering open at this instant, and when does it next open" (issue 28, decision 074), without
// zod and without a time-zone library: the server reads wall time through server/src/lib/zoned-time.ts, the
// diner's page through Intl (intl-wall-clock.ts). Both hand it a `WallClock` bound to the restaurant's zone.

export interface OpeningSpan {
  /** ISO weekday: 1 Monday … 7 Sunday. */
  weekday: number;
  /** Minutes since local midnight. */
  opens: number;
  /** Minutes since local midnight; not after `opens` → the span runs past midnight into the next day. */
  closes: number;
}

export interface WeekHours {
  spans: readonly OpeningSpan[];
  /** `YYYY-MM-DD` dates on which no span opens. */
  closedDays: readonly string[];
}

/** Wall time in one time zone. */
export interface WallClock {
  wallTimeAt(instant: Date): { date: string; weekday: number; minuteOfDay: number };
  /** The instant the wall clock first shows `minuteOfDay` on `date` (a skipped time: the moment after the jump). */
  instantAt(date: string, minuteOfDay: number): Date;
}

export interface OrderingState {
  open: boolean;
  /** When open: when the current span ends (null with no hours set). When closed: the next opening, or null. */
  until: Date | null;
}

/** How far ahead the next opening is looked for (a year of closed days is possible, no more). */
const LOOKAHEAD_DAYS = 400;

/** `HH:MM` of a minute of the day (0–1439), for messages, tickets and the console's time inputs. */
export function minuteText(minute: number): string {
  return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
}

/** `date` (`YYYY-MM-DD`) moved by `days` calendar days. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const moved = new Date(Date.UTC(year, month - 1, day + days));
  return moved.toISOString().slice(0, 10);
}

function weekdayOf(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

/** The spans that open on `date` as instants, earliest first; none on a closed day. */
function spansOn(hours: WeekHours, date: string, clock: WallClock): { start: Date; end: Date }[] {
  if (hours.closedDays.includes(date)) return [];
  const weekday = weekdayOf(date);
  return hours.spans
    .filter((span) => span.weekday === weekday)
    .map((span) => ({
      start: clock.instantAt(date, span.opens),
      end: clock.instantAt(span.closes > span.opens ? date : addDays(date, 1), span.closes),
    }))
    .sort((a, b) => a.start.getTime() - b.start.getTime());
}

/**
 * Whether ordering is open at `instant` and until when, or when it opens next. No spans → always open.
 * A span runs from its opening instant up to, not including, its closing instant: with 22:00 as closing,
 * 21:59:59 is open and 22:00:00 closed.
 */
export function orderingStateAt(instant: Date, hours: WeekHours, clock: WallClock): OrderingState {
  if (hours.spans.length === 0) return { open: true, until: null };
  const t = instant.getTime();
  const today = clock.wallTimeAt(instant).date;
  // Yesterday's spans may run past midnight into today.
  for (const date of [addDays(today, -1), today]) {
    for (const span of spansOn(hours, date, clock)) {
      if (span.start.getTime() <= t && t < span.end.getTime()) return { open: true, until: span.end };
    }
  }
  for (let offset = 0; offset <= LOOKAHEAD_DAYS; offset += 1) {
    const next = spansOn(hours, addDays(today, offset), clock).find((span) => span.start.getTime() > t);
    if (next) return { open: false, until: next.start };
  }
  return { open: false, until: null };
}

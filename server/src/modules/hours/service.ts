import {
  type OpeningHours,
  type PublicHours,
  spanProblems,
  type UpdateOpeningHoursRequestSchema,
} from '@tablo/contract/hours';
import { type OrderingState, orderingStateAt, type WallClock } from '@tablo/contract/hours-rule';
import { orderingClosedText } from '@tablo/contract/hours-texts';
import type { LanguageCode } from '@tablo/contract/languages';
import type { z } from 'zod';
import { notifyMenuChanged } from '../../db/channels.ts';
import type { Database, Db } from '../../db/database.ts';
import { HttpError } from '../../lib/http-error.ts';
import { instantAt, wallTimeAt } from '../../lib/zoned-time.ts';
import {
  type HoursForRule,
  hasSpans,
  loadHours,
  lockHours,
  replaceHours,
  type StoredHours,
} from './repository.ts';

type HoursChange = z.output<typeof UpdateOpeningHoursRequestSchema>;

/** The restaurant's zone as the rule reads it, through the server's zoned-time (DST included). */
export function zonedWallClock(timeZone: string): WallClock {
  return {
    wallTimeAt: (instant) => wallTimeAt(instant, timeZone),
    instantAt: (date, minuteOfDay) => instantAt(date, minuteOfDay, timeZone),
  };
}

/** Whether ordering is open at `now` by the stored hours (always, when none are set). */
export function orderingStateOf(hours: StoredHours, now: Date): OrderingState {
  return orderingStateAt(
    now,
    { spans: hours.spans, closedDays: hours.closedDays.map((day) => day.date) },
    zonedWallClock(hours.timeZone),
  );
}

export async function getHours(db: Db, restaurantId: number): Promise<OpeningHours> {
  return loadHours(db, restaurantId);
}

/** What the public restaurant answer carries: null with no spans (ordering always open, nothing to say). */
export async function publicHoursOf(db: Db, restaurantId: number): Promise<PublicHours | null> {
  if (!(await hasSpans(db, restaurantId))) return null;
  const hours = await loadHours(db, restaurantId);
  if (hours.spans.length === 0) return null;
  return {
    timeZone: hours.timeZone,
    spans: hours.spans,
    closedDays: hours.closedDays.map((day) => day.date),
  };
}

function closedDayProblems(change: HoursChange): string[] {
  const seen = new Set<string>();
  const problems: string[] = [];
  change.closedDays.forEach((day, index) => {
    if (seen.has(day.date)) problems.push(`closedDays.${index}: ${day.date} is listed twice`);
    seen.add(day.date);
  });
  return problems;
}

/**
 * Saves the hours screen: 422 naming every span that overlaps or is empty and every date listed twice; 409
 * when someone saved since `version`. The cached restaurant answer (which carries the hours) is rebuilt on
 * every instance after the commit.
 */
export async function saveHours(
  database: Database,
  own: { restaurantId: number; restaurantShortName: string },
  change: HoursChange,
): Promise<OpeningHours> {
  const problems = [...spanProblems(change.spans), ...closedDayProblems(change)];
  if (problems.length > 0) throw new HttpError(422, problems.join('; '));
  await database.transaction(async (tx) => {
    const version = await lockHours(tx, own.restaurantId);
    if (version !== change.version) {
      throw new HttpError(
        409,
        `version: the hours were saved by someone else since you opened them (now version ${version}). ` +
          'Reload them, then make your change again.',
      );
    }
    await replaceHours(tx, own.restaurantId, change);
    await notifyMenuChanged(database, own.restaurantShortName, tx);
  });
  return getHours(database.db, own.restaurantId);
}

/** An order refused because ordering is closed: 409 with the diner's sentence and the next opening. */
export class OrderingClosedError extends HttpError {
  constructor(
    message: string,
    readonly opensAt: Date | null,
  ) {
    super(409, message);
    this.name = 'OrderingClosedError';
  }

  get body() {
    return {
      statusCode: 409 as const,
      error: 'Conflict',
      message: this.message,
      code: 'ordering_closed' as const,
      opensAt: this.opensAt?.toISOString() ?? null,
    };
  }
}

/**
 * Throws `OrderingClosedError` in the diner's language when the restaurant's hours (as `hoursJsonSql` read
 * them; null = none set) are closed at `now`.
 */
export function refuseOutsideHours(hours: HoursForRule | null, now: Date, language: LanguageCode): void {
  if (!hours) return;
  const state = orderingStateAt(now, hours, zonedWallClock(hours.timeZone));
  if (state.open) return;
  throw new OrderingClosedError(orderingClosedText(language, state.until, now, hours.timeZone), state.until);
}

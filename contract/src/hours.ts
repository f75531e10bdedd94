import { z } from 'zod';
import { minuteText, type OpeningSpan } from './hours-rule.ts';

export type { OpeningSpan } from './hours-rule.ts';

/**
 * Opening hours (issue 28, docs/decisions/074-opening-hours.md): per ISO weekday (1 Monday … 7 Sunday) any
 * number of spans, each from `opens` to `closes` in minutes since local midnight. A span whose `closes` is not
 * after `opens` runs past midnight and belongs to the day it opens (Friday 18:00–02:00 is Friday's). A closed
 * day drops the spans that open on it. No span at all means no hours are set: ordering is always open.
 */
export const MINUTES_PER_DAY = 1440;
export const MAX_SPANS = 70;
export const MAX_CLOSED_DAYS = 400;
export const MAX_CLOSED_DAY_NOTE_LENGTH = 200;

const minute = z
  .number()
  .int()
  .min(0)
  .max(MINUTES_PER_DAY - 1);

export const OpeningSpanSchema = z.strictObject({
  weekday: z.number().int().min(1).max(7),
  opens: minute,
  closes: minute,
});

function isCalendarDate(value: string): boolean {
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export const CalendarDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date is YYYY-MM-DD')
  .refine(isCalendarDate, 'not a date of the calendar');

export const ClosedDaySchema = z.strictObject({
  date: CalendarDateSchema,
  note: z.string().trim().max(MAX_CLOSED_DAY_NOTE_LENGTH).default(''),
});
export type ClosedDay = z.output<typeof ClosedDaySchema>;

/** GET/PUT /api/staff/hours: the week, the closed days, the business day's cut-off and the zone (read only). */
export const OpeningHoursSchema = z.object({
  spans: z.array(OpeningSpanSchema),
  closedDays: z.array(ClosedDaySchema),
  businessDayCutoffHour: z.number().int().min(0).max(23),
  /** Edited in the set-up settings; shown here because every time on this screen is read in it. */
  timeZone: z.string(),
  /** Grows on each save: a save from an older version answers 409. */
  version: z.number().int(),
});
export type OpeningHours = z.infer<typeof OpeningHoursSchema>;

export const UpdateOpeningHoursRequestSchema = z.strictObject({
  spans: z.array(OpeningSpanSchema).max(MAX_SPANS),
  closedDays: z.array(ClosedDaySchema).max(MAX_CLOSED_DAYS),
  businessDayCutoffHour: z.number().int().min(0).max(23),
  version: z.number().int().min(0),
});
export type UpdateOpeningHoursRequest = z.input<typeof UpdateOpeningHoursRequestSchema>;

/** The part of the public restaurant answer the diner's page reads to say when ordering opens. */
export const PublicHoursSchema = z.object({
  timeZone: z.string(),
  spans: z.array(OpeningSpanSchema),
  /** Closed dates from yesterday on (older ones can no longer matter). */
  closedDays: z.array(z.string()),
});
export type PublicHours = z.infer<typeof PublicHoursSchema>;

/** The refusal of an order outside the opening hours (409): the diner's sentence and when ordering opens. */
export const HoursClosedErrorSchema = z.object({
  statusCode: z.literal(409),
  error: z.string(),
  message: z.string(),
  code: z.literal('ordering_closed'),
  /** ISO instant, or null when no opening is ahead (every coming day closed). */
  opensAt: z.string().nullable(),
});

export const hoursPaths = {
  staffHours: () => '/staff/hours',
} as const;

/**
 * What is wrong with a week of spans, in words for the screen: a span that opens when it closes, or two
 * that overlap (on the week's circle, so Sunday 22:00–02:00 meets Monday 01:00). Empty when the week is good.
 */
export function spanProblems(spans: readonly OpeningSpan[]): string[] {
  const problems: string[] = [];
  const week = 7 * MINUTES_PER_DAY;
  const ranges = spans.map((span, index) => {
    const start = (span.weekday - 1) * MINUTES_PER_DAY + span.opens;
    const length =
      span.closes > span.opens ? span.closes - span.opens : span.closes + MINUTES_PER_DAY - span.opens;
    return { index, span, start, end: start + length };
  });
  for (const { index, span } of ranges) {
    if (span.opens === span.closes)
      problems.push(`spans.${index}: ${describe(span)} opens when it closes; a span lasts at least a minute`);
  }
  for (let i = 0; i < ranges.length; i += 1) {
    for (let j = i + 1; j < ranges.length; j += 1) {
      const a = ranges[i] as (typeof ranges)[number];
      const b = ranges[j] as (typeof ranges)[number];
      if (a.span.opens === a.span.closes || b.span.opens === b.span.closes) continue;
      // Compared as they are and shifted by a week either way: a span past Sunday midnight meets Monday's.
      const overlaps = [-week, 0, week].some((shift) => a.start < b.end + shift && b.start + shift < a.end);
      if (overlaps)
        problems.push(`spans.${j}: ${describe(b.span)} overlaps ${describe(a.span)}; join them or move one`);
    }
  }
  return problems;
}

const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

function describe(span: OpeningSpan): string {
  return `${WEEKDAY_NAMES[span.weekday - 1]} ${minuteText(span.opens)}–${minuteText(span.closes)}`;
}

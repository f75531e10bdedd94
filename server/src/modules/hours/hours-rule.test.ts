import { spanProblems } from '@tablo/contract/hours';
import { type OpeningSpan, orderingStateAt, type WeekHours } from '@tablo/contract/hours-rule';
import { orderingClosedText } from '@tablo/contract/hours-texts';
import { intlWallClock } from '@tablo/contract/intl-wall-clock';
import { describe, expect, it } from 'vitest';
import { zonedWallClock } from './service.ts';

/**
 * The rule "is ordering open at t, and when does it next open" (issue 28, decision 074), in Budapest's zone,
 * through the server's zoned-time and through the browser's Intl: both must say the same at every instant.
 */
const ZONE = 'Europe/Budapest';
const CLOCKS = [
  ['zoned-time', zonedWallClock(ZONE)],
  ['Intl', intlWallClock(ZONE)],
] as const;

const hm = (text: string) => {
  const [h, m] = text.split(':').map(Number) as [number, number];
  return h * 60 + m;
};
const span = (weekday: number, opens: string, closes: string): OpeningSpan => ({
  weekday,
  opens: hm(opens),
  closes: hm(closes),
});

// 2026-03-27 is a Friday; the spring change is the night of Saturday 28 to Sunday 29 March (02:00 → 03:00),
// the autumn change the night of Saturday 24 to Sunday 25 October (03:00 → 02:00).
const WEEK: WeekHours = {
  spans: [
    span(1, '11:00', '22:00'),
    span(2, '11:00', '22:00'),
    span(3, '11:00', '22:00'),
    span(4, '11:00', '15:00'),
    span(4, '18:00', '22:00'),
    span(5, '18:00', '02:00'),
    span(6, '20:00', '03:30'),
    span(7, '12:00', '20:00'),
  ],
  closedDays: ['2026-04-06'],
};

describe.each(CLOCKS)('orderingStateAt through %s', (_name, clock) => {
  const at = (instant: string) => orderingStateAt(new Date(instant), WEEK, clock);

  it('is open up to 21:59:59 and closed from 22:00:00, telling the next opening', () => {
    expect(at('2026-03-23T21:59:59+01:00')).toEqual({
      open: true,
      until: new Date('2026-03-23T22:00:00+01:00'),
    });
    expect(at('2026-03-23T22:00:00+01:00')).toEqual({
      open: false,
      until: new Date('2026-03-24T11:00:00+01:00'),
    });
    // Between Thursday's two spans: the evening's opening.
    expect(at('2026-03-26T16:00:00+01:00')).toEqual({
      open: false,
      until: new Date('2026-03-26T18:00:00+01:00'),
    });
  });

  it('keeps a span over midnight open into the next day, as the day it opened', () => {
    // Friday 18:00–02:00: Saturday 01:59 still Friday's, 02:00 closed until Saturday 20:00.
    expect(at('2026-03-28T01:59:00+01:00').open).toBe(true);
    expect(at('2026-03-28T02:00:00+01:00')).toEqual({
      open: false,
      until: new Date('2026-03-28T20:00:00+01:00'),
    });
  });

  it('on the spring night (02:00 → 03:00) closes at 03:30 summer time, one hour fewer', () => {
    // Saturday 20:00 → Sunday 03:30: the night of 29 March is an hour short.
    expect(at('2026-03-29T00:59:00Z')).toEqual({ open: true, until: new Date('2026-03-29T03:30:00+02:00') });
    expect(at('2026-03-29T01:29:59Z').open).toBe(true);
    expect(at('2026-03-29T01:30:00Z')).toEqual({ open: false, until: new Date('2026-03-29T12:00:00+02:00') });
  });

  it('on the autumn night (03:00 → 02:00) stays open through the repeated hour until 03:30 winter time', () => {
    // Saturday 24 October 20:00 CEST → Sunday 03:30 CET: 8.5 wall hours, 9.5 real ones.
    expect(at('2026-10-25T00:30:00Z').open).toBe(true); // 02:30 CEST, first showing
    expect(at('2026-10-25T01:30:00Z').open).toBe(true); // 02:30 CET, second showing
    expect(at('2026-10-25T02:29:59Z').open).toBe(true); // 03:29:59 CET
    expect(at('2026-10-25T02:30:00Z')).toEqual({ open: false, until: new Date('2026-10-25T12:00:00+01:00') });
  });

  it('a closed day closes the spans that open on it, not the night before it', () => {
    // Monday 6 April is closed: Sunday's span ran its course; Monday's 11:00 does not open.
    expect(at('2026-04-06T12:00:00+02:00')).toEqual({
      open: false,
      until: new Date('2026-04-07T11:00:00+02:00'),
    });
    const closedSaturday = { ...WEEK, closedDays: ['2026-03-28'] };
    // Friday's span past midnight into the closed Saturday still runs; Saturday's evening does not open.
    expect(orderingStateAt(new Date('2026-03-28T01:00:00+01:00'), closedSaturday, clock).open).toBe(true);
    expect(orderingStateAt(new Date('2026-03-28T21:00:00+01:00'), closedSaturday, clock)).toEqual({
      open: false,
      until: new Date('2026-03-29T12:00:00+02:00'),
    });
  });

  it('no spans: always open; every day closed: no opening ahead', () => {
    expect(orderingStateAt(new Date(), { spans: [], closedDays: [] }, clock)).toEqual({
      open: true,
      until: null,
    });
    const days = Array.from({ length: 420 }, (_, i) =>
      new Date(Date.UTC(2026, 2, 20 + i)).toISOString().slice(0, 10),
    );
    expect(
      orderingStateAt(new Date('2026-03-23T23:00:00+01:00'), { spans: WEEK.spans, closedDays: days }, clock),
    ).toEqual({ open: false, until: null });
  });
});

describe('the Intl wall clock agrees with zoned-time', () => {
  it.each(['Europe/Budapest', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kolkata'])(
    'at every quarter hour of both change nights in %s',
    (zone) => {
      const zoned = zonedWallClock(zone);
      const intl = intlWallClock(zone);
      for (const date of [
        '2026-03-08',
        '2026-03-29',
        '2026-04-05',
        '2026-10-04',
        '2026-10-25',
        '2026-11-01',
      ]) {
        for (let minute = 0; minute < 1440; minute += 15) {
          expect(intl.instantAt(date, minute), `${date} ${minute}`).toEqual(zoned.instantAt(date, minute));
        }
        const start = zoned.instantAt(date, 0).getTime();
        for (let step = 0; step < 26 * 4; step += 1) {
          const instant = new Date(start + step * 15 * 60_000);
          expect(intl.wallTimeAt(instant)).toEqual(zoned.wallTimeAt(instant));
        }
      }
    },
  );
});

describe('spanProblems', () => {
  it('accepts a week whose spans only touch, Sunday night into Monday included', () => {
    expect(
      spanProblems([span(7, '20:00', '02:00'), span(1, '02:00', '10:00'), span(1, '10:00', '12:00')]),
    ).toEqual([]);
  });

  it('names a span that opens when it closes and spans that overlap, over midnight and over the week', () => {
    expect(spanProblems([span(1, '10:00', '10:00')])).toEqual([
      'spans.0: Monday 10:00–10:00 opens when it closes; a span lasts at least a minute',
    ]);
    expect(spanProblems([span(5, '18:00', '02:00'), span(6, '01:00', '09:00')])).toEqual([
      'spans.1: Saturday 01:00–09:00 overlaps Friday 18:00–02:00; join them or move one',
    ]);
    expect(spanProblems([span(1, '00:30', '03:00'), span(7, '22:00', '01:00')])).toEqual([
      'spans.1: Sunday 22:00–01:00 overlaps Monday 00:30–03:00; join them or move one',
    ]);
  });
});

describe('orderingClosedText', () => {
  const now = new Date('2026-03-23T22:00:01+01:00');
  it('says the time alone the same day, the weekday within a week, the date further off', () => {
    expect(orderingClosedText('en', new Date('2026-03-23T23:00:00+01:00'), now, ZONE)).toBe(
      'Ordering is closed now. It opens at 23:00.',
    );
    expect(orderingClosedText('en', new Date('2026-03-24T11:00:00+01:00'), now, ZONE)).toBe(
      'Ordering is closed now. It opens on Tuesday at 11:00.',
    );
    expect(orderingClosedText('en', new Date('2026-04-07T11:00:00+02:00'), now, ZONE)).toBe(
      'Ordering is closed now. It opens on April 7 at 11:00.',
    );
    expect(orderingClosedText('hu', null, now, ZONE)).toBe('Most nem lehet rendelni.');
  });
});

import { describe, expect, it } from 'vitest';
import { businessDayBounds, businessDayOf, instantAt, wallTimeAt } from './zoned-time.ts';

const BUDAPEST = 'Europe/Budapest';

describe('zoned time', () => {
  it('reads the wall clock of the restaurant, not the server', () => {
    expect(wallTimeAt(new Date('2026-11-27T21:00:01Z'), BUDAPEST)).toEqual({
      date: '2026-11-27',
      weekday: 5,
      minuteOfDay: 22 * 60,
    });
    expect(wallTimeAt(new Date('2026-11-29T23:30:00Z'), BUDAPEST)).toMatchObject({
      date: '2026-11-30',
      weekday: 1,
    });
    expect(wallTimeAt(new Date('2026-11-27T21:00:01Z'), 'America/New_York').minuteOfDay).toBe(16 * 60);
  });

  it('turns a wall time back into an instant across both daylight-saving changes', () => {
    // Summer time (UTC+2) and winter time (UTC+1).
    expect(instantAt('2026-07-01', 7 * 60, BUDAPEST).toISOString()).toBe('2026-07-01T05:00:00.000Z');
    expect(instantAt('2026-12-01', 7 * 60, BUDAPEST).toISOString()).toBe('2026-12-01T06:00:00.000Z');
    // 2026-03-29: 02:00 jumps to 03:00; 03:00 is one hour after 01:00.
    expect(instantAt('2026-03-29', 60, BUDAPEST).toISOString()).toBe('2026-03-29T00:00:00.000Z');
    expect(instantAt('2026-03-29', 3 * 60, BUDAPEST).toISOString()).toBe('2026-03-29T01:00:00.000Z');
    // 02:30 is never shown that night: it is read as the moment after the jump, 03:30.
    expect(instantAt('2026-03-29', 150, BUDAPEST).toISOString()).toBe('2026-03-29T01:30:00.000Z');
    // 2026-10-25: 03:00 falls back to 02:00, so 04:00 is four real hours after 01:00.
    expect(
      instantAt('2026-10-25', 4 * 60, BUDAPEST).getTime() - instantAt('2026-10-25', 60, BUDAPEST).getTime(),
    ).toBe(4 * 3600_000);
    // 02:30 is shown twice that night (CEST, then CET): read as its first showing, as the comment promises.
    expect(instantAt('2026-10-25', 150, BUDAPEST).toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(instantAt('2026-10-25', 120, BUDAPEST).toISOString()).toBe('2026-10-25T00:00:00.000Z');
    expect(instantAt('2026-10-25', 180, BUDAPEST).toISOString()).toBe('2026-10-25T02:00:00.000Z');
  });

  it('counts a night after midnight to the business day it began on', () => {
    expect(businessDayOf(new Date('2026-11-28T00:30:00Z'), BUDAPEST, 4)).toBe('2026-11-27'); // 01:30 local
    expect(businessDayOf(new Date('2026-11-28T03:00:00Z'), BUDAPEST, 4)).toBe('2026-11-28'); // 04:00 local
    expect(businessDayOf(new Date('2026-11-28T00:30:00Z'), BUDAPEST, 0)).toBe('2026-11-28');
  });

  it('gives a business day 23 or 25 hours on the nights the clocks change', () => {
    const hours = (day: string) => {
      const { start, end } = businessDayBounds(day, BUDAPEST, 4);
      return (end.getTime() - start.getTime()) / 3600_000;
    };
    expect(hours('2026-03-28')).toBe(23);
    expect(hours('2026-10-24')).toBe(25);
    expect(hours('2026-11-27')).toBe(24);
    expect(businessDayBounds('2026-11-27', BUDAPEST, 4).start.toISOString()).toBe('2026-11-27T03:00:00.000Z');
  });
});

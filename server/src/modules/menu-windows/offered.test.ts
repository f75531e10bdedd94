import type { MenuWindow } from '@tablo/contract/menu-windows';
import { describe, expect, it } from 'vitest';
import { isOfferedAt, nextBoundaryAfter } from './offered.ts';

const BUDAPEST = 'Europe/Budapest';
const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];
const breakfast: MenuWindow[] = [{ weekdays: EVERY_DAY, startMinute: 7 * 60, endMinute: 11 * 60 }];
const lunch: MenuWindow[] = [{ weekdays: [1, 2, 3, 4, 5], startMinute: 11 * 60 + 30, endMinute: 15 * 60 }];
const lateBar: MenuWindow[] = [{ weekdays: [5, 6], startMinute: 22 * 60, endMinute: 2 * 60 }];

const at = (iso: string) => new Date(iso);
const offered = (windows: MenuWindow[], iso: string) => isOfferedAt(windows, at(iso), BUDAPEST);
const next = (windows: MenuWindow[], iso: string) =>
  nextBoundaryAfter(windows, at(iso), BUDAPEST)?.toISOString();

describe('menu windows: offered at an instant, and the next boundary', () => {
  it('offers what has no windows always, and never names a boundary for it', () => {
    expect(offered([], '2026-11-27T03:00:00Z')).toBe(true);
    expect(next([], '2026-11-27T03:00:00Z')).toBeUndefined();
  });

  it('offers breakfast from 07:00 up to (not at) 11:00 on the restaurant clock', () => {
    // Winter: Budapest is UTC+1.
    expect(offered(breakfast, '2026-11-27T05:59:59Z')).toBe(false);
    expect(offered(breakfast, '2026-11-27T06:00:00Z')).toBe(true);
    expect(offered(breakfast, '2026-11-27T09:59:59Z')).toBe(true);
    expect(offered(breakfast, '2026-11-27T10:00:00Z')).toBe(false);
    expect(next(breakfast, '2026-11-27T08:00:00Z')).toBe('2026-11-27T10:00:00.000Z');
    // After 11:00 the next boundary is tomorrow's 07:00.
    expect(next(breakfast, '2026-11-27T10:00:00Z')).toBe('2026-11-28T06:00:00.000Z');
  });

  it('keeps a weekday lunch to Monday–Friday and finds Monday from Friday afternoon', () => {
    expect(offered(lunch, '2026-11-27T11:00:00Z')).toBe(true); // Friday 12:00
    expect(offered(lunch, '2026-11-28T11:00:00Z')).toBe(false); // Saturday 12:00
    expect(next(lunch, '2026-11-27T15:00:00Z')).toBe('2026-11-30T10:30:00.000Z'); // Monday 11:30
  });

  it('runs a window over midnight into the next day, named by the day it starts', () => {
    // Friday 22:00 – Saturday 02:00, Saturday 22:00 – Sunday 02:00.
    expect(offered(lateBar, '2026-11-27T20:59:00Z')).toBe(false); // Fri 21:59
    expect(offered(lateBar, '2026-11-27T21:00:00Z')).toBe(true); // Fri 22:00
    expect(offered(lateBar, '2026-11-27T23:30:00Z')).toBe(true); // Sat 00:30
    expect(offered(lateBar, '2026-11-28T01:00:00Z')).toBe(false); // Sat 02:00
    expect(offered(lateBar, '2026-11-29T00:30:00Z')).toBe(true); // Sun 01:30 (Saturday's window)
    expect(offered(lateBar, '2026-11-29T23:30:00Z')).toBe(false); // Mon 00:30: Sunday has no window
    expect(next(lateBar, '2026-11-27T22:00:00Z')).toBe('2026-11-28T01:00:00.000Z');
    expect(next(lateBar, '2026-11-29T02:00:00Z')).toBe('2026-12-04T21:00:00.000Z'); // next Friday 22:00
  });

  it('follows the spring change: a 01:00–04:00 window lasts two real hours on 2026-03-29', () => {
    const night: MenuWindow[] = [{ weekdays: EVERY_DAY, startMinute: 60, endMinute: 4 * 60 }];
    expect(next(night, '2026-03-28T23:30:00Z')).toBe('2026-03-29T00:00:00.000Z'); // 01:00 CET
    expect(next(night, '2026-03-29T00:00:00Z')).toBe('2026-03-29T02:00:00.000Z'); // 04:00 CEST
    expect(offered(night, '2026-03-29T01:30:00Z')).toBe(true); // 03:30 CEST
    expect(offered(night, '2026-03-29T02:00:00Z')).toBe(false);
    // Breakfast that day opens at 07:00 summer time, 05:00 UTC.
    expect(next(breakfast, '2026-03-29T02:00:00Z')).toBe('2026-03-29T05:00:00.000Z');
    // A window starting in the skipped hour (02:30) opens at the jump's far side, 03:30.
    const skipped: MenuWindow[] = [{ weekdays: [7], startMinute: 150, endMinute: 5 * 60 }];
    expect(next(skipped, '2026-03-29T00:30:00Z')).toBe('2026-03-29T01:30:00.000Z');
  });

  it('follows the autumn change: 01:00–04:00 lasts four real hours, and a window never reopens', () => {
    const night: MenuWindow[] = [{ weekdays: EVERY_DAY, startMinute: 60, endMinute: 4 * 60 }];
    expect(next(night, '2026-10-24T22:30:00Z')).toBe('2026-10-24T23:00:00.000Z'); // 01:00 CEST
    expect(next(night, '2026-10-24T23:00:00Z')).toBe('2026-10-25T03:00:00.000Z'); // 04:00 CET
    expect(offered(night, '2026-10-25T01:30:00Z')).toBe(true); // the second 02:30
    // An end inside the repeated hour is its first showing (zoned-time's instantAt): the window closes then,
    // and does not reopen when the wall clock goes back to 02:00.
    const early: MenuWindow[] = [{ weekdays: EVERY_DAY, startMinute: 60, endMinute: 150 }];
    const end = nextBoundaryAfter(early, at('2026-10-24T23:00:00Z'), BUDAPEST) as Date;
    expect(end.toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(offered(early, '2026-10-25T00:15:00Z')).toBe(true); // the first 02:15
    expect(offered(early, '2026-10-25T00:30:00Z')).toBe(false); // the first 02:30
    expect(offered(early, '2026-10-25T01:15:00Z')).toBe(false); // the second 02:15
    expect(next(breakfast, '2026-10-25T03:00:00Z')).toBe('2026-10-25T06:00:00.000Z'); // 07:00 CET
  });
});

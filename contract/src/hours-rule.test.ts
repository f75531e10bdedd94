import { describe, expect, it } from 'vitest';
import { addDays, minuteText } from './hours-rule.ts';

describe('the calendar and clock texts the hours, windows and figures share', () => {
  it('moves dates over month and year ends, and back over a leap day', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2026-03-29', 0)).toBe('2026-03-29');
  });

  it('writes a minute of the day as HH:MM', () => {
    expect([0, 59, 60, 7 * 60 + 5, 23 * 60 + 59].map(minuteText)).toEqual([
      '00:00',
      '00:59',
      '01:00',
      '07:05',
      '23:59',
    ]);
  });
});

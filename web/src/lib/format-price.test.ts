import { LANGUAGES } from '@tablo/contract/language-list';
import { describe, expect, it } from 'vitest';
import { formatPrice } from './format-price.ts';

describe('formatPrice', () => {
  it('formats forints for Hungarian with a non-breaking space before Ft', () => {
    expect(formatPrice(2490, 'hu')).toBe('2\u00a0490\u00a0Ft');
    expect(formatPrice(890, 'hu')).toBe('890\u00a0Ft');
  });

  it('uses the language’s own grouping', () => {
    expect(formatPrice(12490, 'en')).toBe('12,490\u00a0Ft');
    expect(formatPrice(12490, 'de')).toBe('12.490\u00a0Ft');
  });

  it.each(LANGUAGES)('writes $label amounts exactly as Intl.NumberFormat does', ({ code, bcp47 }) => {
    const intl = new Intl.NumberFormat(bcp47, { maximumFractionDigits: 0, useGrouping: 'always' });
    for (const amount of [0, 5, 890, 2490, 12490, 100000, 1234567, 2.5, 1499.5, -2490, -3.5]) {
      expect(formatPrice(amount, code), `${amount}`).toBe(`${intl.format(amount)}\u00a0Ft`);
    }
  });

  it('shows no minus before a zero (Intl would write "-0")', () => {
    expect(formatPrice(-0.4, 'hu')).toBe('0\u00a0Ft');
  });
});

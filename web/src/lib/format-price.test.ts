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

  it('maps the specification’s cz and si codes to BCP 47 tags', () => {
    expect(formatPrice(2490, 'cz')).toBe(
      `${new Intl.NumberFormat('cs', { useGrouping: 'always' }).format(2490)}\u00a0Ft`,
    );
    expect(formatPrice(12490, 'si')).toBe('12.490\u00a0Ft');
  });
});

import { describe, expect, it } from 'vitest';
import { negotiateEncoding } from './encoding.ts';

describe('negotiateEncoding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['*', 'br'],
    ['*;q=0, identity', 'identity'],
    ['deflate', 'identity'],
    ['GZIP;Q=1', 'gzip'],
  ])('%s → %s', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });
});

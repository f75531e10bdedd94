import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountOfShares, nextShareAmount, shareAmounts } from './split-math.ts';

describe('equal shares', () => {
  it('gives the first A mod N shares one more', () => {
    expect(shareAmounts(10_000, 3)).toEqual([3334, 3333, 3333]);
    expect(shareAmounts(9, 4)).toEqual([3, 2, 2, 2]);
    expect(shareAmounts(0, 2)).toEqual([0, 0]);
  });

  it('always adds up exactly and differs by at most 1', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 2, max: 20 }), (a, n) => {
        const shares = shareAmounts(a, n);
        expect(shares.reduce((s, x) => s + x, 0)).toBe(a);
        expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('buys k of the open shares; the last purchase takes what is left', () => {
    expect(amountOfShares(10_000, 3, 1)).toBe(3334);
    expect(amountOfShares(10_000, 3, 2)).toBe(6667);
    expect(amountOfShares(6666, 2, 2)).toBe(6666);
    expect(nextShareAmount(6666, 2)).toBe(3333);
    expect(nextShareAmount(0, 0)).toBe(0);
  });

  it('adds up to the split amount whatever the order of purchases and failures', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 2, max: 20 }),
        fc.array(fc.tuple(fc.integer({ min: 1, max: 20 }), fc.boolean()), { maxLength: 40 }),
        (amount, shares, attempts) => {
          let openAmount = amount;
          let openShares = shares;
          let paid = 0;
          for (const [wanted, succeeds] of attempts) {
            if (openShares === 0) break;
            const count = Math.min(wanted, openShares);
            const cost = amountOfShares(openAmount, openShares, count);
            expect(cost).toBeGreaterThanOrEqual(0);
            // Never more than one Ft per share away from an exact share of what was open.
            expect(Math.abs(cost - (openAmount * count) / openShares)).toBeLessThanOrEqual(count);
            if (succeeds) {
              openAmount -= cost;
              openShares -= count;
              paid += cost;
            }
          }
          if (openShares > 0) paid += amountOfShares(openAmount, openShares, openShares);
          expect(paid).toBe(amount);
        },
      ),
    );
  });

  it('refuses counts outside the open shares', () => {
    expect(() => amountOfShares(100, 2, 3)).toThrow(RangeError);
    expect(() => amountOfShares(100, 2, 0)).toThrow(RangeError);
    expect(() => shareAmounts(-1, 2)).toThrow(RangeError);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cumulativeGross,
  grossByRate,
  mergeVatLines,
  shareVatLines,
  vatLines,
  vatOfGross,
} from './receipt-vat.ts';
import { amountOfShares } from './split-math.ts';

describe('VAT from gross (Hungarian receipts)', () => {
  it('rounds gross × r / (100 + r) half up', () => {
    expect(vatOfGross(1270, 27)).toBe(270);
    expect(vatOfGross(1050, 5)).toBe(50);
    expect(vatOfGross(2490, 5)).toBe(119); // 118.57
    expect(vatOfGross(1800, 27)).toBe(383); // 382.68
    expect(vatOfGross(21, 5)).toBe(1); // 1.0 exactly
    expect(vatOfGross(10, 5)).toBe(0); // 0.476
    expect(vatOfGross(0, 27)).toBe(0);
    expect(vatOfGross(1000, 0)).toBe(0);
  });

  it('sums gross per rate, lowest rate first, net = gross − vat', () => {
    const lines = vatLines(
      grossByRate([
        { vatPercent: 27, amount: 3600 },
        { vatPercent: 5, amount: 2490 },
        { vatPercent: 5, amount: 4980 },
      ]),
    );
    expect(lines).toEqual([
      { vatPercent: 5, gross: 7470, vat: 356, net: 7114 },
      { vatPercent: 27, gross: 3600, vat: 765, net: 2835 },
    ]);
  });

  it('allocates a split to rates so the cumulative parts add up to what was paid', () => {
    const split = grossByRate([
      { vatPercent: 5, amount: 7000 },
      { vatPercent: 27, amount: 3000 },
    ]);
    expect(cumulativeGross(split, 10_000, 5000)).toEqual(
      new Map([
        [5, 3500],
        [27, 1500],
      ]),
    );
    expect(cumulativeGross(split, 10_000, 10_000)).toEqual(split);
    expect(cumulativeGross(new Map([[5, 0]]), 0, 0)).toEqual(new Map([[5, 0]]));
  });

  it("makes the shares' VAT lines add up to the split's own, each share's gross to its amount", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(5, 18, 27), fc.integer({ min: 1, max: 8_000 })), {
          minLength: 1,
          maxLength: 8,
        }),
        fc.integer({ min: 2, max: 20 }),
        (lines, shares) => {
          const split = grossByRate(lines.map(([vatPercent, amount]) => ({ vatPercent, amount })));
          const amount = [...split.values()].reduce((s, x) => s + x, 0);
          const perShare: ReturnType<typeof shareVatLines>[] = [];
          let paid = 0;
          for (let open = shares; open > 0; open--) {
            const cost = amountOfShares(amount - paid, open, 1);
            const lines = shareVatLines(split, amount, paid, paid + cost);
            expect(lines.reduce((s, l) => s + l.gross, 0)).toBe(cost);
            for (const line of lines) {
              expect(line.gross).toBeGreaterThanOrEqual(0);
              expect(line.net).toBeGreaterThanOrEqual(0);
            }
            perShare.push(lines);
            paid += cost;
          }
          expect(mergeVatLines(...perShare)).toEqual(vatLines(split).filter((line) => line.gross > 0));
        },
      ),
    );
  });

  it('merges the lines of one rate and drops empty ones', () => {
    expect(
      mergeVatLines(
        [{ vatPercent: 27, gross: 1270, net: 1000, vat: 270 }],
        [
          { vatPercent: 27, gross: 127, net: 100, vat: 27 },
          { vatPercent: 5, gross: 0, net: 0, vat: 0 },
        ],
      ),
    ).toEqual([{ vatPercent: 27, gross: 1397, net: 1100, vat: 297 }]);
  });
});

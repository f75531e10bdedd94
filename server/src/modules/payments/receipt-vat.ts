/**
 * VAT on receipts the way Hungarian receipts compute it: from gross prices, per rate,
 * `vat = round(gross × r / (100 + r))`, net = gross − vat (docs/decisions/019-payments.md). The tip is
 * never part of it.
 */
export interface VatLine {
  vatPercent: number;
  gross: number;
  net: number;
  vat: number;
}

/** Rates have at most two decimals (numeric(5,2)): computed in hundredths, in integers, half up. */
export function vatOfGross(gross: number, vatPercent: number): number {
  const r = Math.round(vatPercent * 100);
  const denominator = 10_000 + r;
  return Math.floor((2 * gross * r + denominator) / (2 * denominator));
}

/** Gross amounts per rate, lowest rate first. */
export type GrossByRate = Map<number, number>;

export function grossByRate(lines: readonly { vatPercent: number; amount: number }[]): GrossByRate {
  const byRate: GrossByRate = new Map();
  for (const line of lines) byRate.set(line.vatPercent, (byRate.get(line.vatPercent) ?? 0) + line.amount);
  return new Map([...byRate.entries()].sort(([a], [b]) => a - b));
}

/** One line per rate of an item payment. */
export function vatLines(byRate: GrossByRate): VatLine[] {
  return [...byRate.entries()]
    .sort(([a], [b]) => a - b)
    .map(([vatPercent, gross]) => {
      const vat = vatOfGross(gross, vatPercent);
      return { vatPercent, gross, net: gross - vat, vat };
    });
}

/**
 * How much of each rate the first `paid` forints of a split cover. The split's forints are handed to the
 * rates one by one, each to the rate with the highest G / (2s + 1) (G its gross, s what it has so far —
 * Sainte-Laguë, the lower rate on a tie): every prefix is as proportional as whole forints allow, each
 * rate's part only grows as more is paid (no share ever gets a negative line), the parts add up to `paid`,
 * and at `paid` = the whole split they are the split's gross per rate exactly.
 */
export function cumulativeGross(split: GrossByRate, splitAmount: number, paid: number): GrossByRate {
  const rates = [...split.keys()].sort((a, b) => a - b);
  const gross = rates.map((rate) => split.get(rate) ?? 0);
  const seats = rates.map(() => 0);
  const limit = Math.min(paid, splitAmount);
  for (let n = 0; n < limit; n++) {
    let best = -1;
    for (let i = 0; i < rates.length; i++) {
      if ((seats[i] as number) >= (gross[i] as number)) continue;
      if (
        best < 0 ||
        (gross[i] as number) * (2 * (seats[best] as number) + 1) >
          (gross[best] as number) * (2 * (seats[i] as number) + 1)
      ) {
        best = i;
      }
    }
    if (best < 0) break;
    seats[best] = (seats[best] as number) + 1;
  }
  return new Map(rates.map((rate, i) => [rate, seats[i] as number]));
}

/**
 * The VAT lines of a share payment that covers the split's forints from `from` to `to` (the shares paid
 * before it, in the order they were paid, come first). Gross and VAT are differences of cumulative
 * figures, so the shares' lines add up to the split's own lines exactly.
 */
export function shareVatLines(split: GrossByRate, splitAmount: number, from: number, to: number): VatLine[] {
  const before = cumulativeGross(split, splitAmount, from);
  const after = cumulativeGross(split, splitAmount, to);
  return [...after.entries()].map(([vatPercent, grossTo]) => {
    const grossFrom = before.get(vatPercent) ?? 0;
    const gross = grossTo - grossFrom;
    const vat = vatOfGross(grossTo, vatPercent) - vatOfGross(grossFrom, vatPercent);
    return { vatPercent, gross, net: gross - vat, vat };
  });
}

/** Adds VAT lines of the same rate (an item part and a share part of one payment). */
export function mergeVatLines(...parts: VatLine[][]): VatLine[] {
  const byRate = new Map<number, VatLine>();
  for (const line of parts.flat()) {
    const seen = byRate.get(line.vatPercent);
    byRate.set(
      line.vatPercent,
      seen
        ? {
            vatPercent: line.vatPercent,
            gross: seen.gross + line.gross,
            net: seen.net + line.net,
            vat: seen.vat + line.vat,
          }
        : { ...line },
    );
  }
  return [...byRate.values()].filter((line) => line.gross > 0).sort((a, b) => a.vatPercent - b.vatPercent);
}

/**
 * Equal shares in exact integers (docs/decisions/019-payments.md): an amount A in N shares is the first
 * `A mod N` shares of `⌊A/N⌋ + 1` and the others of `⌊A/N⌋`, so the N shares add up to A exactly.
 *
 * A split's shares are bought in any order and some purchases fail, so the amount of `count` shares is
 * always taken from what is still open: the open amount divided by the open shares by the same rule.
 * The last purchase takes exactly what is left, so the shares bought add up to A whatever happened.
 */

/** The N shares of `amount`, largest first. */
export function shareAmounts(amount: number, shares: number): number[] {
  checkWhole(amount, shares);
  const base = Math.floor(amount / shares);
  const larger = amount % shares;
  return Array.from({ length: shares }, (_, i) => base + (i < larger ? 1 : 0));
}

/** What `count` of the `openShares` still open cost, when `openAmount` is what they add up to. */
export function amountOfShares(openAmount: number, openShares: number, count: number): number {
  checkWhole(openAmount, openShares);
  if (!Number.isInteger(count) || count < 1 || count > openShares) {
    throw new RangeError(`count must be 1…${openShares}, not ${count}`);
  }
  if (count === openShares) return openAmount;
  const base = Math.floor(openAmount / openShares);
  return base * count + Math.min(count, openAmount % openShares);
}

/** The amount of the next share to buy (0 when none is open). */
export function nextShareAmount(openAmount: number, openShares: number): number {
  return openShares === 0 ? 0 : amountOfShares(openAmount, openShares, 1);
}

function checkWhole(amount: number, shares: number): void {
  if (!Number.isInteger(amount) || amount < 0)
    throw new RangeError(`amount must be a whole ≥ 0, not ${amount}`);
  if (!Number.isInteger(shares) || shares < 1)
    throw new RangeError(`shares must be a whole ≥ 1, not ${shares}`);
}

import {
  type BillSplit,
  MAX_TIP,
  type PayableLine,
  type PayableResponse,
  type PaymentSelection,
} from '@tablo/contract/payment';

/** Units picked per order line (orderItemId → quantity). */
export type Picked = Readonly<Record<number, number>>;

/** What the diner pays for (decision 019): hand-picked units, k of N equal shares, or what is left. */
export type PaymentChoice =
  | { kind: 'items'; picked: Picked }
  | { kind: 'shares'; shares: number; count: number }
  | { kind: 'rest' };

function freeUnits(lines: readonly PayableLine[], keep: (line: PayableLine) => boolean): Picked {
  const picked: Record<number, number> = {};
  for (const line of lines)
    if (keep(line) && line.freeQuantity > 0) picked[line.orderItemId] = line.freeQuantity;
  return picked;
}

/** "Pay separately": every free unit of the lines this diner ordered. */
export function myItems(lines: readonly PayableLine[]): Picked {
  return freeUnits(lines, (line) => line.isMine);
}

/** "Pay together": every free unit at the table. */
export function everything(lines: readonly PayableLine[]): Picked {
  return freeUnits(lines, () => true);
}

/**
 * The picked units that can still be paid: lines gone from the list are dropped and a line is cut to its free
 * units (someone else started paying part of it since it was marked), so the screen never offers more.
 */
export function clampPicked(lines: readonly PayableLine[], picked: Picked): Picked {
  const result: Record<number, number> = {};
  for (const line of lines) {
    const quantity = Math.min(picked[line.orderItemId] ?? 0, line.freeQuantity);
    if (quantity > 0) result[line.orderItemId] = quantity;
  }
  return result;
}

export function pickedAmount(lines: readonly PayableLine[], picked: Picked): number {
  return lines.reduce((sum, line) => sum + (picked[line.orderItemId] ?? 0) * line.unitPrice, 0);
}

/** Share `index` (0-based) of `amount` divided in `shares`: the first `amount mod shares` get the extra forint. */
export function shareAmount(amount: number, shares: number, index: number): number {
  const base = Math.floor(amount / shares);
  return index < amount % shares ? base + 1 : base;
}

/** `count` consecutive shares starting at share `from`. */
export function sharesAmount(amount: number, shares: number, from: number, count: number): number {
  let sum = 0;
  for (let index = from; index < Math.min(from + count, shares); index++)
    sum += shareAmount(amount, shares, index);
  return sum;
}

/** Shares of an open split nobody has paid or is paying. */
export function openShares(split: BillSplit): number {
  return Math.max(0, split.shares - split.paidShares - split.reservedShares);
}

/**
 * The shares a payment of k shares would buy: of the open split (its N is fixed, the next shares in order),
 * or of a new split of what is free now ("divide equally" claims every free unit, decision 019).
 */
export function sharePlan(payable: PayableResponse, shares: number, count: number) {
  const split = payable.split;
  if (split) {
    const from = split.paidShares + split.reservedShares;
    const amount = sharesAmount(split.amount, split.shares, from, count);
    return { shares: split.shares, count, amount, perShare: shareAmount(split.amount, split.shares, from) };
  }
  return {
    shares,
    count,
    amount: sharesAmount(payable.leftAmount, shares, 0, count),
    perShare: shareAmount(payable.leftAmount, shares, 0),
  };
}

/** The amount (without tip) the choice pays now; what the Pay button sends as `expectedAmount`. */
export function choiceAmount(payable: PayableResponse, choice: PaymentChoice): number {
  switch (choice.kind) {
    case 'items':
      return pickedAmount(payable.lines, clampPicked(payable.lines, choice.picked));
    case 'shares':
      return sharePlan(payable, choice.shares, choice.count).amount;
    case 'rest':
      return payable.leftAmount;
  }
}

/** The request's selection, or null when the choice pays nothing. */
export function choiceSelection(payable: PayableResponse, choice: PaymentChoice): PaymentSelection | null {
  if (choiceAmount(payable, choice) === 0 && choice.kind !== 'items') return null;
  switch (choice.kind) {
    case 'items': {
      const picked = clampPicked(payable.lines, choice.picked);
      const items = Object.entries(picked).map(([id, quantity]) => ({ orderItemId: Number(id), quantity }));
      return items.length === 0 ? null : { kind: 'items', items };
    }
    case 'shares': {
      const plan = sharePlan(payable, choice.shares, choice.count);
      return { kind: 'shares', shares: plan.shares, count: plan.count };
    }
    case 'rest':
      return { kind: 'rest' };
  }
}

/** A percentage tip in whole forints (half a forint rounds up). */
export function tipForPercent(amount: number, percent: number): number {
  return Math.round((amount * percent) / 100);
}

export type CustomTip = { ok: true; tip: number } | { ok: false; error: 'format' | 'too_large' };

/** A custom tip as typed: whole forints (spaces as thousands separators allowed), 0 … MAX_TIP. */
export function parseCustomTip(text: string): CustomTip {
  const digits = text.replace(/[\s\u00a0\u202f]/g, '');
  if (digits === '') return { ok: true, tip: 0 };
  if (!/^\d+$/.test(digits)) return { ok: false, error: 'format' };
  const tip = Number(digits);
  return tip > MAX_TIP ? { ok: false, error: 'too_large' } : { ok: true, tip };
}

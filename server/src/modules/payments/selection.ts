import type { BillSplit, PayableLine, PaymentSelection } from '@tablo/contract/payment';
import { HttpError } from '../../lib/http-error.ts';
import { freeOf, type LineState } from '../visits/lines.ts';
import { amountOfShares, nextShareAmount } from './split-math.ts';
import { openSharesOf, type SplitState } from './splits.ts';

/** What a selection buys, computed from the visit's lines under the visit lock (docs/decisions/019). */
export interface PaymentPlan {
  items: { orderItemId: number; quantity: number; amount: number }[];
  shareCount: number;
  shareAmount: number;
  /** Set when the selection starts the visit's equal split. */
  newSplit: { shares: number; amount: number; claims: { orderItemId: number; quantity: number }[] } | null;
  amount: number;
}

export const SELECTION_TEXTS = {
  notPayable: (id: number) => `Item ${id} is not a payable item of your table`,
  listedTwice: (id: number) => `Item ${id} is listed twice`,
  moreThanLeft: (id: number, left: number) => `Only ${left} of item ${id} are left to pay`,
  reserved: (id: number, free: number) =>
    `Someone else is paying item ${id} right now: ${free} can be selected`,
  splitDiffers: (shares: number) => `The bill is already divided into ${shares} equal shares`,
  sharesLeft: (open: number) => `Only ${open} of the equal shares can be paid now`,
  countAboveShares: 'You cannot pay more shares than the bill is divided into',
  nothingToDivide: 'Nothing is left to divide',
  nothingLeft: 'Nothing is left to pay',
} as const;

function itemsPlan(
  lines: LineState[],
  wanted: { orderItemId: number; quantity: number }[],
): PaymentPlan['items'] {
  const byId = new Map(lines.map((line) => [line.orderItemId, line]));
  const seen = new Set<number>();
  return wanted.map(({ orderItemId, quantity }) => {
    const line = byId.get(orderItemId);
    if (!line) throw new HttpError(422, SELECTION_TEXTS.notPayable(orderItemId));
    if (seen.has(orderItemId)) throw new HttpError(422, SELECTION_TEXTS.listedTwice(orderItemId));
    seen.add(orderItemId);
    const unpaid = line.quantity - line.paidQuantity;
    if (quantity > unpaid) throw new HttpError(422, SELECTION_TEXTS.moreThanLeft(orderItemId, unpaid));
    const free = freeOf(line);
    if (quantity > free) throw new HttpError(409, SELECTION_TEXTS.reserved(orderItemId, free));
    return { orderItemId, quantity, amount: quantity * line.unitPrice };
  });
}

function freeItems(lines: LineState[]): PaymentPlan['items'] {
  return lines
    .filter((line) => freeOf(line) > 0)
    .map((line) => ({
      orderItemId: line.orderItemId,
      quantity: freeOf(line),
      amount: freeOf(line) * line.unitPrice,
    }));
}

function sum(items: PaymentPlan['items']): number {
  return items.reduce((total, item) => total + item.amount, 0);
}

export function planPayment(
  lines: LineState[],
  split: SplitState | null,
  selection: PaymentSelection,
): PaymentPlan {
  switch (selection.kind) {
    case 'items': {
      const items = itemsPlan(lines, selection.items);
      return { items, shareCount: 0, shareAmount: 0, newSplit: null, amount: sum(items) };
    }
    case 'shares': {
      if (selection.count > selection.shares) throw new HttpError(422, SELECTION_TEXTS.countAboveShares);
      if (split) {
        if (split.shares !== selection.shares)
          throw new HttpError(409, SELECTION_TEXTS.splitDiffers(split.shares));
        const open = openSharesOf(split);
        if (selection.count > open.shares) throw new HttpError(409, SELECTION_TEXTS.sharesLeft(open.shares));
        const shareAmount = amountOfShares(open.amount, open.shares, selection.count);
        return { items: [], shareCount: selection.count, shareAmount, newSplit: null, amount: shareAmount };
      }
      const claims = freeItems(lines);
      const amount = sum(claims);
      if (claims.length === 0 || amount === 0) throw new HttpError(409, SELECTION_TEXTS.nothingToDivide);
      const shareAmount = amountOfShares(amount, selection.shares, selection.count);
      return {
        items: [],
        shareCount: selection.count,
        shareAmount,
        newSplit: {
          shares: selection.shares,
          amount,
          claims: claims.map(({ orderItemId, quantity }) => ({ orderItemId, quantity })),
        },
        amount: shareAmount,
      };
    }
    case 'rest': {
      const items = freeItems(lines);
      const open = split ? openSharesOf(split) : { shares: 0, amount: 0 };
      if (items.length === 0 && open.shares === 0) throw new HttpError(409, SELECTION_TEXTS.nothingLeft);
      return {
        items,
        shareCount: open.shares,
        shareAmount: open.amount,
        newSplit: null,
        amount: sum(items) + open.amount,
      };
    }
  }
}

/** The summary's lines as a reading session sees them. */
export function payableLines(lines: LineState[], readerSessionId: string): PayableLine[] {
  return lines.map((line) => ({
    orderItemId: line.orderItemId,
    orderId: line.orderId,
    menuItemId: line.menuItemId,
    titles: line.titles,
    unitPrice: line.unitPrice,
    vatPercent: line.vatPercent,
    quantity: line.quantity,
    paidQuantity: line.paidQuantity,
    reservedQuantity: line.pendingQuantity + line.claimedQuantity,
    freeQuantity: freeOf(line),
    isMine: line.sessionId === readerSessionId,
    choices: line.choices,
  }));
}

export function billSplitOf(split: SplitState | null): BillSplit | null {
  if (!split) return null;
  const open = openSharesOf(split);
  return {
    id: split.id,
    shares: split.shares,
    amount: split.amount,
    paidShares: split.paidShares,
    reservedShares: split.reservedShares,
    nextShareAmount: nextShareAmount(open.amount, open.shares),
  };
}

/** Everything unpaid (free + reserved) and what "pay what is left" would pay now. */
export function amountsOf(
  lines: LineState[],
  split: SplitState | null,
): { unpaidAmount: number; leftAmount: number } {
  let unpaidAmount = split ? split.amount - split.paidAmount : 0;
  let leftAmount = split ? openSharesOf(split).amount : 0;
  for (const line of lines) {
    unpaidAmount += (line.quantity - line.paidQuantity - line.claimedQuantity) * line.unitPrice;
    leftAmount += freeOf(line) * line.unitPrice;
  }
  return { unpaidAmount, leftAmount };
}

import type { Receipt } from '@tablo/contract/payment';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { restaurant } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { grossByRate, mergeVatLines, shareVatLines, vatLines } from './receipt-vat.ts';
import { succeededRefundsOf } from './refund-repository.ts';
import { PAYMENT_TEXTS, readablePayment } from './service.ts';
import { splitLines, splitOf, succeededShareParts } from './splits.ts';

/**
 * GET /api/payments/:id/receipt — only for a SUCCEEDED payment. The items' VAT per rate from gross; a
 * share payment's VAT is its part of the split's, by the forints of the split it covered in the order the
 * shares were paid (receipt-vat.ts), so the shares' receipts add up to the split's VAT exactly.
 */
export async function readReceipt(
  database: Database,
  header: string | undefined,
  paymentId: string,
): Promise<Receipt> {
  const { db } = database;
  const { stored } = await readablePayment(db, header, paymentId);
  if (stored.status !== 'SUCCEEDED' || !stored.paidAt)
    throw new HttpError(409, PAYMENT_TEXTS.receiptNotReady);
  // A receipt is read rarely: one more round trip keeps the payment reads untouched.
  const { address, taxNumber, timeZone } = await receiptSettings(database, stored.restaurantId);
  const itemLines = vatLines(grossByRate(stored.items));
  let shares: Receipt['shares'] = null;
  let shareLines: ReturnType<typeof vatLines> = [];
  if (stored.splitId !== null && stored.shareCount > 0) {
    const [split, lines, parts] = await Promise.all([
      splitOf(db, stored.splitId),
      splitLines(db, stored.splitId),
      succeededShareParts(db, stored.splitId),
    ]);
    if (!split) throw new Error(`split ${stored.splitId} vanished`);
    const splitItems = lines.map((line) => ({ ...line, amount: line.quantity * line.unitPrice }));
    const before = parts.slice(
      0,
      parts.findIndex((part) => part.id === stored.id),
    );
    const from = before.reduce((sum, part) => sum + part.shareAmount, 0);
    shareLines = shareVatLines(grossByRate(splitItems), split.amount, from, from + stored.shareAmount);
    shares = { count: stored.shareCount, of: split.shares, splitAmount: split.amount, splitItems };
  }
  return {
    paymentId: stored.id,
    receiptNumber: receiptNumber(stored.id, stored.paidAt, timeZone),
    restaurantName: stored.restaurantName,
    restaurantAddress: address,
    taxNumber,
    timeZone,
    tableNumber: stored.tableNumber,
    paidAt: stored.paidAt.toISOString(),
    method: stored.method,
    currency: stored.currency,
    items: stored.items,
    shares,
    vatLines: mergeVatLines(itemLines, shareLines),
    tip: stored.tip,
    amount: stored.amount,
    total: stored.amount + stored.tip,
    refunds: (await succeededRefundsOf(db, stored.id)).map((refund) => ({
      amount: refund.amount,
      reason: refund.reason,
      refundedAt: refund.refundedAt.toISOString(),
    })),
  };
}

async function receiptSettings(database: Database, restaurantId: number) {
  const [row] = await database.db
    .select({ address: restaurant.address, taxNumber: restaurant.taxNumber, timeZone: restaurant.timeZone })
    .from(restaurant)
    .where(eq(restaurant.id, restaurantId));
  if (!row) throw new Error(`restaurant ${restaurantId} vanished`);
  return row;
}

/**
 * The number a diner or the restaurant quotes for a receipt: the paying day on the restaurant's clock and
 * the payment's first 8 hex digits ("20261127-0B5E4A52"). Derived, never stored: a receipt never changes,
 * and one day's payments of one restaurant do not share 32 random bits in practice.
 */
export function receiptNumber(paymentId: string, paidAt: Date, timeZone: string): string {
  const day = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  })
    .format(paidAt)
    .replaceAll('-', '');
  return `${day}-${paymentId.replaceAll('-', '').slice(0, 8).toUpperCase()}`;
}

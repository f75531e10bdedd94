// After a rush (rush-load.ts): what was acknowledged against what is stored. An order answered 201 but
// not stored is lost; a (session, key) stored twice, or one id acknowledged twice, is a duplicate; an
// accepted order must be stored as accepted; a confirmed payment must have succeeded, no unit may be paid
// twice and the paid units must add up to the succeeded payments.

import type { Db } from '../../src/db/database.ts';
import { orderItem, orders, payment } from '../../src/db/schema.ts';
import type { RushTally } from './rush-load.ts';

export interface RushCheck {
  acknowledged: number;
  stored: number;
  lost: number;
  duplicated: number;
  /** Stored without a 201 (a request that timed out after its commit): neither lost nor a duplicate. */
  storedUnacknowledged: number;
  acceptedNotStoredAsAccepted: number;
  paid: number;
  paidNotSucceeded: number;
  /** Succeeded payments neither confirmed nor among the unanswered confirmations. */
  unexplainedSucceeded: number;
  overpaidLines: number;
  paidUnitsAmount: number;
  succeededAmount: number;
}

export async function checkRush(db: Db, tally: RushTally): Promise<RushCheck> {
  const storedOrders = await db
    .select({ id: orders.id, sessionId: orders.sessionId, key: orders.idempotencyKey, status: orders.status })
    .from(orders);
  const lines = await db
    .select({ quantity: orderItem.quantity, paid: orderItem.paidQuantity, unitPrice: orderItem.unitPrice })
    .from(orderItem);
  const payments = await db
    .select({ id: payment.id, status: payment.status, amount: payment.amount })
    .from(payment);

  const byId = new Map(storedOrders.map((row) => [row.id, row]));
  const storedKeys = new Set(storedOrders.map((row) => `${row.sessionId}|${row.key}`));
  const acknowledgedIds = new Set(tally.orders.map((order) => order.id));
  const lost = tally.orders.filter((order) => {
    const row = byId.get(order.id);
    return !row || row.sessionId !== order.sessionId || row.key !== order.key;
  }).length;
  const succeeded = payments.filter((row) => row.status === 'SUCCEEDED');
  const succeededIds = new Set(succeeded.map((row) => row.id));
  const explained = new Set([...tally.paid, ...tally.unansweredConfirmations]);
  return {
    acknowledged: tally.orders.length,
    stored: storedOrders.length,
    lost,
    duplicated: storedOrders.length - storedKeys.size + (tally.orders.length - acknowledgedIds.size),
    storedUnacknowledged: storedOrders.filter((row) => !acknowledgedIds.has(row.id)).length,
    acceptedNotStoredAsAccepted: tally.accepted.filter((id) => {
      const status = byId.get(id)?.status;
      return status !== 'ACCEPTED' && status !== 'SERVED' && status !== 'PAID';
    }).length,
    paid: tally.paid.length,
    paidNotSucceeded: tally.paid.filter((id) => !succeededIds.has(id)).length,
    unexplainedSucceeded: succeeded.filter((row) => !explained.has(row.id)).length,
    overpaidLines: lines.filter((line) => line.paid > line.quantity).length,
    paidUnitsAmount: lines.reduce((sum, line) => sum + line.paid * line.unitPrice, 0),
    succeededAmount: succeeded.reduce((sum, row) => sum + row.amount, 0),
  };
}

/** Every way the rows can disagree with the answers, as sentences (empty: consistent). */
export function inconsistencies(check: RushCheck): string[] {
  const problems: string[] = [];
  if (check.lost > 0) problems.push(`${check.lost} acknowledged orders not stored`);
  if (check.duplicated > 0) problems.push(`${check.duplicated} duplicated orders`);
  if (check.acceptedNotStoredAsAccepted > 0)
    problems.push(`${check.acceptedNotStoredAsAccepted} accepted orders not stored as accepted`);
  if (check.paidNotSucceeded > 0) problems.push(`${check.paidNotSucceeded} confirmed payments not succeeded`);
  if (check.unexplainedSucceeded > 0)
    problems.push(`${check.unexplainedSucceeded} succeeded payments nobody confirmed`);
  if (check.overpaidLines > 0) problems.push(`${check.overpaidLines} lines paid more than ordered`);
  if (check.paidUnitsAmount !== check.succeededAmount)
    problems.push(`paid units ${check.paidUnitsAmount} ≠ succeeded payments ${check.succeededAmount}`);
  return problems;
}

import { createHash, randomUUID } from 'node:crypto';
import type {
  CreateRefundRequest,
  Refund,
  RefundStatus,
  StaffPayment,
  StaffPayments,
} from '@tablo/contract/refund';
import type { Database } from '../../db/database.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { type OnlinePaymentProvider, ProviderRefusal, type RefundResult } from './providers/provider.ts';
import {
  findRefundByKey,
  finishRefund,
  insertRefund,
  loadRefund,
  loadRefundTarget,
  lockPaymentForRefund,
  lockRefundKey,
  type RefundTarget,
  refundsOf,
  type StoredRefund,
  succeededPaymentsSince,
} from './refund-repository.ts';

/**
 * Refunds (issue 23 point 8, docs/decisions/053): OWNER and MANAGER give back all or part of a SUCCEEDED
 * payment of their restaurant. Cash and card refunds are recorded (the money is handed back at the
 * table); online ones go through the provider's refund. The refunds of a payment never add up to more
 * than its amount + tip: each is decided under the payment's row lock, counting pending ones.
 */

export const REFUND_TEXTS = {
  notFound: 'Payment not found',
  notRefundable: (status: string) => `Only a succeeded payment can be refunded: this one is ${status}`,
  tooMuch: (left: number, currency: string) =>
    left === 0
      ? 'This payment has been refunded in full already'
      : `At most ${left} ${currency} of this payment can still be refunded`,
  keyReused: 'This idempotency key was already used for a different refund',
  onlineUnavailable: 'This online payment cannot be refunded here: its payment provider is not configured',
  providerRefused: (message: string) => `The payment provider refused the refund: ${message}`,
  providerFailed:
    'The payment provider could not be reached: try again with the same Idempotency-Key, or refund in cash',
} as const;

/** How far back the staff's list of payments reaches. */
export const RECENT_PAYMENTS_HOURS = 24;
const RECENT_PAYMENTS_LIMIT = 500;

export interface RefundDeps {
  provider: OnlinePaymentProvider | null;
}

export interface RefundingStaff {
  userId: number;
  restaurantId: number;
}

/** sha256 of the request in a canonical form: a replay carries the same, another refund another. */
function refundRequestHash(paymentId: string, body: CreateRefundRequest): string {
  return createHash('sha256')
    .update(JSON.stringify([paymentId, body.amount, body.reason]), 'utf8')
    .digest('hex');
}

function toApiRefund(stored: StoredRefund): Refund {
  return {
    id: stored.id,
    paymentId: stored.paymentId,
    amount: stored.amount,
    reason: stored.reason,
    method: stored.method,
    status: stored.status,
    refundedBy: stored.refundedBy,
    createdAt: stored.createdAt.toISOString(),
    refundedAt: stored.refundedAt?.toISOString() ?? null,
  };
}

function toStaffPayment(target: RefundTarget, refunds: StoredRefund[]): StaffPayment {
  return {
    id: target.id,
    tableNumber: target.tableNumber,
    method: target.method,
    status: target.status,
    amount: target.amount,
    tip: target.tip,
    currency: target.currency,
    paidAt: target.paidAt?.toISOString() ?? null,
    refundedAmount: target.refundedAmount,
    refundableAmount: refundableOf(target),
    refunds: refunds.filter((refund) => refund.paymentId === target.id).map(toApiRefund),
  };
}

function refundableOf(target: RefundTarget): number {
  return target.status === 'SUCCEEDED' ? Math.max(0, target.amount + target.tip - target.refundedAmount) : 0;
}

/** The provider that refunds this payment, when it is the one configured (else null). */
function refunderOf(deps: RefundDeps, target: Pick<RefundTarget, 'provider'>): OnlinePaymentProvider | null {
  return deps.provider && deps.provider.name === target.provider ? deps.provider : null;
}

/**
 * POST /api/staff/payments/:paymentId/refunds. One transaction decides: the (staff member, key) lock
 * (a concurrent duplicate waits, then replays), the payment's row lock, then — read after the lock — what
 * its refunds took so far. A cash or card refund is SUCCEEDED at once; an online one is PENDING (holding
 * its amount) until the provider answers, outside the transaction.
 */
export async function createRefund(
  database: Database,
  deps: RefundDeps,
  staff: RefundingStaff,
  paymentId: string,
  idempotencyKey: string,
  body: CreateRefundRequest,
): Promise<Refund> {
  const hash = refundRequestHash(paymentId, body);
  const decided = await database.transaction(async (tx) => {
    await lockRefundKey(tx, staff.userId, idempotencyKey);
    const previous = await findRefundByKey(tx, staff.userId, idempotencyKey);
    if (previous) {
      if (previous.requestHash !== hash) throw new HttpError(422, REFUND_TEXTS.keyReused);
      return { refundId: previous.id, replay: true };
    }
    if (!(await lockPaymentForRefund(tx, paymentId))) throw notFound(REFUND_TEXTS.notFound);
    const target = await loadRefundTarget(tx, paymentId);
    if (!target || target.restaurantId !== staff.restaurantId) throw notFound(REFUND_TEXTS.notFound);
    if (target.status !== 'SUCCEEDED') throw new HttpError(409, REFUND_TEXTS.notRefundable(target.status));
    const left = refundableOf(target);
    if (body.amount > left) throw new HttpError(409, REFUND_TEXTS.tooMuch(left, target.currency));
    if (target.method === 'ONLINE' && !refunderOf(deps, target))
      throw new HttpError(409, REFUND_TEXTS.onlineUnavailable);
    const refundId = randomUUID();
    await insertRefund(tx, {
      id: refundId,
      paymentId,
      amount: body.amount,
      reason: body.reason,
      method: target.method,
      status: target.method === 'ONLINE' ? 'PENDING' : 'SUCCEEDED',
      staffUserId: staff.userId,
      idempotencyKey,
      requestHash: hash,
    });
    return { refundId, replay: false };
  });
  let stored = await loadRefund(database.db, decided.refundId);
  if (!stored) throw new Error(`refund ${decided.refundId} vanished`);
  // A first attempt, or a retry of one the provider never answered: ask the provider (its idempotency
  // key is the refund's id, so asking twice never refunds twice).
  if (stored.method === 'ONLINE' && stored.status === 'PENDING') {
    stored = await refundOnline(database, deps, stored);
  }
  return toApiRefund(stored);
}

function outcomeOf(result: RefundResult): RefundStatus {
  switch (result.status) {
    case 'succeeded':
      return 'SUCCEEDED';
    case 'failed':
    case 'canceled':
      return 'FAILED';
    default:
      // pending, requires_action: the provider is still at it; the amount stays held.
      return 'PENDING';
  }
}

async function refundOnline(
  database: Database,
  deps: RefundDeps,
  stored: StoredRefund,
): Promise<StoredRefund> {
  const target = await loadRefundTarget(database.db, stored.paymentId);
  const provider = target ? refunderOf(deps, target) : null;
  if (!target || !provider) throw new HttpError(409, REFUND_TEXTS.onlineUnavailable);
  let result: RefundResult;
  try {
    // The sandbox keeps no reference of its own: the payment's id stands for it.
    result = await provider.refund(
      target.providerReference ?? target.id,
      stored.amount,
      `tablo-refund-${stored.id}`,
    );
  } catch (error) {
    if (error instanceof ProviderRefusal) {
      await finishRefund(database.db, stored.id, 'FAILED', null);
      throw Object.assign(new HttpError(409, REFUND_TEXTS.providerRefused(error.message)), { cause: error });
    }
    // Unknown whether it went through: the refund stays PENDING (its amount held) for a retry.
    throw Object.assign(new HttpError(502, REFUND_TEXTS.providerFailed), { cause: error });
  }
  await finishRefund(database.db, stored.id, outcomeOf(result), result.reference);
  const finished = await loadRefund(database.db, stored.id);
  if (!finished) throw new Error(`refund ${stored.id} vanished`);
  return finished;
}

/** GET /api/staff/payments: the restaurant's payments that succeeded in the last 24 hours, with refunds. */
export async function listStaffPayments(database: Database, restaurantId: number): Promise<StaffPayments> {
  const since = new Date(Date.now() - RECENT_PAYMENTS_HOURS * 3_600_000);
  const targets = await succeededPaymentsSince(database.db, restaurantId, since, RECENT_PAYMENTS_LIMIT);
  const refunds = await refundsOf(
    database.db,
    targets.map((target) => target.id),
  );
  return { payments: targets.map((target) => toStaffPayment(target, refunds)) };
}

/** GET /api/staff/payments/:paymentId: another restaurant's payment is not found. */
export async function readStaffPayment(
  database: Database,
  restaurantId: number,
  paymentId: string,
): Promise<StaffPayment> {
  const target = await loadRefundTarget(database.db, paymentId);
  if (!target || target.restaurantId !== restaurantId) throw notFound(REFUND_TEXTS.notFound);
  return toStaffPayment(target, await refundsOf(database.db, [paymentId]));
}

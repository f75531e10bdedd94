import type { PaymentMethod, PaymentStatus } from '@tablo/contract/payment';
import type { RefundStatus } from '@tablo/contract/refund';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rowsOf } from '../../db/rows.ts';
import { diningTable, payment, refund, restaurant, staffUser, tableVisit } from '../../db/schema.ts';

/** Rows of refunds (docs/decisions/053). Every writer of a payment's refunds holds its row lock. */

const asDate = (value: Date | string): Date => new Date(value);
const asDateOrNull = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

export interface StoredRefund {
  id: string;
  paymentId: string;
  amount: number;
  reason: string;
  method: PaymentMethod;
  status: RefundStatus;
  staffUserId: number | null;
  refundedBy: string | null;
  providerReference: string | null;
  requestHash: string;
  createdAt: Date;
  refundedAt: Date | null;
}

type RefundRow = Omit<StoredRefund, 'createdAt' | 'refundedAt'> & {
  createdAt: Date | string;
  refundedAt: Date | string | null;
};

const refundColumns = sql`rf.id, rf.payment_id as "paymentId", rf.amount, rf.reason, rf.method, rf.status,
  rf.staff_user_id as "staffUserId", su.email as "refundedBy", rf.provider_reference as "providerReference",
  rf.request_hash as "requestHash", rf.created_at as "createdAt", rf.refunded_at as "refundedAt"`;

function toStored(row: RefundRow): StoredRefund {
  return { ...row, createdAt: asDate(row.createdAt), refundedAt: asDateOrNull(row.refundedAt) };
}

/**
 * The (staff member, key) lock: a concurrent duplicate waits for the first request's transaction and
 * then finds its refund (same key → same answer).
 */
export async function lockRefundKey(tx: Db, staffUserId: number, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`refund:${staffUserId}`}), hashtext(${key}))`);
}

export async function findRefundByKey(
  tx: Db,
  staffUserId: number,
  key: string,
): Promise<StoredRefund | null> {
  const result = await tx.execute(sql`
    select ${refundColumns} from ${refund} rf left join ${staffUser} su on su.id = rf.staff_user_id
    where rf.staff_user_id = ${staffUserId} and rf.idempotency_key = ${key}`);
  const row = rowsOf<RefundRow>(result)[0];
  return row ? toStored(row) : null;
}

export async function loadRefund(db: Db, refundId: string): Promise<StoredRefund | null> {
  const result = await db.execute(sql`
    select ${refundColumns} from ${refund} rf left join ${staffUser} su on su.id = rf.staff_user_id
    where rf.id = ${refundId}`);
  const row = rowsOf<RefundRow>(result)[0];
  return row ? toStored(row) : null;
}

/** A payment with what its refunds took so far (SUCCEEDED + PENDING: a pending one holds its amount). */
export interface RefundTarget {
  id: string;
  restaurantId: number;
  tableNumber: number;
  status: PaymentStatus;
  method: PaymentMethod;
  amount: number;
  tip: number;
  currency: string;
  provider: string | null;
  providerReference: string | null;
  paidAt: Date | null;
  refundedAmount: number;
}

const targetColumns = sql`p.id, r.id as "restaurantId", dt.table_number as "tableNumber", p.status, p.method,
  p.amount, p.tip, r.currency, p.provider, p.provider_reference as "providerReference", p.paid_at as "paidAt",
  coalesce((select sum(x.amount) from ${refund} x
    where x.payment_id = p.id and x.status in ('PENDING', 'SUCCEEDED')), 0)::int as "refundedAmount"`;

const targetJoins = sql`from ${payment} p
  join ${tableVisit} tv on tv.id = p.visit_id
  join ${diningTable} dt on dt.id = tv.table_id
  join ${restaurant} r on r.id = dt.restaurant_id`;

type TargetRow = Omit<RefundTarget, 'paidAt'> & { paidAt: Date | string | null };

const toTarget = (row: TargetRow): RefundTarget => ({ ...row, paidAt: asDateOrNull(row.paidAt) });

/**
 * Refunding a payment, first statement: its row lock (FOR NO KEY UPDATE: refunds of one payment run one
 * after the other; inserts that reference it are not blocked). What it reads about the refunds must come
 * from a later statement — in READ COMMITTED a statement sees the rows committed when it started, and this
 * one may wait for the lock while another refund commits.
 */
export async function lockPaymentForRefund(tx: Db, paymentId: string): Promise<boolean> {
  const result = await tx.execute(sql`select id from ${payment} where id = ${paymentId} for no key update`);
  return rowsOf(result).length === 1;
}

export async function loadRefundTarget(db: Db, paymentId: string): Promise<RefundTarget | null> {
  const result = await db.execute(sql`select ${targetColumns} ${targetJoins} where p.id = ${paymentId}`);
  const row = rowsOf<TargetRow>(result)[0];
  return row ? toTarget(row) : null;
}

/** The restaurant's payments that succeeded since `since`, newest first (at most `limit`). */
export async function succeededPaymentsSince(
  db: Db,
  restaurantId: number,
  since: Date,
  limit: number,
): Promise<RefundTarget[]> {
  const result = await db.execute(sql`select ${targetColumns} ${targetJoins}
    where r.id = ${restaurantId} and p.status = 'SUCCEEDED' and p.paid_at >= ${since.toISOString()}::timestamptz
    order by p.paid_at desc, p.id
    limit ${limit}`);
  return rowsOf<TargetRow>(result).map(toTarget);
}

/** The refunds of these payments, oldest first. */
export async function refundsOf(db: Db, paymentIds: string[]): Promise<StoredRefund[]> {
  if (paymentIds.length === 0) return [];
  const result = await db.execute(sql`
    select ${refundColumns} from ${refund} rf left join ${staffUser} su on su.id = rf.staff_user_id
    where rf.payment_id = any(${`{${paymentIds.join(',')}}`}::uuid[])
    order by rf.created_at, rf.id`);
  return rowsOf<RefundRow>(result).map(toStored);
}

export interface NewRefund {
  id: string;
  paymentId: string;
  amount: number;
  reason: string;
  method: PaymentMethod;
  /** SUCCEEDED for cash and card (recorded as handed back); PENDING until the provider answers. */
  status: RefundStatus;
  staffUserId: number;
  idempotencyKey: string;
  requestHash: string;
}

export async function insertRefund(tx: Db, row: NewRefund): Promise<void> {
  await tx.execute(sql`
    insert into ${refund} (id, payment_id, amount, reason, method, status, staff_user_id, idempotency_key,
      request_hash, refunded_at)
    values (${row.id}, ${row.paymentId}, ${row.amount}, ${row.reason}, ${row.method}, ${row.status},
      ${row.staffUserId}, ${row.idempotencyKey}, ${row.requestHash},
      ${row.status === 'SUCCEEDED' ? sql`now()` : sql`null`})`);
}

/** A PENDING refund's outcome at the provider (only from PENDING: a second answer changes nothing). */
export async function finishRefund(
  db: Db,
  refundId: string,
  to: RefundStatus,
  providerReference: string | null,
): Promise<void> {
  await db.execute(sql`
    update ${refund} set status = ${to}, provider_reference = coalesce(${providerReference}, provider_reference),
      updated_at = now()${to === 'SUCCEEDED' ? sql`, refunded_at = now()` : sql``}
    where id = ${refundId} and status = 'PENDING'`);
}

/** What a receipt lists: the payment's refunds that went back, oldest first. */
export async function succeededRefundsOf(
  db: Db,
  paymentId: string,
): Promise<{ amount: number; reason: string; refundedAt: Date }[]> {
  const result = await db.execute(sql`
    select amount, reason, refunded_at as "refundedAt" from ${refund}
    where payment_id = ${paymentId} and status = 'SUCCEEDED'
    order by refunded_at, id`);
  return rowsOf<{ amount: number; reason: string; refundedAt: Date | string }>(result).map((row) => ({
    ...row,
    refundedAt: asDate(row.refundedAt),
  }));
}

/**
 * The day's figures (a later issue) read refunds through this: per method, how many refunds went back and
 * how much, for the restaurant, by when the money went back (`refunded_at` in [from, to)). A refund
 * belongs to the day it was made, not to the day of its payment; PENDING and FAILED ones are not money
 * that moved.
 */
export async function refundTotals(
  db: Db,
  restaurantId: number,
  from: Date,
  to: Date,
): Promise<{ method: PaymentMethod; count: number; amount: number }[]> {
  const result = await db.execute(sql`
    select rf.method, count(*)::int as count, sum(rf.amount)::int as amount
    from ${refund} rf
    join ${payment} p on p.id = rf.payment_id
    join ${tableVisit} tv on tv.id = p.visit_id
    join ${diningTable} dt on dt.id = tv.table_id
    where dt.restaurant_id = ${restaurantId} and rf.status = 'SUCCEEDED'
      and rf.refunded_at >= ${from.toISOString()}::timestamptz and rf.refunded_at < ${to.toISOString()}::timestamptz
    group by rf.method
    order by rf.method`);
  return rowsOf<{ method: PaymentMethod; count: number; amount: number }>(result);
}

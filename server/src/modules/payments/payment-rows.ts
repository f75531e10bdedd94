import type { OrderChoice } from '@tablo/contract/menu-options';
import type { PaymentMethod, PaymentStatus } from '@tablo/contract/payment';
import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { jsonValue, rowsOf } from '../../db/rows.ts';
import { diningTable, orderItem, payment, paymentItem, restaurant, tableVisit } from '../../db/schema.ts';
import { cursorsOf, type StoredEvent, tableEventCtes, tableEventCursors } from '../live/event-log.ts';

/** The payment rows (docs/decisions/019-payments.md): stored, read, found. Every writer holds the visit lock. */

type Titles = { isoCode: string; title: string }[];

export interface StoredPaymentItem {
  orderItemId: number;
  titles: Titles;
  unitPrice: number;
  vatPercent: number;
  quantity: number;
  amount: number;
  choices: OrderChoice[];
}

export interface StoredPayment {
  id: string;
  visitId: number;
  tableId: number;
  tableNumber: number;
  restaurantId: number;
  restaurantName: string;
  shortName: string;
  sessionId: string;
  status: PaymentStatus;
  method: PaymentMethod;
  amount: number;
  tip: number;
  currency: string;
  provider: string | null;
  providerReference: string | null;
  requestHash: string;
  splitId: number | null;
  shareCount: number;
  shareAmount: number;
  checkoutUrl: string | null;
  expiresAt: Date;
  paidAt: Date | null;
  createdAt: Date;
  items: StoredPaymentItem[];
  /** The provider's checkout is known to be over (docs/decisions/052). */
  checkoutClosed: boolean;
  lateOutcome: LateOutcome | null;
  refundReference: string | null;
}

export type LateOutcome = 'ACCEPTED' | 'REFUNDING' | 'REFUNDED';

export interface NewPayment {
  id: string;
  visitId: number;
  sessionId: string;
  method: PaymentMethod;
  amount: number;
  tip: number;
  provider: string | null;
  idempotencyKey: string;
  requestHash: string;
  splitId: number | null;
  shareCount: number;
  shareAmount: number;
  checkoutUrl: string | null;
  reservationMinutes: number;
  items: { orderItemId: number; quantity: number; amount: number }[];
}

/**
 * The payment, its items and its table event in one statement (the last of the transaction: it takes the
 * table's event lock). Answers the payment's times and the event's cursor (for notifyTableEvents).
 */
export async function insertPayment(
  tx: Db,
  row: NewPayment,
  event: { tableId: number; event: StoredEvent },
): Promise<{ createdAt: Date; expiresAt: Date; cursors: number[] }> {
  const { items, reservationMinutes, ...values } = row;
  const itemRows = items.length
    ? sql.join(
        items.map(
          (item) =>
            sql`(${row.id}::uuid, ${item.orderItemId}::int, ${item.quantity}::int, ${item.amount}::int)`,
        ),
        sql`, `,
      )
    : null;
  const result = await tx.execute(sql`
    with inserted as (
      insert into ${payment} (id, visit_id, session_id, method, amount, tip, provider, idempotency_key, request_hash,
        split_id, share_count, share_amount, checkout_url, expires_at)
      values (${values.id}, ${values.visitId}, ${values.sessionId}, ${values.method}, ${values.amount}, ${values.tip},
        ${values.provider}, ${values.idempotencyKey}, ${values.requestHash}, ${values.splitId}, ${values.shareCount},
        ${values.shareAmount}, ${values.checkoutUrl}, now() + make_interval(secs => ${reservationMinutes * 60}))
      returning created_at, expires_at
    ),${
      itemRows
        ? sql` items as (
      insert into ${paymentItem} (payment_id, order_item_id, quantity, amount)
      select v.* from (values ${itemRows}) as v(payment_id, order_item_id, quantity, amount)
      where exists (select 1 from inserted)),`
        : sql``
    }
    ${tableEventCtes({
      tableId: event.tableId,
      visitId: row.visitId,
      events: sql`values (0, ${event.event.type}::text, ${JSON.stringify(event.event)}::jsonb)`,
      when: sql`exists (select 1 from inserted)`,
    })}
    select created_at as "createdAt", expires_at as "expiresAt", ${tableEventCursors} as cursors from inserted`);
  const inserted = rowsOf<{ createdAt: string | Date; expiresAt: string | Date; cursors: unknown }>(
    result,
  )[0];
  if (!inserted) throw new Error('payment insert returned no row');
  return {
    createdAt: new Date(inserted.createdAt),
    expiresAt: new Date(inserted.expiresAt),
    cursors: cursorsOf(inserted.cursors),
  };
}

/** The payment stored under (session, key), if any. */
export async function findPaymentByKey(
  tx: Db,
  sessionId: string,
  key: string,
): Promise<{ id: string; requestHash: string } | null> {
  const [row] = await tx
    .select({ id: payment.id, requestHash: payment.requestHash })
    .from(payment)
    .where(and(eq(payment.sessionId, sessionId), eq(payment.idempotencyKey, key)));
  return row ?? null;
}

/**
 * The payment with its visit, table, restaurant and items. With `lock`, its visit row is locked too (see
 * VisitLock in visits/joined-visit.ts) — what settling takes first; the payment's own columns may then be older than the lock (read
 * when the statement started), which the settling statement's `status = 'PENDING'` guard covers.
 */
export async function loadPayment(
  db: Db,
  paymentId: string,
  options: { lock?: boolean } = {},
): Promise<StoredPayment | null> {
  // Plain SQL rather than the query builder: it runs on every settlement and payment read.
  const result = await db.execute(sql`
    select p.id, p.visit_id as "visitId", dt.id as "tableId", dt.table_number as "tableNumber",
      r.id as "restaurantId", r.name as "restaurantName", r.short_name as "shortName", p.session_id as "sessionId",
      p.status, p.method, p.amount, p.tip, r.currency, p.provider, p.provider_reference as "providerReference",
      p.request_hash as "requestHash", p.split_id as "splitId", p.share_count as "shareCount",
      p.share_amount as "shareAmount", p.checkout_url as "checkoutUrl", p.expires_at as "expiresAt",
      p.paid_at as "paidAt", p.created_at as "createdAt", p.checkout_closed_at is not null as "checkoutClosed",
      p.late_outcome as "lateOutcome", p.refund_reference as "refundReference",
      -- One round trip: the items come along as a JSON array, in line order.
      coalesce((
        select json_agg(json_build_object('orderItemId', pi.order_item_id, 'titles', oi.titles,
          'unitPrice', oi.unit_price, 'vatPercent', oi.vat_percent, 'quantity', pi.quantity, 'amount', pi.amount,
          'choices', oi.choices)
          order by pi.order_item_id)
        from ${paymentItem} pi join ${orderItem} oi on oi.id = pi.order_item_id
        where pi.payment_id = p.id), '[]'::json) as items
    from ${payment} p
    join ${tableVisit} tv on tv.id = p.visit_id
    join ${diningTable} dt on dt.id = tv.table_id
    join ${restaurant} r on r.id = dt.restaurant_id
    where p.id = ${paymentId}
    ${options.lock ? sql`for no key update of tv` : sql``}`);
  type Row = Omit<StoredPayment, 'items' | 'expiresAt' | 'paidAt' | 'createdAt'> & {
    items: unknown;
    expiresAt: Date | string;
    paidAt: Date | string | null;
    createdAt: Date | string;
  };
  const row = rowsOf<Row>(result)[0];
  if (!row) return null;
  return {
    ...row,
    expiresAt: new Date(row.expiresAt),
    paidAt: row.paidAt === null ? null : new Date(row.paidAt),
    createdAt: new Date(row.createdAt),
    items: jsonValue<StoredPaymentItem[]>(row.items).map((item) => ({
      ...item,
      vatPercent: Number(item.vatPercent),
    })),
  };
}

/** The payment's visit and status, without a lock (to find which visit to lock). */
export async function paymentVisit(
  db: Db,
  paymentId: string,
): Promise<{ visitId: number; restaurantId: number } | null> {
  const [row] = await db
    .select({ visitId: payment.visitId, restaurantId: diningTable.restaurantId })
    .from(payment)
    .innerJoin(tableVisit, eq(tableVisit.id, payment.visitId))
    .innerJoin(diningTable, eq(diningTable.id, tableVisit.tableId))
    .where(eq(payment.id, paymentId));
  return row ?? null;
}

/** PENDING payments past their expiry (oldest first), optionally of one visit, but for `skip`. */
export async function duePayments(
  db: Db,
  limit: number,
  visitId?: number,
  skip: string[] = [],
): Promise<{ id: string; visitId: number }[]> {
  return db
    .select({ id: payment.id, visitId: payment.visitId })
    .from(payment)
    .where(
      and(
        eq(payment.status, 'PENDING'),
        sql`${payment.expiresAt} <= now()`,
        visitId === undefined ? undefined : eq(payment.visitId, visitId),
        skip.length === 0 ? undefined : notInArray(payment.id, skip),
      ),
    )
    .orderBy(asc(payment.expiresAt))
    .limit(limit);
}

/** PENDING payment ids of a visit (closing a table cancels them). */
export async function pendingPaymentIds(tx: Db, visitId: number): Promise<string[]> {
  const rows = await tx
    .select({ id: payment.id })
    .from(payment)
    .where(and(eq(payment.visitId, visitId), eq(payment.status, 'PENDING')))
    .orderBy(asc(payment.createdAt));
  return rows.map((row) => row.id);
}

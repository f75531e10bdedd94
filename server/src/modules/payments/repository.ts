import type { PaymentMethod, PaymentStatus } from '@tablo/contract/payment';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import {
  billSplit,
  billSplitItem,
  diningTable,
  orderItem,
  orders,
  payment,
  paymentItem,
  restaurant,
  tableVisit,
  visitSession,
} from '../../db/schema.ts';

/** Rows of the payments module (docs/decisions/019-payments.md). Every writer holds the visit lock. */

type Titles = { isoCode: string; title: string }[];

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

const visitColumns = {
  visitId: tableVisit.id,
  tableId: diningTable.id,
  tableNumber: diningTable.tableNumber,
  restaurantId: restaurant.id,
  restaurantName: restaurant.name,
  shortName: restaurant.shortName,
  currency: restaurant.currency,
  paymentMethods: restaurant.paymentMethods,
  closedAt: tableVisit.closedAt,
};

export interface VisitForPayment {
  visitId: number;
  tableId: number;
  tableNumber: number;
  restaurantId: number;
  restaurantName: string;
  shortName: string;
  currency: string;
  paymentMethods: PaymentMethod[];
  open: boolean;
}

/**
 * The visit with its table and restaurant; `lock` takes the visit row lock that orders every payment
 * write of the visit: create, succeed, fail, cancel, expire. It is FOR NO KEY UPDATE, not FOR UPDATE:
 * payments still run one at a time per visit (and wait for an order being placed, which holds FOR SHARE),
 * but rows that merely reference the visit (a table_event, an order, a payment) take FOR KEY SHARE, which
 * FOR UPDATE would block — a staff member accepting an order (order row locked, then its event inserted)
 * and a payment confirmation (visit locked, then the order rows) would deadlock.
 */
export async function readVisit(tx: Db, visitId: number, lock: boolean): Promise<VisitForPayment | null> {
  const query = tx
    .select(visitColumns)
    .from(tableVisit)
    .innerJoin(diningTable, eq(diningTable.id, tableVisit.tableId))
    .innerJoin(restaurant, eq(restaurant.id, diningTable.restaurantId))
    .where(eq(tableVisit.id, visitId));
  const [row] = lock ? await query.for('no key update', { of: tableVisit }) : await query;
  if (!row) return null;
  const { closedAt, ...visit } = row;
  return { ...visit, open: closedAt === null };
}

/** The visit of a payment, locked (see readVisit): what settling a payment takes first. */
export async function lockVisitOfPayment(tx: Db, paymentId: string): Promise<VisitForPayment | null> {
  const [row] = await tx
    .select(visitColumns)
    .from(tableVisit)
    .innerJoin(diningTable, eq(diningTable.id, tableVisit.tableId))
    .innerJoin(restaurant, eq(restaurant.id, diningTable.restaurantId))
    .where(
      eq(tableVisit.id, sql`(select ${payment.visitId} from ${payment} where ${payment.id} = ${paymentId})`),
    )
    .for('no key update', { of: tableVisit });
  if (!row) return null;
  const { closedAt, ...visit } = row;
  return { ...visit, open: closedAt === null };
}

/** An order line of the visit with its units paid, inside pending payments and claimed by the open split. */
export interface LineState {
  orderItemId: number;
  orderId: number;
  orderStatus: string;
  sessionId: string;
  menuItemId: number;
  titles: Titles;
  unitPrice: number;
  vatPercent: number;
  quantity: number;
  paidQuantity: number;
  pendingQuantity: number;
  claimedQuantity: number;
}

export function freeOf(line: LineState): number {
  return line.quantity - line.paidQuantity - line.pendingQuantity - line.claimedQuantity;
}

/** The payable lines (orders ACCEPTED, SERVED or PAID) of a visit, in order. */
export async function loadLines(tx: Db, visitId: number): Promise<LineState[]> {
  const result = await tx.execute(sql`
    select oi.id as "orderItemId", oi.order_id as "orderId", o.status as "orderStatus",
      o.session_id as "sessionId", oi.menu_item_id as "menuItemId", oi.titles, oi.unit_price as "unitPrice",
      oi.vat_percent as "vatPercent", oi.quantity, oi.paid_quantity as "paidQuantity",
      coalesce((select sum(pi.quantity) from ${paymentItem} pi join ${payment} p on p.id = pi.payment_id
        where pi.order_item_id = oi.id and p.status = 'PENDING'), 0)::int as "pendingQuantity",
      coalesce((select sum(bi.quantity) from ${billSplitItem} bi join ${billSplit} b on b.id = bi.split_id
        where bi.order_item_id = oi.id and b.status = 'OPEN'), 0)::int as "claimedQuantity"
    from ${orderItem} oi join ${orders} o on o.id = oi.order_id
    where o.visit_id = ${visitId} and o.status in ('ACCEPTED', 'SERVED', 'PAID')
    order by oi.id`);
  return rowsOf<LineState>(result).map((row) => ({
    ...row,
    vatPercent: Number(row.vatPercent),
    titles: typeof row.titles === 'string' ? (JSON.parse(row.titles) as Titles) : row.titles,
  }));
}

export interface SplitState {
  id: number;
  shares: number;
  amount: number;
  paidShares: number;
  paidAmount: number;
  reservedShares: number;
  reservedAmount: number;
}

export function openSharesOf(split: SplitState): { shares: number; amount: number } {
  return {
    shares: split.shares - split.paidShares - split.reservedShares,
    amount: split.amount - split.paidAmount - split.reservedAmount,
  };
}

/** The visit's OPEN split with the shares paid and reserved (pending) so far. */
export async function loadOpenSplit(tx: Db, visitId: number): Promise<SplitState | null> {
  const result = await tx.execute(sql`
    select b.id, b.shares, b.amount,
      coalesce(sum(p.share_count) filter (where p.status = 'SUCCEEDED'), 0)::int as "paidShares",
      coalesce(sum(p.share_amount) filter (where p.status = 'SUCCEEDED'), 0)::int as "paidAmount",
      coalesce(sum(p.share_count) filter (where p.status = 'PENDING'), 0)::int as "reservedShares",
      coalesce(sum(p.share_amount) filter (where p.status = 'PENDING'), 0)::int as "reservedAmount"
    from ${billSplit} b left join ${payment} p on p.split_id = b.id
    where b.visit_id = ${visitId} and b.status = 'OPEN'
    group by b.id`);
  return rowsOf<SplitState>(result)[0] ?? null;
}

/**
 * The visit's payable lines, its open split and how many of its pending payments have lapsed, in one
 * round trip (it runs under the visit lock on the hot path).
 */
export async function loadVisitState(
  tx: Db,
  visitId: number,
): Promise<{ lines: LineState[]; split: SplitState | null; lapsed: number }> {
  const result = await tx.execute(sql`
    select
      coalesce((select json_agg(l order by l."orderItemId") from (
        select oi.id as "orderItemId", oi.order_id as "orderId", o.status as "orderStatus",
          o.session_id as "sessionId", oi.menu_item_id as "menuItemId", oi.titles, oi.unit_price as "unitPrice",
          oi.vat_percent as "vatPercent", oi.quantity, oi.paid_quantity as "paidQuantity",
          coalesce((select sum(pi.quantity) from ${paymentItem} pi join ${payment} p on p.id = pi.payment_id
            where pi.order_item_id = oi.id and p.status = 'PENDING'), 0)::int as "pendingQuantity",
          coalesce((select sum(bi.quantity) from ${billSplitItem} bi join ${billSplit} b on b.id = bi.split_id
            where bi.order_item_id = oi.id and b.status = 'OPEN'), 0)::int as "claimedQuantity"
        from ${orderItem} oi join ${orders} o on o.id = oi.order_id
        where o.visit_id = ${visitId} and o.status in ('ACCEPTED', 'SERVED', 'PAID')) l), '[]'::json) as lines,
      (select json_build_object('id', b.id, 'shares', b.shares, 'amount', b.amount,
          'paidShares', coalesce(sum(p.share_count) filter (where p.status = 'SUCCEEDED'), 0),
          'paidAmount', coalesce(sum(p.share_amount) filter (where p.status = 'SUCCEEDED'), 0),
          'reservedShares', coalesce(sum(p.share_count) filter (where p.status = 'PENDING'), 0),
          'reservedAmount', coalesce(sum(p.share_amount) filter (where p.status = 'PENDING'), 0))
        from ${billSplit} b left join ${payment} p on p.split_id = b.id
        where b.visit_id = ${visitId} and b.status = 'OPEN' group by b.id) as split,
      (select count(*)::int from ${payment} p
        where p.visit_id = ${visitId} and p.status = 'PENDING' and p.expires_at <= now()) as lapsed`);
  const row = rowsOf<{ lines: unknown; split: unknown; lapsed: number }>(result)[0];
  const parse = <T>(value: unknown): T =>
    typeof value === 'string' ? (JSON.parse(value) as T) : (value as T);
  const lines = parse<LineState[]>(row?.lines ?? []).map((line) => ({
    ...line,
    vatPercent: Number(line.vatPercent),
  }));
  return { lines, split: parse<SplitState | null>(row?.split ?? null), lapsed: Number(row?.lapsed ?? 0) };
}

/**
 * The open visit of the table the session joined, with its restaurant; null when none. With `lock` the visit
 * row is locked (see readVisit): what creating a payment takes first.
 */
export async function findJoinedVisit(
  db: Db,
  sessionId: string,
  tableId: number,
  options: { lock?: boolean } = {},
): Promise<VisitForPayment | null> {
  const query = db
    .select(visitColumns)
    .from(visitSession)
    .innerJoin(tableVisit, eq(tableVisit.id, visitSession.visitId))
    .innerJoin(diningTable, eq(diningTable.id, tableVisit.tableId))
    .innerJoin(restaurant, eq(restaurant.id, diningTable.restaurantId))
    .where(
      and(
        eq(visitSession.sessionId, sessionId),
        eq(tableVisit.tableId, tableId),
        sql`${tableVisit.closedAt} is null`,
      ),
    );
  const [row] = options.lock ? await query.for('no key update', { of: tableVisit }) : await query;
  if (!row) return null;
  const { closedAt, ...visit } = row;
  return { ...visit, open: closedAt === null };
}

export async function insertSplit(
  tx: Db,
  split: {
    visitId: number;
    shares: number;
    amount: number;
    claims: { orderItemId: number; quantity: number }[];
  },
): Promise<number> {
  const [row] = await tx
    .insert(billSplit)
    .values({ visitId: split.visitId, shares: split.shares, amount: split.amount })
    .returning({ id: billSplit.id });
  if (!row) throw new Error('bill_split insert returned no row');
  await tx.insert(billSplitItem).values(split.claims.map((claim) => ({ ...claim, splitId: row.id })));
  return row.id;
}

export async function splitClaims(
  tx: Db,
  splitId: number,
): Promise<{ orderItemId: number; quantity: number }[]> {
  return tx
    .select({ orderItemId: billSplitItem.orderItemId, quantity: billSplitItem.quantity })
    .from(billSplitItem)
    .where(eq(billSplitItem.splitId, splitId))
    .orderBy(asc(billSplitItem.orderItemId));
}

export async function setSplitStatus(tx: Db, splitId: number, status: 'PAID' | 'CANCELLED'): Promise<void> {
  await tx
    .update(billSplit)
    .set({ status, updatedAt: sql`now()` })
    .where(and(eq(billSplit.id, splitId), eq(billSplit.status, 'OPEN')));
}

/** The split's lines as they were claimed (for the receipt of a share payment). */
export async function splitLines(
  db: Db,
  splitId: number,
): Promise<
  { orderItemId: number; titles: Titles; unitPrice: number; vatPercent: number; quantity: number }[]
> {
  const rows = await db
    .select({
      orderItemId: billSplitItem.orderItemId,
      titles: orderItem.titles,
      unitPrice: orderItem.unitPrice,
      vatPercent: orderItem.vatPercent,
      quantity: billSplitItem.quantity,
    })
    .from(billSplitItem)
    .innerJoin(orderItem, eq(orderItem.id, billSplitItem.orderItemId))
    .where(eq(billSplitItem.splitId, splitId))
    .orderBy(asc(billSplitItem.orderItemId));
  return rows.map((row) => ({ ...row, vatPercent: Number(row.vatPercent) }));
}

export interface StoredPaymentItem {
  orderItemId: number;
  titles: Titles;
  unitPrice: number;
  vatPercent: number;
  quantity: number;
  amount: number;
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
}

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

export async function insertPayment(tx: Db, row: NewPayment): Promise<{ createdAt: Date; expiresAt: Date }> {
  const { items, reservationMinutes, ...values } = row;
  // One round trip: the payment and its items (a CTE), answering the payment's times.
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
        ${values.shareAmount}, ${values.checkoutUrl}, now() + make_interval(mins => ${reservationMinutes}))
      returning created_at, expires_at
    )${
      itemRows
        ? sql`, items as (
      insert into ${paymentItem} (payment_id, order_item_id, quantity, amount)
      select v.* from (values ${itemRows}) as v(payment_id, order_item_id, quantity, amount)
      where exists (select 1 from inserted))`
        : sql``
    }
    select created_at as "createdAt", expires_at as "expiresAt" from inserted`);
  const inserted = rowsOf<{ createdAt: string | Date; expiresAt: string | Date }>(result)[0];
  if (!inserted) throw new Error('payment insert returned no row');
  return { createdAt: new Date(inserted.createdAt), expiresAt: new Date(inserted.expiresAt) };
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

/** Serialises requests with one (session, key) — its own lock space, apart from the orders'. */
export async function tryLockPaymentKey(tx: Db, sessionId: string, key: string): Promise<boolean> {
  const result = await tx.execute(
    sql`select pg_try_advisory_xact_lock(hashtext(${`payment:${sessionId}`}), hashtext(${key})) as locked`,
  );
  return rowsOf<{ locked: boolean }>(result)[0]?.locked === true;
}

export async function loadPayment(db: Db, paymentId: string): Promise<StoredPayment | null> {
  const [row] = await db
    .select({
      id: payment.id,
      visitId: payment.visitId,
      tableId: diningTable.id,
      tableNumber: diningTable.tableNumber,
      restaurantId: restaurant.id,
      restaurantName: restaurant.name,
      shortName: restaurant.shortName,
      sessionId: payment.sessionId,
      status: payment.status,
      method: payment.method,
      amount: payment.amount,
      tip: payment.tip,
      currency: restaurant.currency,
      provider: payment.provider,
      providerReference: payment.providerReference,
      requestHash: payment.requestHash,
      splitId: payment.splitId,
      shareCount: payment.shareCount,
      shareAmount: payment.shareAmount,
      checkoutUrl: payment.checkoutUrl,
      expiresAt: payment.expiresAt,
      paidAt: payment.paidAt,
      createdAt: payment.createdAt,
      // One round trip: the items come along as a JSON array, in line order.
      items: sql<StoredPaymentItem[]>`coalesce((
        select json_agg(json_build_object('orderItemId', pi.order_item_id, 'titles', oi.titles,
          'unitPrice', oi.unit_price, 'vatPercent', oi.vat_percent, 'quantity', pi.quantity, 'amount', pi.amount)
          order by pi.order_item_id)
        from ${paymentItem} pi join ${orderItem} oi on oi.id = pi.order_item_id
        where pi.payment_id = ${payment.id}), '[]'::json)`,
    })
    .from(payment)
    .innerJoin(tableVisit, eq(tableVisit.id, payment.visitId))
    .innerJoin(diningTable, eq(diningTable.id, tableVisit.tableId))
    .innerJoin(restaurant, eq(restaurant.id, diningTable.restaurantId))
    .where(eq(payment.id, paymentId));
  if (!row) return null;
  const items = typeof row.items === 'string' ? (JSON.parse(row.items) as StoredPaymentItem[]) : row.items;
  return { ...row, items: items.map((item) => ({ ...item, vatPercent: Number(item.vatPercent) })) };
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

/** PENDING → to, only from PENDING; false when it had left PENDING already. */
export async function finishPayment(
  tx: Db,
  paymentId: string,
  to: Exclude<PaymentStatus, 'PENDING'>,
): Promise<boolean> {
  const updated = await tx
    .update(payment)
    .set({ status: to, updatedAt: sql`now()`, ...(to === 'SUCCEEDED' ? { paidAt: sql`now()` } : {}) })
    .where(and(eq(payment.id, paymentId), eq(payment.status, 'PENDING')))
    .returning({ id: payment.id });
  return updated.length === 1;
}

export async function setCheckout(
  db: Db,
  paymentId: string,
  checkoutUrl: string,
  providerReference: string | null,
): Promise<void> {
  await db.update(payment).set({ checkoutUrl, providerReference }).where(eq(payment.id, paymentId));
}

/**
 * Locks the orders of these lines (FOR UPDATE, in id order) before their units become paid: a staff
 * member serving one of them at the same moment (which locks the order row) then runs strictly before
 * or after, so one of the two always sees both "served" and "fully paid" and sets PAID.
 */
export async function lockOrdersOfLines(tx: Db, orderItemIds: number[]): Promise<void> {
  if (orderItemIds.length === 0) return;
  await tx.execute(sql`
    select o.id from ${orders} o
    where o.id in (select oi.order_id from ${orderItem} oi
      where oi.id in (${sql.join(
        orderItemIds.map((id) => sql`${id}`),
        sql`, `,
      )}))
    order by o.id for update`);
}

/** Adds paid units; answers the lines' orders and new paid quantities. */
export async function addPaidQuantities(
  tx: Db,
  units: { orderItemId: number; quantity: number }[],
): Promise<{ orderItemId: number; orderId: number; paidQuantity: number }[]> {
  if (units.length === 0) return [];
  const values = sql.join(
    units.map((unit) => sql`(${unit.orderItemId}::int, ${unit.quantity}::int)`),
    sql`, `,
  );
  const result = await tx.execute(sql`
    update ${orderItem} oi set paid_quantity = oi.paid_quantity + u.quantity
    from (values ${values}) as u(id, quantity)
    where oi.id = u.id
    returning oi.id as "orderItemId", oi.order_id as "orderId", oi.paid_quantity as "paidQuantity"`);
  return rowsOf<{ orderItemId: number; orderId: number; paidQuantity: number }>(result);
}

/** SERVED orders among these whose every unit is paid become PAID; answers their ids. */
export async function markFullyPaidServed(tx: Db, orderIds: number[]): Promise<number[]> {
  if (orderIds.length === 0) return [];
  const updated = await tx
    .update(orders)
    .set({ status: 'PAID', updatedAt: sql`now()` })
    .where(
      and(
        inArray(orders.id, orderIds),
        eq(orders.status, 'SERVED'),
        sql`not exists (select 1 from ${orderItem} oi where oi.order_id = ${orders.id} and oi.paid_quantity < oi.quantity)`,
      ),
    )
    .returning({ id: orders.id });
  return updated.map((row) => row.id).sort((a, b) => a - b);
}

/** PENDING payments past their expiry (oldest first), optionally of one visit. */
export async function duePayments(
  db: Db,
  limit: number,
  visitId?: number,
): Promise<{ id: string; visitId: number }[]> {
  return db
    .select({ id: payment.id, visitId: payment.visitId })
    .from(payment)
    .where(
      and(
        eq(payment.status, 'PENDING'),
        sql`${payment.expiresAt} <= now()`,
        visitId === undefined ? undefined : eq(payment.visitId, visitId),
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

/** Whether the session joined this visit (a payment is read only by sessions of its visit). */
export async function sessionJoinedVisit(db: Db, sessionId: string, visitId: number): Promise<boolean> {
  const [row] = await db
    .select({ visitId: visitSession.visitId })
    .from(visitSession)
    .where(and(eq(visitSession.sessionId, sessionId), eq(visitSession.visitId, visitId)));
  return row !== undefined;
}

/** Succeeded share payments of a split, in the order they were paid (receipt VAT allocation). */
export async function succeededShareParts(
  db: Db,
  splitId: number,
): Promise<{ id: string; shareAmount: number }[]> {
  const result = await db.execute(sql`
    select id, share_amount as "shareAmount" from ${payment}
    where split_id = ${splitId} and status = 'SUCCEEDED'
    order by paid_at, id`);
  return rowsOf<{ id: string; shareAmount: number }>(result);
}

/** The split's size (receipts of share payments). */
export async function splitOf(db: Db, splitId: number): Promise<{ shares: number; amount: number } | null> {
  const [row] = await db
    .select({ shares: billSplit.shares, amount: billSplit.amount })
    .from(billSplit)
    .where(eq(billSplit.id, splitId));
  return row ?? null;
}

/** The lines of one order with their paid quantities. */
export async function orderLines(
  tx: Db,
  orderId: number,
): Promise<{ orderItemId: number; quantity: number; paidQuantity: number }[]> {
  return tx
    .select({ orderItemId: orderItem.id, quantity: orderItem.quantity, paidQuantity: orderItem.paidQuantity })
    .from(orderItem)
    .where(eq(orderItem.orderId, orderId))
    .orderBy(asc(orderItem.id));
}

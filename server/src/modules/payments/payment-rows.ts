import type { PaymentMethod, PaymentStatus } from '@tablo/contract/payment';
import { and, asc, eq, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
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
import { cursorsOf, type StoredEvent, tableEventCtes, tableEventCursors } from '../live/event-log.ts';

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

/**
 * Creating a payment, first statement: the (session, key) lock (not waited for: a concurrent duplicate
 * answers 409) and then the session's open visit at the table, locked (see readVisit). What the payment
 * reads must come from a later statement: in READ COMMITTED a statement sees the rows committed when it
 * started, and this one may wait for the visit lock.
 */
export async function lockKeyAndJoinedVisit(
  tx: Db,
  sessionId: string,
  tableId: number,
  key: string,
): Promise<{ keyLocked: boolean; visit: VisitForPayment | null }> {
  const result = await tx.execute(sql`
    with key_lock as materialized (
      select pg_try_advisory_xact_lock(hashtext(${`payment:${sessionId}`}), hashtext(${key})) as locked
    ),
    visit as (
      select tv.id as "visitId", dt.id as "tableId", dt.table_number as "tableNumber", r.id as "restaurantId",
        r.name as "restaurantName", r.short_name as "shortName", r.currency, to_json(r.payment_methods) as "paymentMethods"
      from ${visitSession} vs
      join ${tableVisit} tv on tv.id = vs.visit_id
      join ${diningTable} dt on dt.id = tv.table_id
      join ${restaurant} r on r.id = dt.restaurant_id
      where vs.session_id = ${sessionId} and tv.table_id = ${tableId} and tv.closed_at is null
        and (select locked from key_lock)
      for no key update of tv
    )
    select (select locked from key_lock) as "keyLocked", visit.* from (select 1) as one left join visit on true`);
  const row = rowsOf<Omit<VisitForPayment, 'open'> & { keyLocked: boolean; visitId: number | null }>(
    result,
  )[0];
  if (!row?.keyLocked) return { keyLocked: false, visit: null };
  if (row.visitId === null) return { keyLocked: true, visit: null };
  const { keyLocked, ...visit } = row;
  return {
    keyLocked,
    visit: {
      ...visit,
      paymentMethods: parseJson<PaymentMethod[]>(visit.paymentMethods),
      open: true,
    },
  };
}

/** A json column read through execute (node-postgres parses it; a string is parsed here). */
function parseJson<T>(value: unknown): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : (value as T);
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

export interface VisitState {
  lines: LineState[];
  split: SplitState | null;
  lapsed: number;
  /** With `byKey`: the payment stored under that (session, key), if any. */
  previous: { id: string; requestHash: string } | null;
}

export interface VisitStateScope {
  /** The payment already stored under this (session, key) comes along (`previous`). */
  byKey?: { sessionId: string; key: string };
  /**
   * Only these lines, and neither the split nor the lapsed count (0): what paying by items reads. A listed
   * id that is not a payable line of the visit is simply not among the lines (planPayment refuses it).
   */
  onlyLines?: number[];
}

/**
 * The visit's payable lines, its open split and how many of its pending payments have lapsed — and with
 * `byKey` the payment already stored under that idempotency key — in one round trip (it runs under the
 * visit lock on the hot path). A payment by items reads only its own lines (`onlyLines`): the visit's
 * other lines grow with every order and are not needed to price or reserve the selected ones.
 */
export async function loadVisitState(
  tx: Db,
  visitId: number,
  scope: VisitStateScope = {},
): Promise<VisitState> {
  return parseVisitState(await tx.execute(visitStateStatement(sql`${visitId}`, scope)));
}

/**
 * The open visit the session joined at the table, as an SQL expression for visitStateStatement: what
 * creating a payment reads right behind its lock statement, in the same round trip (decision 038) — the
 * visit the lock statement found and locked, which nobody can close or replace while it is locked.
 */
export function joinedVisitId(sessionId: string, tableId: number): SQL {
  return sql`(select tv.id from ${visitSession} vs join ${tableVisit} tv on tv.id = vs.visit_id
    where vs.session_id = ${sessionId} and tv.table_id = ${tableId} and tv.closed_at is null)`;
}

/** The statement of loadVisitState for the visit `visitId` (an SQL expression). */
export function visitStateStatement(visitId: SQL, scope: VisitStateScope = {}): SQL {
  const { byKey, onlyLines } = scope;
  // One text for any number of ids (one prepared statement): the ids go as an array literal. They are
  // integers (the contract's RowIdSchema); bigint, so an id beyond int is "not payable", not an error.
  const lineFilter = onlyLines
    ? sql` and oi.id = any(${`{${onlyLines.map((id) => Math.trunc(id)).join(',')}}`}::bigint[])`
    : sql``;
  return sql`
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
        where o.visit_id = ${visitId} and o.status in ('ACCEPTED', 'SERVED', 'PAID')${lineFilter}) l), '[]'::json) as lines,
      ${
        onlyLines
          ? sql`null::json as split, 0 as lapsed,`
          : sql`(select json_build_object('id', b.id, 'shares', b.shares, 'amount', b.amount,
          'paidShares', coalesce(sum(p.share_count) filter (where p.status = 'SUCCEEDED'), 0),
          'paidAmount', coalesce(sum(p.share_amount) filter (where p.status = 'SUCCEEDED'), 0),
          'reservedShares', coalesce(sum(p.share_count) filter (where p.status = 'PENDING'), 0),
          'reservedAmount', coalesce(sum(p.share_amount) filter (where p.status = 'PENDING'), 0))
        from ${billSplit} b left join ${payment} p on p.split_id = b.id
        where b.visit_id = ${visitId} and b.status = 'OPEN' group by b.id) as split,
      (select count(*)::int from ${payment} p
        where p.visit_id = ${visitId} and p.status = 'PENDING' and p.expires_at <= now()) as lapsed,`
      }
      ${
        byKey
          ? sql`(select json_build_object('id', p.id, 'requestHash', p.request_hash) from ${payment} p
        where p.session_id = ${byKey.sessionId} and p.idempotency_key = ${byKey.key})`
          : sql`null::json`
      } as previous`;
}

/** The visit state from the answer of visitStateStatement. */
export function parseVisitState(result: unknown): VisitState {
  const row = rowsOf<{ lines: unknown; split: unknown; lapsed: number; previous: unknown }>(result)[0];
  const parse = <T>(value: unknown): T =>
    typeof value === 'string' ? (JSON.parse(value) as T) : (value as T);
  const lines = parse<LineState[]>(row?.lines ?? []).map((line) => ({
    ...line,
    vatPercent: Number(line.vatPercent),
  }));
  return {
    lines,
    split: parse<SplitState | null>(row?.split ?? null),
    lapsed: Number(row?.lapsed ?? 0),
    previous: parse<VisitState['previous']>(row?.previous ?? null),
  };
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
 * readVisit) — what settling takes first; the payment's own columns may then be older than the lock (read
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
          'unitPrice', oi.unit_price, 'vatPercent', oi.vat_percent, 'quantity', pi.quantity, 'amount', pi.amount)
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
    items: parseJson<StoredPaymentItem[]>(row.items).map((item) => ({
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

export interface Settlement {
  paymentId: string;
  to: Exclude<PaymentStatus, 'PENDING'>;
  /** The status it leaves: PENDING, or for a late success accepted, the status we had ended it with. */
  from?: PaymentStatus;
  /** The provider's checkout is over with this settlement (its outcome came from the provider). */
  closeCheckout?: boolean;
  /** A late success accepted (docs/decisions/052). */
  lateOutcome?: 'ACCEPTED';
  tableId: number;
  visitId: number;
  method: PaymentMethod;
  amount: number;
  /** Units that become paid (SUCCEEDED only): the payment's items, and the split's claims with its last share. */
  units: { orderItemId: number; quantity: number }[];
  /** The open split this settlement closes: PAID with its last share, CANCELLED when left idle. */
  closeSplit: { id: number; status: 'PAID' | 'CANCELLED' } | null;
}

/**
 * Settles a payment in one statement, under the visit lock the caller holds: PENDING → `to` (only from
 * PENDING — nothing else happens when it had left PENDING already, `changed: false`); the units become
 * paid after their orders are locked (FOR UPDATE, in id order: a staff member serving one of them runs
 * strictly before or after); SERVED orders whose every unit is now paid become PAID; the split is closed;
 * and the events are appended (payment.changed, order.items_paid per order, order.status_changed), under
 * the table's event lock — so it is the last statement of the transaction.
 *
 * Whether an order is SERVED is judged on the row as locked (`locked_orders`), not as of the statement's
 * start: a serve committed while this statement waited for the order's lock is seen. The other lines'
 * paid quantities can only change under the visit lock, so the statement's snapshot has them.
 */
export async function settleRows(
  tx: Db,
  s: Settlement,
): Promise<{ changed: boolean; cursors: number[]; providerReference: string | null }> {
  const units = s.units.length
    ? sql.join(
        s.units.map((unit) => sql`(${unit.orderItemId}::int, ${unit.quantity}::int)`),
        sql`, `,
      )
    : null;
  const result = await tx.execute(sql`
    with fin as (
      update ${payment} set status = ${s.to}, updated_at = now()${s.to === 'SUCCEEDED' ? sql`, paid_at = now()` : sql``}${
        s.closeCheckout ? sql`, checkout_closed_at = now()` : sql``
      }${s.lateOutcome ? sql`, late_outcome = ${s.lateOutcome}` : sql``}
      where id = ${s.paymentId} and status = ${s.from ?? 'PENDING'}${s.lateOutcome ? sql` and late_outcome is null` : sql``}
      returning id, provider_reference
    ),${
      s.closeSplit
        ? sql`
    split_closed as (
      update ${billSplit} set status = ${s.closeSplit.status}, updated_at = now()
      where id = ${s.closeSplit.id} and status = 'OPEN' and exists (select 1 from fin)
      returning id
    ),`
        : sql``
    }${
      units
        ? sql`
    units (id, quantity) as (values ${units}),
    locked_orders as materialized (
      select o.id, o.status from ${orders} o
      where exists (select 1 from fin)
        and o.id in (select oi.order_id from ${orderItem} oi join units u on u.id = oi.id)
      order by o.id
      for update of o
    ),
    paid as (
      update ${orderItem} oi set paid_quantity = oi.paid_quantity + u.quantity
      from units u
      where oi.id = u.id and (select count(*) from locked_orders) > 0
      returning oi.id, oi.order_id, oi.paid_quantity
    ),
    marked as (
      update ${orders} o set status = 'PAID', updated_at = now()
      from locked_orders lo
      where o.id = lo.id and lo.status = 'SERVED'
        and not exists (select 1 from ${orderItem} oi left join paid p on p.id = oi.id
          where oi.order_id = o.id and coalesce(p.paid_quantity, oi.paid_quantity) < oi.quantity)
      returning o.id
    ),`
        : sql``
    }
    event_rows as (
      select 0::bigint as ord, 'payment.changed'::text as type, jsonb_build_object('type', 'payment.changed',
        'paymentId', ${s.paymentId}::text, 'status', ${s.to}::text, 'method', ${s.method}::text,
        'amount', ${s.amount}::int) as payload
      from fin${
        units
          ? sql`
      union all
      select (1::bigint << 40) + p.order_id, 'order.items_paid', jsonb_build_object('type', 'order.items_paid',
        'orderId', p.order_id, 'items', jsonb_agg(jsonb_build_object('orderItemId', p.id,
          'paidQuantity', p.paid_quantity) order by p.id))
      from paid p group by p.order_id
      union all
      select (2::bigint << 40) + m.id, 'order.status_changed', jsonb_build_object('type', 'order.status_changed',
        'orderId', m.id, 'status', 'PAID', 'rejectReason', null)
      from marked m`
          : sql``
      }
    ),
    ${tableEventCtes({
      tableId: s.tableId,
      visitId: s.visitId,
      events: sql`select ord, type, payload from event_rows`,
      when: sql`exists (select 1 from fin)`,
    })}
    select (select count(*) from fin)::int as changed, (select provider_reference from fin) as "providerReference",
      ${tableEventCursors} as cursors`);
  const row = rowsOf<{ changed: number; providerReference: string | null; cursors: unknown }>(result)[0];
  return {
    changed: Number(row?.changed ?? 0) === 1,
    cursors: cursorsOf(row?.cursors),
    providerReference: row?.providerReference ?? null,
  };
}

/**
 * Stores the provider's session of a payment: its reference always (so its events match and the
 * reconciler can close it), its checkout URL only while the payment is PENDING — a payment ended while
 * the provider was opening the session never hands out a way to pay. Answers the payment's status.
 */
export async function setCheckout(
  db: Db,
  paymentId: string,
  checkoutUrl: string,
  providerReference: string | null,
): Promise<PaymentStatus | null> {
  const result = await db.execute(sql`
    update ${payment} set provider_reference = ${providerReference},
      checkout_url = case when status = 'PENDING' then ${checkoutUrl} else checkout_url end
    where id = ${paymentId}
    returning status`);
  return rowsOf<{ status: PaymentStatus }>(result)[0]?.status ?? null;
}

/** The provider's checkout of this payment is over: nothing more can happen there. */
export async function markCheckoutClosed(db: Db, paymentId: string): Promise<void> {
  await db.execute(
    sql`update ${payment} set checkout_closed_at = coalesce(checkout_closed_at, now()) where id = ${paymentId}`,
  );
}

/**
 * Records what became of a late success's money (the caller holds the visit lock): REFUNDING only for a
 * payment that ended unpaid with nothing recorded yet, REFUNDED only after REFUNDING. Answers whether it
 * changed (a refund is never decided for a payment that succeeded).
 */
export async function setLateOutcome(
  tx: Db,
  paymentId: string,
  outcome: 'REFUNDING' | 'REFUNDED',
  refundReference: string | null = null,
): Promise<boolean> {
  const result = await tx.execute(sql`
    update ${payment} set late_outcome = ${outcome}, updated_at = now(),
      refund_reference = coalesce(${refundReference}, refund_reference),
      checkout_closed_at = ${outcome === 'REFUNDING' ? sql`null` : sql`coalesce(checkout_closed_at, now())`}
    where id = ${paymentId} and status in ('FAILED', 'CANCELLED')
      and ${outcome === 'REFUNDING' ? sql`late_outcome is null` : sql`late_outcome = 'REFUNDING'`}
    returning id`);
  return rowsOf<{ id: string }>(result).length === 1;
}

/**
 * Online payments of this provider whose checkout may still change (pending, ended but not known closed
 * at the provider, a refund not yet confirmed), not looked at for `afterSeconds`: claimed for this
 * instance (`reconciled_at`, skipping rows another instance is claiming) and answered, oldest first; a
 * pass (`passStartedAt`) never claims a payment twice.
 * Payments older than `maxAgeDays` are left alone.
 */
export async function claimForReconcile(
  db: Db,
  provider: string,
  options: { afterSeconds: number; limit: number; maxAgeDays: number; passStartedAt: Date },
): Promise<string[]> {
  const result = await db.execute(sql`
    update ${payment} set reconciled_at = now()
    where id in (
      select id from ${payment}
      where checkout_closed_at is null and provider_reference is not null and provider = ${provider}
        and created_at > now() - make_interval(days => ${options.maxAgeDays}::int)
        and created_at <= now() - make_interval(secs => ${options.afterSeconds}::double precision)
        and (reconciled_at is null or reconciled_at < least(now() - make_interval(secs => ${options.afterSeconds}::double precision),
          ${options.passStartedAt.toISOString()}::timestamptz))
      order by reconciled_at nulls first, created_at
      limit ${options.limit}
      for update skip locked
    )
    returning id`);
  return rowsOf<{ id: string }>(result).map((row) => row.id);
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

/**
 * Ends the visit's OPEN split (closing a table by force): CANCELLED, its claims no longer reserve
 * anything. Succeeded share payments keep their split (their receipts read it); the shares nobody paid
 * are what the restaurant wrote off by closing.
 */
export async function cancelOpenSplit(tx: Db, visitId: number): Promise<void> {
  await tx
    .update(billSplit)
    .set({ status: 'CANCELLED', updatedAt: sql`now()` })
    .where(and(eq(billSplit.visitId, visitId), eq(billSplit.status, 'OPEN')));
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

/** The database's clock (a reconcile pass is bounded by it, not by this process's clock). */
export async function databaseNow(db: Db): Promise<Date> {
  const result = await db.execute(sql`select now() as now`);
  return new Date(rowsOf<{ now: string | Date }>(result)[0]?.now ?? Date.now());
}

import type { AllergenType } from '@tablo/contract/allergens';
import type { ChoiceGroup, ChoiceOption } from '@tablo/contract/choices';
import type { OrderChoice } from '@tablo/contract/menu-options';
import type { Order, OrderItem, OrderStatus } from '@tablo/contract/order';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { jsonValue, rowsOf } from '../../db/rows.ts';
import { diningTable, orderItem, orders, restaurant, tableVisit } from '../../db/schema.ts';

/** An order as stored, with the session that placed it (never sent: readers get `isMine`). */
export type StoredOrder = Omit<Order, 'isMine'> & { sessionId: string };

export interface MenuItemForOrder {
  id: number;
  restaurantId: number;
  isActive: boolean;
  categoryActive: boolean;
  availabilityType: 'AVAILABLE' | 'SOLD_OUT';
  priceGross: number;
  vatPercent: number;
  titles: { isoCode: string; title: string }[];
  /** Issue 27: the item's active option groups, in its order. */
  groups: GroupForOrder[];
  /**
   * Issue 28: the item's windows and its category's (`categoryId` set), on the restaurant's clock, and
   * when a "sold out for today" ends (docs/decisions/075). Read with the item, in the same statement.
   */
  windows?: { categoryId: number | null; weekdays: number[]; startMinute: number; endMinute: number }[];
  timeZone?: string;
  soldOutUntil?: string | null;
}

type Titles = { isoCode: string; title: string }[];

export interface GroupForOrder extends ChoiceGroup {
  titles: Titles;
  options: (ChoiceOption & { titles: Titles; allergens: AllergenType[] })[];
}

/**
 * Serialises requests with one (session, key) within the caller's transaction. False: another request
 * with the same key holds it right now. In the same statement, waits for the session's own lock: a
 * session's orders are placed one after the other, so that its per-minute count is exact even when two
 * instances receive its orders at once (docs/decisions/028-abuse-limits.md). The key's lock is tried
 * first and the session's lock is the only one ever waited for, so two orders cannot deadlock.
 */
export async function tryLockIdempotencyKey(tx: Db, sessionId: string, key: string): Promise<boolean> {
  const result = await tx.execute<{ locked: boolean }>(
    sql`select pg_try_advisory_xact_lock(hashtext(${sessionId}), hashtext(${key})) as locked,
      pg_advisory_xact_lock(hashtextextended(${sessionId}, 28)) as session`,
  );
  const rows = rowsOf<{ locked: boolean }>(result);
  return rows[0]?.locked === true;
}

export interface NewOrder {
  visitId: number;
  sessionId: string;
  note: string;
  idempotencyKey: string;
  requestHash: string;
  lines: {
    menuItemId: number;
    titles: { isoCode: string; title: string }[];
    unitPrice: number;
    vatPercent: number;
    quantity: number;
    note: string;
    choices: OrderChoice[];
  }[];
}

/**
 * Inserts the order and its lines in one statement and returns it as stored, built from the inserted
 * rows (no second read: placing an order is the hot path, and every round trip costs — see
 * docs/decisions/035).
 */
export async function insertOrder(
  tx: Db,
  order: NewOrder & { tableId: number; restaurantId: number; currency: string },
): Promise<StoredOrder> {
  const total = order.lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
  const lines = sql.join(
    order.lines.map(
      (line, i) =>
        sql`(${i}::int, ${line.menuItemId}::int, ${JSON.stringify(line.titles)}::jsonb, ${line.unitPrice}::int,
          ${line.vatPercent}::numeric, ${line.quantity}::int, ${line.note}::text, ${JSON.stringify(line.choices)}::jsonb)`,
    ),
    sql`, `,
  );
  const result = await tx.execute(sql`
    with placed as (
      insert into ${orders} (visit_id, restaurant_id, session_id, note, total, idempotency_key, request_hash)
      values (${order.visitId}, ${order.restaurantId}, ${order.sessionId}, ${order.note}, ${total}, ${order.idempotencyKey}, ${order.requestHash})
      returning id, visit_id, session_id, status, note, total, reject_reason, created_at, updated_at
    ),
    lines as (
      insert into ${orderItem} (order_id, menu_item_id, titles, unit_price, vat_percent, quantity, note, choices)
      select placed.id, v.menu_item_id, v.titles, v.unit_price, v.vat_percent, v.quantity, v.note, v.choices
      from placed, (values ${lines}) as v(ord, menu_item_id, titles, unit_price, vat_percent, quantity, note, choices)
      order by v.ord
      returning id, menu_item_id, titles, unit_price, vat_percent, quantity, paid_quantity, note, choices
    )
    select placed.*, (select json_agg(json_build_object('id', l.id, 'menuItemId', l.menu_item_id,
        'titles', l.titles, 'unitPrice', l.unit_price, 'vatPercent', l.vat_percent, 'quantity', l.quantity,
        'paidQuantity', l.paid_quantity, 'note', l.note, 'choices', l.choices) order by l.id) from lines l) as lines
    from placed`);
  const row = rowsOf<Record<string, unknown>>(result)[0];
  if (!row) throw new Error('order insert returned no row');
  const items = jsonValue<Omit<OrderItem, 'lineTotal'>[]>(row.lines);
  // Same shape and key order as loadOrders, and the timestamps mapped as drizzle maps a timestamptz there
  // (new Date of the driver's value), so a replay answers the same bytes.
  return {
    id: Number(row.id),
    visitId: Number(row.visit_id),
    tableId: order.tableId,
    sessionId: String(row.session_id),
    status: row.status as OrderStatus,
    note: String(row.note),
    total: Number(row.total),
    currency: order.currency,
    rejectReason: (row.reject_reason ?? null) as string | null,
    createdAt: new Date(row.created_at as string).toISOString(),
    updatedAt: new Date(row.updated_at as string).toISOString(),
    items: items.map((line) => ({
      id: line.id,
      menuItemId: line.menuItemId,
      titles: line.titles,
      unitPrice: line.unitPrice,
      vatPercent: Number(line.vatPercent),
      quantity: line.quantity,
      paidQuantity: line.paidQuantity,
      note: line.note,
      lineTotal: line.unitPrice * line.quantity,
      choices: line.choices,
    })),
  };
}

/** An order_item row as the API shows it; the line total is derived, never stored. */
function toOrderItem(line: typeof orderItem.$inferSelect): OrderItem {
  return {
    id: line.id,
    menuItemId: line.menuItemId,
    titles: line.titles,
    unitPrice: line.unitPrice,
    vatPercent: line.vatPercent,
    quantity: line.quantity,
    paidQuantity: line.paidQuantity,
    note: line.note,
    lineTotal: line.unitPrice * line.quantity,
    choices: line.choices,
  };
}

type OrderFilter = { orderIds: number[] } | { visitIds: number[] };

/** Orders with their items, newest first. */
export async function loadOrders(db: Db, filter: OrderFilter): Promise<StoredOrder[]> {
  const ids = 'orderIds' in filter ? filter.orderIds : filter.visitIds;
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: orders.id,
      visitId: orders.visitId,
      tableId: tableVisit.tableId,
      sessionId: orders.sessionId,
      status: orders.status,
      note: orders.note,
      total: orders.total,
      currency: restaurant.currency,
      rejectReason: orders.rejectReason,
      createdAt: orders.createdAt,
      updatedAt: orders.updatedAt,
    })
    .from(orders)
    .innerJoin(tableVisit, eq(tableVisit.id, orders.visitId))
    .innerJoin(diningTable, eq(diningTable.id, tableVisit.tableId))
    .innerJoin(restaurant, eq(restaurant.id, diningTable.restaurantId))
    .where('orderIds' in filter ? inArray(orders.id, ids) : inArray(orders.visitId, ids))
    .orderBy(desc(orders.id));
  if (rows.length === 0) return [];
  const lines = await db
    .select()
    .from(orderItem)
    .where(
      inArray(
        orderItem.orderId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(orderItem.id));
  const byOrder = new Map<number, OrderItem[]>();
  for (const line of lines) {
    const list = byOrder.get(line.orderId) ?? [];
    list.push(toOrderItem(line));
    byOrder.set(line.orderId, list);
  }
  return rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    items: byOrder.get(row.id) ?? [],
  }));
}

export function asSeenBy(order: StoredOrder, readerSessionId: string | null): Order {
  const { sessionId, ...rest } = order;
  return { ...rest, isMine: readerSessionId !== null && sessionId === readerSessionId };
}

/** For the staff: the order, locked, when it belongs to the restaurant. */
export async function lockOrderOfRestaurant(
  tx: Db,
  orderId: number,
  restaurantId: number,
): Promise<{ id: number; status: OrderStatus; visitId: number; tableId: number; visitOpen: boolean } | null> {
  const [row] = await tx
    .select({
      id: orders.id,
      status: orders.status,
      visitId: orders.visitId,
      tableId: tableVisit.tableId,
      closedAt: tableVisit.closedAt,
    })
    .from(orders)
    .innerJoin(tableVisit, eq(tableVisit.id, orders.visitId))
    .innerJoin(diningTable, eq(diningTable.id, tableVisit.tableId))
    .where(and(eq(orders.id, orderId), eq(diningTable.restaurantId, restaurantId)))
    .for('update', { of: orders });
  if (!row) return null;
  return {
    id: row.id,
    status: row.status,
    visitId: row.visitId,
    tableId: row.tableId,
    visitOpen: row.closedAt === null,
  };
}

export async function setOrderStatus(
  tx: Db,
  orderId: number,
  from: OrderStatus,
  to: OrderStatus,
  rejectReason: string | null,
): Promise<boolean> {
  const updated = await tx
    .update(orders)
    .set({ status: to, rejectReason, updatedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), eq(orders.status, from)))
    .returning({ id: orders.id });
  return updated.length === 1;
}

import type { StaffBoard, StaffCursor, StaffPaymentItem, StaffPendingPayment } from '@tablo/contract/staff';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/database.ts';
import { diningTable, orderItem, payment, paymentItem, tableEvent } from '../../db/schema.ts';
import { asSeenBy, loadOrders } from '../orders/repository.ts';
import { unpaidAmounts } from '../payments/service.ts';
import { loadCalls, withoutVisit } from '../table-calls/repository.ts';
import { openVisitsOf } from './repository.ts';

export async function tableIdsOf(db: Db, restaurantId: number): Promise<number[]> {
  const rows = await db
    .select({ id: diningTable.id })
    .from(diningTable)
    .where(eq(diningTable.restaurantId, restaurantId));
  return rows.map((row) => row.id);
}

/** Every table of the restaurant with its latest table_event id (0 when its log is empty). */
export async function tableCursorsOf(db: Db, restaurantId: number): Promise<StaffCursor[]> {
  const rows = await db
    .select({
      tableId: diningTable.id,
      // max() over the (table_id, id) index: one index probe per table.
      cursor: sql<
        string | number
      >`coalesce((select max(e.id) from ${tableEvent} e where e.table_id = ${diningTable}.id), 0)`,
    })
    .from(diningTable)
    .where(eq(diningTable.restaurantId, restaurantId))
    .orderBy(asc(diningTable.id));
  return rows.map((row) => ({ tableId: row.tableId, cursor: Number(row.cursor) }));
}

/** The order lines the payments cover, by payment, in line order. */
async function pendingPaymentLines(db: Db, paymentIds: string[]): Promise<Map<string, StaffPaymentItem[]>> {
  const byPayment = new Map<string, StaffPaymentItem[]>();
  if (paymentIds.length === 0) return byPayment;
  const rows = await db
    .select({
      paymentId: paymentItem.paymentId,
      orderId: orderItem.orderId,
      orderItemId: paymentItem.orderItemId,
      quantity: paymentItem.quantity,
    })
    .from(paymentItem)
    .innerJoin(orderItem, eq(orderItem.id, paymentItem.orderItemId))
    .where(inArray(paymentItem.paymentId, paymentIds))
    .orderBy(asc(orderItem.orderId), asc(paymentItem.orderItemId));
  for (const { paymentId, ...line } of rows) {
    const list = byPayment.get(paymentId) ?? [];
    list.push(line);
    byPayment.set(paymentId, list);
  }
  return byPayment;
}

/** The visits' PENDING cash and card payments, oldest first (staff confirm or cancel them). */
export async function pendingStaffPayments(
  db: Db,
  visitIds: number[],
): Promise<Map<number, StaffPendingPayment[]>> {
  const byVisit = new Map<number, StaffPendingPayment[]>();
  if (visitIds.length === 0) return byVisit;
  const rows = await db
    .select({
      visitId: payment.visitId,
      id: payment.id,
      method: payment.method,
      amount: payment.amount,
      tip: payment.tip,
      createdAt: payment.createdAt,
      shareCount: payment.shareCount,
      itemCount: sql<string | number>`coalesce((select sum(pi.quantity) from ${paymentItem} pi
        where pi.payment_id = ${payment.id}), 0)::int`,
    })
    .from(payment)
    .where(
      and(inArray(payment.visitId, visitIds), eq(payment.status, 'PENDING'), ne(payment.method, 'ONLINE')),
    )
    .orderBy(asc(payment.createdAt), asc(payment.id));
  const lines = await pendingPaymentLines(
    db,
    rows.map((row) => row.id),
  );
  for (const row of rows) {
    if (row.method === 'ONLINE') continue;
    const list = byVisit.get(row.visitId) ?? [];
    list.push({
      id: row.id,
      method: row.method,
      amount: row.amount,
      tip: row.tip,
      createdAt: row.createdAt.toISOString(),
      itemCount: Number(row.itemCount),
      items: lines.get(row.id) ?? [],
      shareCount: row.shareCount,
    });
    byVisit.set(row.visitId, list);
  }
  return byVisit;
}

/**
 * GET /api/staff/board: the restaurant's open visits with their orders, calls, unpaid amounts (exact with
 * equal shares, docs/decisions/019-payments.md) and pending cash/card payments, and
 * every table's cursor — read in one repeatable-read snapshot, so the board is exactly the state at
 * those cursors (an event commits with the change it describes) and the staff socket's `since` built
 * from them replays exactly what came after.
 */
export async function board(database: Database, staff: { restaurantId: number }): Promise<StaffBoard> {
  return database.transaction(
    async (tx) => {
      const cursors = await tableCursorsOf(tx, staff.restaurantId);
      const visits = await openVisitsOf(tx, staff.restaurantId);
      const visitIds = visits.map((visit) => visit.visitId);
      const stored = await loadOrders(tx, { visitIds });
      const calls = await loadCalls(tx, visitIds);
      const unpaid = await unpaidAmounts(tx, visitIds);
      const payments = await pendingStaffPayments(tx, visitIds);
      return {
        visits: visits.map((visit) => {
          const orders = stored
            .filter((order) => order.visitId === visit.visitId)
            .map((order) => asSeenBy(order, null));
          return {
            ...visit,
            openedAt: visit.openedAt.toISOString(),
            orders,
            calls: calls.filter((call) => call.visitId === visit.visitId).map(withoutVisit),
            unpaidAmount: unpaid.get(visit.visitId) ?? 0,
            payments: payments.get(visit.visitId) ?? [],
          };
        }),
        cursors,
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

import type { Order } from '@tablo/contract/order';
import type { StaffBoard, StaffCursor } from '@tablo/contract/staff';
import { asc, eq, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/database.ts';
import { diningTable, tableEvent } from '../../db/schema.ts';
import { asSeenBy, loadOrders } from '../orders/repository.ts';
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

/** What is left to pay: the unpaid quantities of the not-rejected orders. */
export function unpaidAmountOf(orders: readonly Pick<Order, 'status' | 'items'>[]): number {
  let sum = 0;
  for (const order of orders) {
    if (order.status === 'REJECTED') continue;
    for (const line of order.items) sum += line.unitPrice * (line.quantity - line.paidQuantity);
  }
  return sum;
}

/**
 * GET /api/staff/board: the restaurant's open visits with their orders, calls and unpaid amounts, and
 * every table's cursor — read in one repeatable-read snapshot, so the board is exactly the state at
 * those cursors (an event commits with the change it describes) and the staff socket's `since` built
 * from them replays exactly what came after.
 */
export async function board(database: Database, staff: { restaurantId: number }): Promise<StaffBoard> {
  return database.db.transaction(
    async (tx) => {
      const cursors = await tableCursorsOf(tx, staff.restaurantId);
      const visits = await openVisitsOf(tx, staff.restaurantId);
      const visitIds = visits.map((visit) => visit.visitId);
      const stored = await loadOrders(tx, { visitIds });
      const calls = await loadCalls(tx, visitIds);
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
            unpaidAmount: unpaidAmountOf(orders),
          };
        }),
        cursors,
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { dinerSession, diningTable, restaurant } from '../../db/schema.ts';

export interface TableForJoin {
  restaurantId: number;
  restaurantEnabled: boolean;
  orderingEnabled: boolean;
  requireTableToken: boolean;
  currency: string;
  table: { id: number; tableNumber: number; isEnabled: boolean; qrToken: string } | null;
}

export async function sessionExists(db: Db, sessionId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: dinerSession.id })
    .from(dinerSession)
    .where(eq(dinerSession.id, sessionId));
  return row !== undefined;
}

/** The restaurant by short name and, when it is this restaurant's, the table. `null`: no such restaurant. */
export async function findTableForJoin(
  db: Db,
  shortName: string,
  tableId: number,
): Promise<TableForJoin | null> {
  const [row] = await db
    .select({
      restaurantId: restaurant.id,
      restaurantEnabled: restaurant.isEnabled,
      orderingEnabled: restaurant.isOrderingEnabled,
      requireTableToken: restaurant.requireTableToken,
      currency: restaurant.currency,
      tableId: diningTable.id,
      tableNumber: diningTable.tableNumber,
      tableEnabled: diningTable.isEnabled,
      qrToken: diningTable.qrToken,
    })
    .from(restaurant)
    .leftJoin(diningTable, and(eq(diningTable.restaurantId, restaurant.id), eq(diningTable.id, tableId)))
    .where(eq(restaurant.shortName, shortName));
  if (!row) return null;
  return {
    restaurantId: row.restaurantId,
    restaurantEnabled: row.restaurantEnabled,
    orderingEnabled: row.orderingEnabled,
    requireTableToken: row.requireTableToken,
    currency: row.currency,
    table:
      row.tableId === null || row.tableNumber === null || row.tableEnabled === null || row.qrToken === null
        ? null
        : {
            id: row.tableId,
            tableNumber: row.tableNumber,
            isEnabled: row.tableEnabled,
            qrToken: row.qrToken,
          },
  };
}

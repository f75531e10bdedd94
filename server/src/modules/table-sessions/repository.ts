import { and, desc, eq, isNull, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import {
  dinerSession,
  diningTable,
  restaurant,
  tableEvent,
  tableVisit,
  visitSession,
} from '../../db/schema.ts';

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

/**
 * The table's open visit, opened if there is none. Race-safe: the partial unique index allows one open
 * visit per table, so of two concurrent openers one inserts and the other reads the winner's row.
 */
export async function openVisit(tx: Db, tableId: number): Promise<number> {
  const [inserted] = await tx
    .insert(tableVisit)
    .values({ tableId })
    .onConflictDoNothing({ target: tableVisit.tableId, where: sql`closed_at is null` })
    .returning({ id: tableVisit.id });
  if (inserted) return inserted.id;
  const [existing] = await tx
    .select({ id: tableVisit.id })
    .from(tableVisit)
    .where(and(eq(tableVisit.tableId, tableId), isNull(tableVisit.closedAt)));
  if (!existing) throw new Error(`table ${tableId}: no open visit after a conflicting insert`);
  return existing.id;
}

/** Joins the session to the visit, leaving any other open visit it was in (one table at a time). */
export async function joinVisit(tx: Db, visitId: number, sessionId: string): Promise<void> {
  await tx.execute(sql`
    delete from ${visitSession}
    where ${visitSession.sessionId} = ${sessionId}
      and ${visitSession.visitId} <> ${visitId}
      and ${visitSession.visitId} in (select ${tableVisit.id} from ${tableVisit} where ${tableVisit.closedAt} is null)`);
  await tx.insert(visitSession).values({ visitId, sessionId }).onConflictDoNothing();
  await tx.update(dinerSession).set({ lastSeen: sql`now()` }).where(eq(dinerSession.id, sessionId));
}

export async function latestCursor(db: Db, tableId: number): Promise<number> {
  const [row] = await db
    .select({ cursor: max(tableEvent.id) })
    .from(tableEvent)
    .where(eq(tableEvent.tableId, tableId));
  return row?.cursor ?? 0;
}

export interface JoinedVisit {
  visitId: number;
  tableId: number;
  tableNumber: number;
  restaurantId: number;
  restaurantEnabled: boolean;
  orderingEnabled: boolean;
  tableEnabled: boolean;
  currency: string;
}

/**
 * The open visit of `tableId` that the session has joined, or null. `lock` takes a share lock on the
 * visit row so that a concurrent close waits for the caller's transaction (and vice versa).
 */
export async function findJoinedOpenVisit(
  db: Db,
  sessionId: string,
  tableId: number,
  lock = false,
): Promise<JoinedVisit | null> {
  const query = db
    .select({
      visitId: tableVisit.id,
      tableId: diningTable.id,
      tableNumber: diningTable.tableNumber,
      restaurantId: restaurant.id,
      restaurantEnabled: restaurant.isEnabled,
      orderingEnabled: restaurant.isOrderingEnabled,
      tableEnabled: diningTable.isEnabled,
      currency: restaurant.currency,
    })
    .from(visitSession)
    .innerJoin(tableVisit, eq(tableVisit.id, visitSession.visitId))
    .innerJoin(diningTable, eq(diningTable.id, tableVisit.tableId))
    .innerJoin(restaurant, eq(restaurant.id, diningTable.restaurantId))
    .where(
      and(
        eq(visitSession.sessionId, sessionId),
        eq(tableVisit.tableId, tableId),
        isNull(tableVisit.closedAt),
      ),
    );
  const [row] = lock ? await query.for('share', { of: tableVisit }) : await query;
  return row ?? null;
}

/** True when the session once joined a visit of this table that has since closed (and no open one). */
export async function hadClosedVisitAt(db: Db, sessionId: string, tableId: number): Promise<boolean> {
  const [row] = await db
    .select({ visitId: tableVisit.id })
    .from(visitSession)
    .innerJoin(tableVisit, eq(tableVisit.id, visitSession.visitId))
    .where(and(eq(visitSession.sessionId, sessionId), eq(tableVisit.tableId, tableId)))
    .orderBy(desc(tableVisit.id))
    .limit(1);
  return row !== undefined;
}

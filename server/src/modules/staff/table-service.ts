import { type StaffTable, type StaffTables, staffCan } from '@tablo/contract/staff';
import type { TableCall } from '@tablo/contract/table-call';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { notifyMenuChanged, notifyStaffTableChanged } from '../../db/channels.ts';
import type { Database, Db } from '../../db/database.ts';
import { diningTable, orders, restaurant, tableCall, tableVisit } from '../../db/schema.ts';
import { notFound } from '../../lib/http-error.ts';
import { unpaidAmounts } from '../payments/service.ts';
import { newTableToken, tableOrderUrl } from '../restaurants/manage-tables.ts';
import { STAFF_TEXTS, type StaffContext } from './service.ts';

/** The staff console's tables: each with its open visit, what is left to pay and its calls. */

/** The language a table's QR code opens in (the CLI's `table-urls` default). */
const QR_LANGUAGE = 'hu';

interface TableRow {
  id: number;
  tableNumber: number;
  isEnabled: boolean;
  token: string;
}

interface VisitSummary {
  visitId: number;
  tableId: number;
  openedAt: Date;
  orderCount: number;
  unpaidAmount: number;
}

async function openVisitSummaries(db: Db, tableIds: number[]): Promise<VisitSummary[]> {
  if (tableIds.length === 0) return [];
  const rows = await db
    .select({
      visitId: tableVisit.id,
      tableId: tableVisit.tableId,
      openedAt: tableVisit.openedAt,
      orderCount: sql<number>`(select count(*) from ${orders} o where o.visit_id = table_visit.id)::int`,
    })
    .from(tableVisit)
    .where(and(inArray(tableVisit.tableId, tableIds), isNull(tableVisit.closedAt)));
  // What is left to pay, as the payments module counts it (free, reserved and unpaid equal shares).
  const unpaid = await unpaidAmounts(
    db,
    rows.map((row) => row.visitId),
  );
  return rows.map((row) => ({
    ...row,
    orderCount: Number(row.orderCount),
    unpaidAmount: unpaid.get(row.visitId) ?? 0,
  }));
}

async function callsOf(db: Db, visitIds: number[]): Promise<Map<number, TableCall[]>> {
  const byVisit = new Map<number, TableCall[]>();
  if (visitIds.length === 0) return byVisit;
  const rows = await db
    .select({
      visitId: tableCall.visitId,
      kind: tableCall.kind,
      requestedAt: tableCall.requestedAt,
      acknowledgedAt: tableCall.acknowledgedAt,
    })
    .from(tableCall)
    .where(inArray(tableCall.visitId, visitIds))
    .orderBy(asc(tableCall.requestedAt));
  for (const row of rows) {
    const calls = byVisit.get(row.visitId) ?? [];
    calls.push({
      kind: row.kind,
      requestedAt: row.requestedAt.toISOString(),
      acknowledgedAt: row.acknowledgedAt?.toISOString() ?? null,
    });
    byVisit.set(row.visitId, calls);
  }
  return byVisit;
}

async function describeTables(
  db: Db,
  staff: StaffContext,
  publicUrl: string,
  tables: TableRow[],
): Promise<StaffTable[]> {
  const visits = await openVisitSummaries(
    db,
    tables.map((t) => t.id),
  );
  const calls = await callsOf(
    db,
    visits.map((v) => v.visitId),
  );
  const showUrls = staffCan(staff.role, 'manageTables');
  return tables.map((table) => {
    const visit = visits.find((v) => v.tableId === table.id);
    return {
      tableId: table.id,
      tableNumber: table.tableNumber,
      isEnabled: table.isEnabled,
      orderingUrl: showUrls ? tableOrderUrl(publicUrl, staff.restaurantShortName, table, QR_LANGUAGE) : null,
      visit: visit
        ? {
            visitId: visit.visitId,
            openedAt: visit.openedAt.toISOString(),
            orderCount: visit.orderCount,
            unpaidAmount: visit.unpaidAmount,
          }
        : null,
      calls: visit ? (calls.get(visit.visitId) ?? []) : [],
    };
  });
}

const tableColumns = {
  id: diningTable.id,
  tableNumber: diningTable.tableNumber,
  isEnabled: diningTable.isEnabled,
  token: diningTable.qrToken,
};

/** GET /api/staff/tables: every table of the staff member's restaurant, by number. */
export async function listStaffTables(
  database: Database,
  staff: StaffContext,
  publicUrl: string,
): Promise<StaffTables> {
  const { db } = database;
  const [tables, [owner]] = await Promise.all([
    db
      .select(tableColumns)
      .from(diningTable)
      .where(eq(diningTable.restaurantId, staff.restaurantId))
      .orderBy(asc(diningTable.tableNumber)),
    db
      .select({ currency: restaurant.currency })
      .from(restaurant)
      .where(eq(restaurant.id, staff.restaurantId)),
  ]);
  return { tables: await describeTables(db, staff, publicUrl, tables), currency: owner?.currency ?? 'HUF' };
}

/**
 * Changes one table of the staff member's restaurant (another restaurant's or an unknown id: 404). In the
 * same transaction: the staff consoles of every instance are told (`table.updated`), and the cached
 * restaurant answer, which lists the tables, is rebuilt.
 */
async function changeTable(
  database: Database,
  staff: StaffContext,
  publicUrl: string,
  tableId: number,
  change: Partial<{ isEnabled: boolean; qrToken: string }>,
): Promise<StaffTable> {
  const changed = await database.transaction(async (tx) => {
    const [row] = await tx
      .update(diningTable)
      .set(change)
      .where(and(eq(diningTable.id, tableId), eq(diningTable.restaurantId, staff.restaurantId)))
      .returning(tableColumns);
    if (!row) throw notFound(STAFF_TEXTS.tableNotFound);
    await notifyStaffTableChanged(database, staff.restaurantId, tableId, tx);
    await notifyMenuChanged(database, staff.restaurantShortName, tx);
    return row;
  });
  const [described] = await describeTables(database.db, staff, publicUrl, [changed]);
  if (!described) throw new Error(`table ${tableId} vanished`);
  return described;
}

/** PATCH /api/staff/tables/:tableId — a disabled table can't be joined or ordered at; its menu still shows. */
export function setStaffTableEnabled(
  database: Database,
  staff: StaffContext,
  publicUrl: string,
  tableId: number,
  isEnabled: boolean,
): Promise<StaffTable> {
  return changeTable(database, staff, publicUrl, tableId, { isEnabled });
}

/**
 * POST /api/staff/tables/:tableId/rotate-token — the old QR code stops joining at once; diners already
 * seated at the open visit keep ordering (they joined with the token that was valid then).
 */
export function rotateStaffTableToken(
  database: Database,
  staff: StaffContext,
  publicUrl: string,
  tableId: number,
): Promise<StaffTable> {
  return changeTable(database, staff, publicUrl, tableId, { qrToken: newTableToken() });
}

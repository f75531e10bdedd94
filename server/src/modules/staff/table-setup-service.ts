import { type AddTablesRequest, MAX_TABLES_AT_ONCE } from '@tablo/contract/restaurant-setup';
import type { StaffTables } from '@tablo/contract/staff';
import { and, eq } from 'drizzle-orm';
import { notifyMenuChanged, notifyStaffTableChanged } from '../../db/channels.ts';
import type { Database } from '../../db/database.ts';
import { diningTable, tableVisit } from '../../db/schema.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { InvalidInputError, ManagementError } from '../restaurants/errors.ts';
import { addTablesWithin } from '../restaurants/manage-tables.ts';
import { STAFF_TEXTS, type StaffContext } from './service.ts';
import { listStaffTables } from './table-service.ts';

/** Table numbers of ranges, in order: [{from: 1, to: 3}, {from: 8, to: 8}] → 1, 2, 3, 8. */
export function numbersOfRanges(ranges: { from: number; to: number }[]): number[] {
  const numbers: number[] = [];
  for (const { from, to } of ranges) {
    if (numbers.length + (to - from + 1) > MAX_TABLES_AT_ONCE)
      throw new HttpError(400, `ranges: at most ${MAX_TABLES_AT_ONCE} tables at once`);
    for (let n = from; n <= to; n += 1) numbers.push(n);
  }
  const repeated = [...new Set(numbers.filter((n, i) => numbers.indexOf(n) !== i))];
  if (repeated.length > 0) throw new HttpError(400, `ranges: table ${repeated.join(', ')} given twice`);
  return numbers;
}

/**
 * POST /api/staff/tables: the next `count` numbers or exactly the ranges' numbers, each with its own QR
 * token; all or none (a number already taken answers 409). Answers every table of the restaurant.
 */
export async function addStaffTables(
  database: Database,
  staff: StaffContext,
  publicUrl: string,
  request: AddTablesRequest,
): Promise<StaffTables> {
  const which =
    request.count !== undefined
      ? { count: request.count }
      : { numbers: numbersOfRanges(request.ranges ?? []) };
  const field = request.count !== undefined ? 'count' : 'ranges';
  try {
    await database.transaction(async (tx) => {
      const added = await addTablesWithin(tx, staff.restaurantShortName, which);
      // Every console of the restaurant, on every instance, lists the new tables (`table.updated`); the
      // restaurant answer lists the tables and is cached on every instance.
      for (const table of added) await notifyStaffTableChanged(database, staff.restaurantId, table.id, tx);
      await notifyMenuChanged(database, staff.restaurantShortName, tx);
    });
  } catch (error) {
    if (error instanceof InvalidInputError) throw new HttpError(400, `${field}: ${error.message}`);
    if (error instanceof ManagementError) throw new HttpError(409, `${field}: ${error.message}`);
    throw error;
  }
  return listStaffTables(database, staff, publicUrl);
}

/**
 * DELETE /api/staff/tables/:tableId: removes a table set up by mistake. One with an open visit answers
 * 409 (close it first); one with past visits too, since its orders and payments are the restaurant's
 * records (disable it instead: decision 061). The table's row is locked first, so a diner joining at the
 * same moment either comes first (409) or finds no table.
 */
export async function removeStaffTable(
  database: Database,
  staff: StaffContext,
  tableId: number,
): Promise<void> {
  await database.transaction(async (tx) => {
    const [table] = await tx
      .select({ id: diningTable.id, tableNumber: diningTable.tableNumber })
      .from(diningTable)
      .where(and(eq(diningTable.id, tableId), eq(diningTable.restaurantId, staff.restaurantId)))
      .for('update');
    if (!table) throw notFound(STAFF_TEXTS.tableNotFound);
    const visits = await tx
      .select({ closedAt: tableVisit.closedAt })
      .from(tableVisit)
      .where(eq(tableVisit.tableId, tableId));
    if (visits.some((visit) => visit.closedAt === null))
      throw new HttpError(409, `Table ${table.tableNumber} has an open visit: close the table first`);
    if (visits.length > 0)
      throw new HttpError(
        409,
        `Table ${table.tableNumber} has past visits whose orders and payments stay on record: disable it instead`,
      );
    await tx.delete(diningTable).where(eq(diningTable.id, tableId));
    await notifyStaffTableChanged(database, staff.restaurantId, tableId, tx);
    await notifyMenuChanged(database, staff.restaurantShortName, tx);
  });
}

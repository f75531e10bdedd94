import { randomBytes } from 'node:crypto';
import { LanguageCodeSchema } from '@tablo/contract/languages';
import { and, asc, eq, inArray, max } from 'drizzle-orm';
import { notifyMenuChanged } from '../../db/channels.ts';
import type { Database, Db } from '../../db/database.ts';
import { diningTable } from '../../db/schema.ts';
import { InvalidInputError, ManagementError, TableNotFoundError } from './errors.ts';
import { findRestaurantId, lockRestaurant } from './find-restaurant.ts';

/** Which tables to add: the next `count` numbers after the highest one, or exactly these numbers. */
export type NewTables = { count: number } | { numbers: number[] };

export interface ManagedTable {
  /** The number in the ordering URL (spec §2). */
  id: number;
  /** The number shown to diners (spec §3 `tableId`). */
  tableNumber: number;
  isEnabled: boolean;
  token: string;
}

export interface TableUrl extends ManagedTable {
  url: string;
}

export const MAX_TABLE_NUMBER = 100_000;

/** 128 random bits, hex: the `?t=` of a table's QR code. */
export function newTableToken(): string {
  return randomBytes(16).toString('hex');
}

const tableColumns = {
  id: diningTable.id,
  tableNumber: diningTable.tableNumber,
  isEnabled: diningTable.isEnabled,
  token: diningTable.qrToken,
};

function inTransaction<T>(database: Database, shortName: string, work: (tx: Db) => Promise<T>): Promise<T> {
  return database.transaction(async (tx) => {
    const result = await work(tx);
    // The restaurant answer lists the tables and is cached on every instance.
    await notifyMenuChanged(database, shortName, tx);
    return result;
  });
}

function checkNumbers(numbers: number[]): void {
  const wrong = numbers.filter((n) => !Number.isInteger(n) || n < 1 || n > MAX_TABLE_NUMBER);
  if (wrong.length > 0) {
    throw new InvalidInputError([
      `Table numbers must be whole numbers from 1 to ${MAX_TABLE_NUMBER}: ${wrong.join(', ')}`,
    ]);
  }
  const repeated = numbers.filter((n, i) => numbers.indexOf(n) !== i);
  if (repeated.length > 0) throw new InvalidInputError([`Table numbers given twice: ${repeated.join(', ')}`]);
}

export async function addTablesWithin(tx: Db, shortName: string, which: NewTables): Promise<ManagedTable[]> {
  const restaurantId = await lockRestaurant(tx, shortName);
  let numbers: number[];
  if ('count' in which) {
    if (!Number.isInteger(which.count) || which.count < 1 || which.count > 1000) {
      throw new InvalidInputError(['The number of tables to add must be a whole number from 1 to 1000']);
    }
    const [row] = await tx
      .select({ highest: max(diningTable.tableNumber) })
      .from(diningTable)
      .where(eq(diningTable.restaurantId, restaurantId));
    const highest = row?.highest ?? 0;
    numbers = Array.from({ length: which.count }, (_, i) => highest + i + 1);
  } else {
    numbers = which.numbers;
  }
  checkNumbers(numbers);
  if (numbers.length === 0) return [];
  const taken = await tx
    .select({ tableNumber: diningTable.tableNumber })
    .from(diningTable)
    .where(and(eq(diningTable.restaurantId, restaurantId), inArray(diningTable.tableNumber, numbers)));
  if (taken.length > 0) {
    const list = taken.map((t) => t.tableNumber).sort((a, b) => a - b);
    throw new ManagementError(
      `Restaurant "${shortName}" already has table ${list.join(', ')}; nothing was added.`,
    );
  }
  return tx
    .insert(diningTable)
    .values(numbers.map((tableNumber) => ({ restaurantId, tableNumber, qrToken: newTableToken() })))
    .returning(tableColumns);
}

/** Adds tables, each with its own random token; all or none. */
export function addTables(database: Database, shortName: string, which: NewTables): Promise<ManagedTable[]> {
  return inTransaction(database, shortName, (tx) => addTablesWithin(tx, shortName, which));
}

async function updateTable(
  tx: Db,
  shortName: string,
  tableNumber: number,
  change: Partial<{ isEnabled: boolean; qrToken: string }>,
): Promise<ManagedTable> {
  const restaurantId = await lockRestaurant(tx, shortName);
  const [row] = await tx
    .update(diningTable)
    .set(change)
    .where(and(eq(diningTable.restaurantId, restaurantId), eq(diningTable.tableNumber, tableNumber)))
    .returning(tableColumns);
  if (!row) throw new TableNotFoundError(shortName, tableNumber);
  return row;
}

export function setTableEnabled(
  database: Database,
  shortName: string,
  tableNumber: number,
  isEnabled: boolean,
): Promise<ManagedTable> {
  return inTransaction(database, shortName, (tx) => updateTable(tx, shortName, tableNumber, { isEnabled }));
}

/** Gives the table a new token: its old QR code stops working (print the new one). */
export function rotateTableToken(
  database: Database,
  shortName: string,
  tableNumber: number,
): Promise<ManagedTable> {
  return inTransaction(database, shortName, (tx) =>
    updateTable(tx, shortName, tableNumber, { qrToken: newTableToken() }),
  );
}

export async function listTables(db: Db, shortName: string): Promise<ManagedTable[]> {
  const restaurantId = await findRestaurantId(db, shortName);
  return db
    .select(tableColumns)
    .from(diningTable)
    .where(eq(diningTable.restaurantId, restaurantId))
    .orderBy(asc(diningTable.tableNumber));
}

/** The ordering URL a table's QR code carries: `/order/:shortName/:table/:lang?t=<token>` (spec §2). */
export function tableOrderUrl(
  publicUrl: string,
  shortName: string,
  table: ManagedTable,
  lang: string,
): string {
  const base = publicUrl.replace(/\/+$/, '');
  return `${base}/order/${encodeURIComponent(shortName)}/${table.id}/${lang}?t=${table.token}`;
}

export async function listTableUrls(
  database: Database,
  shortName: string,
  publicUrl: string,
  lang = 'hu',
): Promise<TableUrl[]> {
  const language = LanguageCodeSchema.safeParse(lang);
  if (!language.success) {
    throw new InvalidInputError([
      `Unknown language "${lang}"; use one of ${LanguageCodeSchema.options.join(', ')}`,
    ]);
  }
  const tables = await listTables(database.db, shortName);
  return tables.map((table) => ({
    ...table,
    url: tableOrderUrl(publicUrl, shortName, table, language.data),
  }));
}

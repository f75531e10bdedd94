import { MenuFileSchema } from '@tablo/contract/menu-import';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { notifyMenuChanged } from '../db/channels.ts';
import type { Database, Db } from '../db/database.ts';
import { diningTable, restaurant } from '../db/schema.ts';
import { importMenuWithin } from '../modules/menu-import/import-menu.ts';
import { findRestaurantId } from '../modules/restaurants/find-restaurant.ts';
import { createRestaurantWithin } from '../modules/restaurants/manage-restaurants.ts';
import { addTablesWithin, listTables, tableOrderUrl } from '../modules/restaurants/manage-tables.ts';
import {
  DEMO_DISABLED_TABLE,
  DEMO_RESTAURANTS,
  DEMO_SHORT_NAME,
  DEMO_TABLE_NUMBERS,
} from './demo-restaurants.ts';
import { ensureDemoStaffAndContact } from './demo-staff.ts';
import { DEMO_MENU } from './menu/demo-menu.ts';

// Any fixed number: concurrent seeders (several instances starting at once) queue on it.
const SEED_LOCK_KEY = 7_321_010;

export interface SeedOptions {
  /** Where diners reach this installation; the table-1 URL is printed with it. */
  publicUrl?: string;
  /** Receives the line with the table-1 ordering URL (console.info by default). */
  log?: (message: string) => void;
}

export interface DemoSeedResult {
  /** Ordering URL of the demo's table 1, with its token: the quickest way to try ordering. */
  tableOneUrl: string;
}

const DEFAULT_PUBLIC_URL = 'http://localhost:3000';

async function ensureDemo(tx: Db): Promise<void> {
  const menu = MenuFileSchema.parse(DEMO_MENU);
  for (const demo of DEMO_RESTAURANTS) {
    const [existing] = await tx
      .select({ id: restaurant.id })
      .from(restaurant)
      .where(eq(restaurant.shortName, demo.shortName));
    if (!existing) await createRestaurantWithin(tx, demo);
    // The demo's tables first: on an empty database their ids then equal their numbers (1–13).
    if (demo.shortName === DEMO_SHORT_NAME) await ensureDemoTables(tx);
    await importMenuWithin(tx, demo.shortName, menu);
    if (demo.shortName === DEMO_SHORT_NAME) await ensureDemoStaffAndContact(tx);
  }
}

async function ensureDemoTables(tx: Db): Promise<void> {
  const present = new Set((await listTables(tx, DEMO_SHORT_NAME)).map((t) => t.tableNumber));
  const missing = DEMO_TABLE_NUMBERS.filter((n) => !present.has(n));
  if (missing.length > 0) await addTablesWithin(tx, DEMO_SHORT_NAME, { numbers: missing });
  const demoId = await findRestaurantId(tx, DEMO_SHORT_NAME);
  await tx
    .update(diningTable)
    .set({ isEnabled: sql`${diningTable.tableNumber} <> ${DEMO_DISABLED_TABLE}` })
    .where(and(eq(diningTable.restaurantId, demoId), inArray(diningTable.tableNumber, DEMO_TABLE_NUMBERS)));
}

async function tableOneUrl(db: Db, publicUrl: string): Promise<string> {
  const tables = await listTables(db, DEMO_SHORT_NAME);
  const first = tables.find((t) => t.tableNumber === 1);
  if (!first) throw new Error('The demo restaurant has no table 1');
  return tableOrderUrl(publicUrl, DEMO_SHORT_NAME, first, 'hu');
}

function announce(url: string, options: SeedOptions): void {
  const log = options.log ?? ((message: string) => console.info(message));
  log(`Demo restaurant "${DEMO_SHORT_NAME}" is ready. Order at table 1: ${url}`);
}

async function withSeedLock<T>(database: Database, work: (tx: Db) => Promise<T>): Promise<T> {
  return database.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    return work(tx);
  });
}

async function notifyDemos(database: Database, tx: Db): Promise<void> {
  for (const demo of DEMO_RESTAURANTS) await notifyMenuChanged(database, demo.shortName, tx);
}

/**
 * Creates or refreshes the demo restaurants (`demo`, `demo-menu`, `demo-closed`): missing restaurants,
 * tables and demo staff accounts are added, the demo menu is re-imported, existing table tokens and
 * accounts are kept (demo-staff.ts).
 */
export async function seedDemo(database: Database, options: SeedOptions = {}): Promise<DemoSeedResult> {
  const url = await withSeedLock(database, async (tx) => {
    await ensureDemo(tx);
    await notifyDemos(database, tx);
    return tableOneUrl(tx, options.publicUrl ?? DEFAULT_PUBLIC_URL);
  });
  announce(url, options);
  return { tableOneUrl: url };
}

/**
 * Seeds the demo into a database without any restaurant; true when it did. Safe when several instances
 * start at once on one PostgreSQL: they queue on an advisory lock and re-check emptiness under it.
 */
export async function seedDemoIfEmpty(database: Database, options: SeedOptions = {}): Promise<boolean> {
  const url = await withSeedLock(database, async (tx) => {
    const [row] = await tx.select({ n: count() }).from(restaurant);
    if ((row?.n ?? 0) > 0) return null;
    await ensureDemo(tx);
    await notifyDemos(database, tx);
    return tableOneUrl(tx, options.publicUrl ?? DEFAULT_PUBLIC_URL);
  });
  if (url === null) return false;
  announce(url, options);
  return true;
}

import type { MenuWindow } from '@tablo/contract/menu-windows';
import { and, eq, gt, inArray, lte } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { menuItem, menuItemSoldOutUntil, menuWindow, restaurant } from '../../db/schema.ts';

/** A restaurant's windows, each named by its category or item, and the clock they are read on. */
export interface RestaurantWindows {
  timeZone: string;
  byCategory: Map<number, MenuWindow[]>;
  byItem: Map<number, MenuWindow[]>;
}

interface WindowRow {
  categoryId: number | null;
  menuItemId: number | null;
  weekdays: number[];
  startMinute: number;
  endMinute: number;
}

function push(map: Map<number, MenuWindow[]>, id: number, window: MenuWindow): void {
  const list = map.get(id) ?? [];
  list.push(window);
  map.set(id, list);
}

function group(rows: WindowRow[]): Pick<RestaurantWindows, 'byCategory' | 'byItem'> {
  const byCategory = new Map<number, MenuWindow[]>();
  const byItem = new Map<number, MenuWindow[]>();
  for (const { categoryId, menuItemId, weekdays, startMinute, endMinute } of rows) {
    const window = { weekdays: [...weekdays].sort(), startMinute, endMinute };
    if (categoryId !== null) push(byCategory, categoryId, window);
    else if (menuItemId !== null) push(byItem, menuItemId, window);
  }
  return { byCategory, byItem };
}

const windowColumns = {
  categoryId: menuWindow.categoryId,
  menuItemId: menuWindow.menuItemId,
  weekdays: menuWindow.weekdays,
  startMinute: menuWindow.startMinute,
  endMinute: menuWindow.endMinute,
};

/** One restaurant's windows (two small queries, sent together); null for an unknown restaurant. */
export async function loadRestaurantWindows(db: Db, restaurantId: number): Promise<RestaurantWindows | null> {
  const [[own], rows] = await Promise.all([
    db.select({ timeZone: restaurant.timeZone }).from(restaurant).where(eq(restaurant.id, restaurantId)),
    db
      .select(windowColumns)
      .from(menuWindow)
      .where(eq(menuWindow.restaurantId, restaurantId))
      .orderBy(menuWindow.id),
  ]);
  if (!own) return null;
  return { timeZone: own.timeZone, ...group(rows) };
}

/** The items sold out "for today" whose day has ended by `instant` (still SOLD_OUT in their row). */
export async function endedSoldOutToday(db: Db, restaurantId: number, instant: Date): Promise<Set<number>> {
  const rows = await db
    .select({ id: menuItemSoldOutUntil.menuItemId })
    .from(menuItemSoldOutUntil)
    .innerJoin(menuItem, eq(menuItem.id, menuItemSoldOutUntil.menuItemId))
    .where(and(eq(menuItem.restaurantId, restaurantId), lte(menuItemSoldOutUntil.until, instant)));
  return new Set(rows.map((row) => row.id));
}

/** The items sold out "for today" that are still so at `instant`, with when each comes back. */
export async function currentSoldOutToday(
  db: Db,
  restaurantId: number,
  instant: Date,
): Promise<{ timeZone: string; items: { menuItemId: number; until: Date }[] }> {
  const [own] = await db
    .select({ timeZone: restaurant.timeZone })
    .from(restaurant)
    .where(eq(restaurant.id, restaurantId));
  const items = await db
    .select({ menuItemId: menuItemSoldOutUntil.menuItemId, until: menuItemSoldOutUntil.until })
    .from(menuItemSoldOutUntil)
    .innerJoin(menuItem, eq(menuItem.id, menuItemSoldOutUntil.menuItemId))
    .where(and(eq(menuItem.restaurantId, restaurantId), gt(menuItemSoldOutUntil.until, instant)))
    .orderBy(menuItemSoldOutUntil.menuItemId);
  return { timeZone: own?.timeZone ?? 'Europe/Budapest', items };
}

/** What the boundary timer needs of a restaurant: its name, zone, windows and "today" ends. */
export interface BoundaryInputs {
  shortName: string;
  timeZone: string;
  windows: MenuWindow[];
  soldOutEnds: Date[];
}

/** The boundary timer's inputs of every restaurant, or of the one named (three queries either way). */
export async function loadBoundaryInputs(db: Db, shortName?: string): Promise<Map<number, BoundaryInputs>> {
  const restaurants = await db
    .select({ id: restaurant.id, shortName: restaurant.shortName, timeZone: restaurant.timeZone })
    .from(restaurant)
    .where(shortName === undefined ? undefined : eq(restaurant.shortName, shortName));
  if (restaurants.length === 0) return new Map();
  const ids = shortName === undefined ? undefined : restaurants.map((row) => row.id);
  const [windows, ends] = await Promise.all([
    db
      .select({ restaurantId: menuWindow.restaurantId, ...windowColumns })
      .from(menuWindow)
      .where(ids ? inArray(menuWindow.restaurantId, ids) : undefined),
    db
      .select({ restaurantId: menuItem.restaurantId, until: menuItemSoldOutUntil.until })
      .from(menuItemSoldOutUntil)
      .innerJoin(menuItem, eq(menuItem.id, menuItemSoldOutUntil.menuItemId))
      .where(ids ? inArray(menuItem.restaurantId, ids) : undefined),
  ]);
  const inputs = new Map<number, BoundaryInputs>(
    restaurants.map((row) => [
      row.id,
      { shortName: row.shortName, timeZone: row.timeZone, windows: [], soldOutEnds: [] },
    ]),
  );
  for (const row of windows) {
    inputs.get(row.restaurantId)?.windows.push({
      weekdays: row.weekdays,
      startMinute: row.startMinute,
      endMinute: row.endMinute,
    });
  }
  for (const row of ends) inputs.get(row.restaurantId)?.soldOutEnds.push(row.until);
  return inputs;
}

import { and, asc, eq, inArray, isNull, lt, lte } from 'drizzle-orm';
import { notifyMenuChanged } from '../../db/channels.ts';
import type { Database, Db } from '../../db/database.ts';
import {
  diningTable,
  menuBoundaryNotice,
  menuItem,
  menuItemSoldOutUntil,
  tableVisit,
} from '../../db/schema.ts';
import { appendEventToTables } from '../live/event-log.ts';
import { liveVersionOf } from '../menu-editor/draft-store.ts';

/** Notices older than this are dropped as new ones are written (a boundary is announced within seconds). */
const NOTICE_KEPT_MS = 2 * 24 * 3600_000;

/**
 * A boundary of a restaurant's menu has passed (a window opened or closed, a "sold out for today" ended).
 * Every instance's timer reaches it and calls this; the first to insert the notice row announces it, in one
 * transaction (docs/decisions/075): the ended "sold out for today" items are written back as available,
 * every instance's cached menu is rebuilt (NOTIFY), and every open table is told as publishing and sold-out
 * tell it: `item.availability_changed` for an item back in stock, `menu.published` (the live version
 * again) when windows may have moved what the menu holds, so open menus read it again. The others do
 * nothing here. Returns whether this call announced it.
 */
export async function announceBoundary(
  database: Database,
  restaurant: { id: number; shortName: string; hasWindows: boolean },
  boundaryAt: Date,
  now: Date,
): Promise<boolean> {
  return database.transaction(async (tx) => {
    const claimed = await tx
      .insert(menuBoundaryNotice)
      .values({ restaurantId: restaurant.id, boundaryAt })
      .onConflictDoNothing()
      .returning({ restaurantId: menuBoundaryNotice.restaurantId });
    if (claimed.length === 0) return false;
    await tx
      .delete(menuBoundaryNotice)
      .where(
        and(
          eq(menuBoundaryNotice.restaurantId, restaurant.id),
          lt(menuBoundaryNotice.boundaryAt, new Date(now.getTime() - NOTICE_KEPT_MS)),
        ),
      );
    const back = await writeBackEnded(tx, restaurant.id, now);
    await notifyMenuChanged(database, restaurant.shortName, tx);
    const open = await openVisits(tx, restaurant.id);
    // The last statements: each appends one event to every open table in table id order (event-log.ts).
    for (const menuItemId of back) {
      await appendEventToTables(database, tx, open, {
        type: 'item.availability_changed',
        menuItemId,
        availabilityType: 'AVAILABLE',
      });
    }
    if (restaurant.hasWindows) {
      const version = Math.max(1, await liveVersionOf(tx, restaurant.id));
      await appendEventToTables(database, tx, open, { type: 'menu.published', version });
    }
    return true;
  });
}

/** Drops the ended "sold out for today" rows and makes those still sold out available; their ids. */
async function writeBackEnded(tx: Db, restaurantId: number, now: Date): Promise<number[]> {
  const ended = await tx
    .delete(menuItemSoldOutUntil)
    .where(
      and(
        lte(menuItemSoldOutUntil.until, now),
        inArray(
          menuItemSoldOutUntil.menuItemId,
          tx.select({ id: menuItem.id }).from(menuItem).where(eq(menuItem.restaurantId, restaurantId)),
        ),
      ),
    )
    .returning({ id: menuItemSoldOutUntil.menuItemId });
  if (ended.length === 0) return [];
  const back = await tx
    .update(menuItem)
    .set({ availabilityType: 'AVAILABLE' })
    .where(
      and(
        inArray(
          menuItem.id,
          ended.map((row) => row.id),
        ),
        eq(menuItem.availabilityType, 'SOLD_OUT'),
      ),
    )
    .returning({ id: menuItem.id });
  return back.map((row) => row.id).sort((a, b) => a - b);
}

/** The restaurant's open visits in table id order (the order event locks are always taken in). */
export function openVisits(tx: Db, restaurantId: number) {
  return tx
    .select({ visitId: tableVisit.id, tableId: tableVisit.tableId })
    .from(tableVisit)
    .innerJoin(diningTable, eq(diningTable.id, tableVisit.tableId))
    .where(and(eq(diningTable.restaurantId, restaurantId), isNull(tableVisit.closedAt)))
    .orderBy(asc(tableVisit.tableId));
}

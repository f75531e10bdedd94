import { eq } from 'drizzle-orm';
import type { Database, Db } from '../../db/database.ts';
import { menuItemSoldOutUntil, restaurant as restaurantTable } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { businessDayBounds, businessDayOf } from '../../lib/zoned-time.ts';
import { notifyMenuBoundariesChanged } from './channel.ts';

/**
 * The end of the business day an instant belongs to, on the restaurant's clock (its cut-off hour, default
 * 04:00): a dish sold out "for today" at 23:30 or at 01:30 is back at the next 04:00, not at midnight.
 */
export function endOfBusinessDay(instant: Date, timeZone: string, cutoffHour: number): Date {
  return businessDayBounds(businessDayOf(instant, timeZone, cutoffHour), timeZone, cutoffHour).end;
}

/**
 * Within the caller's transaction (the item's row locked): marks the item sold out "for today" (`today`)
 * until the end of the business day, or drops that mark (available again, or sold out until changed back).
 * Says when it ends; a changed mark makes every instance's boundary timer read the next boundary again.
 */
export async function setSoldOutToday(
  database: Database,
  tx: Db,
  restaurant: { restaurantId: number; restaurantShortName: string },
  menuItemId: number,
  today: boolean,
  clock: Clock,
): Promise<Date | null> {
  const { restaurantId, restaurantShortName } = restaurant;
  const [before] = await tx
    .select({ until: menuItemSoldOutUntil.until })
    .from(menuItemSoldOutUntil)
    .where(eq(menuItemSoldOutUntil.menuItemId, menuItemId));
  if (!today) {
    if (before) {
      await tx.delete(menuItemSoldOutUntil).where(eq(menuItemSoldOutUntil.menuItemId, menuItemId));
      await notifyMenuBoundariesChanged(database, restaurantShortName, tx);
    }
    return null;
  }
  const [own] = await tx
    .select({ timeZone: restaurantTable.timeZone, cutoff: restaurantTable.businessDayCutoffHour })
    .from(restaurantTable)
    .where(eq(restaurantTable.id, restaurantId));
  if (!own) throw new Error(`restaurant ${restaurantId} vanished`);
  const until = endOfBusinessDay(clock.now(), own.timeZone, own.cutoff);
  await tx
    .insert(menuItemSoldOutUntil)
    .values({ menuItemId, until })
    .onConflictDoUpdate({ target: menuItemSoldOutUntil.menuItemId, set: { until } });
  if (before?.until.getTime() !== until.getTime())
    await notifyMenuBoundariesChanged(database, restaurantShortName, tx);
  return until;
}

import type { Restaurant } from '@tablo/contract/restaurant';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { diningTable, restaurant } from '../../db/schema.ts';
import { publicHoursOf } from '../hours/service.ts';

export interface RestaurantRef {
  id: number;
  shortName: string;
  isEnabled: boolean;
}

export async function findRestaurantRef(db: Db, shortName: string): Promise<RestaurantRef | null> {
  const [row] = await db
    .select({ id: restaurant.id, shortName: restaurant.shortName, isEnabled: restaurant.isEnabled })
    .from(restaurant)
    .where(eq(restaurant.shortName, shortName))
    .limit(1);
  return row ?? null;
}

/** spec §7 call 1: the restaurant with every table (by table number), or null when unknown. */
export async function loadRestaurant(db: Db, shortName: string): Promise<Restaurant | null> {
  const [row] = await db.select().from(restaurant).where(eq(restaurant.shortName, shortName)).limit(1);
  if (!row) return null;
  const tables = await db
    .select({ id: diningTable.id, tableId: diningTable.tableNumber, isEnabled: diningTable.isEnabled })
    .from(diningTable)
    .where(eq(diningTable.restaurantId, row.id))
    .orderBy(asc(diningTable.tableNumber));
  const hours = await publicHoursOf(db, row.id);
  return {
    shortName: row.shortName,
    isEnabled: row.isEnabled,
    isOrderingEnabled: row.isOrderingEnabled,
    name: row.name,
    image: row.imageUrl,
    descriptionHu: row.descriptionHu,
    descriptionEn: row.descriptionEn,
    currency: row.currency,
    phone: row.phone,
    reservationUrl: row.reservationUrl,
    tables,
    // Issue 28: only a restaurant with hours carries them (the answer of every other stays as it was).
    ...(hours ? { hours } : {}),
  };
}

import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { restaurant } from '../../db/schema.ts';
import { RestaurantNotFoundError } from './errors.ts';

/**
 * The restaurant's id, its row locked until the transaction ends so that two imports or table changes
 * for one restaurant run one after the other.
 */
export async function lockRestaurant(tx: Db, shortName: string): Promise<number> {
  const [row] = await tx
    .select({ id: restaurant.id })
    .from(restaurant)
    .where(eq(restaurant.shortName, shortName))
    .for('update');
  if (!row) throw new RestaurantNotFoundError(shortName);
  return row.id;
}

export async function findRestaurantId(db: Db, shortName: string): Promise<number> {
  const [row] = await db
    .select({ id: restaurant.id })
    .from(restaurant)
    .where(eq(restaurant.shortName, shortName));
  if (!row) throw new RestaurantNotFoundError(shortName);
  return row.id;
}

import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { restaurant } from '../../db/schema.ts';

/** The short names of the restaurants whose pages are public (spec §8: a disabled one is not shown). */
export async function enabledShortNames(db: Db): Promise<string[]> {
  const rows = await db
    .select({ shortName: restaurant.shortName })
    .from(restaurant)
    .where(eq(restaurant.isEnabled, true))
    .orderBy(asc(restaurant.shortName));
  return rows.map((row) => row.shortName);
}

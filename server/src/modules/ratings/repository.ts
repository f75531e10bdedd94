import type { RatingValue } from '@tablo/contract/rating';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { menuCategory, menuItem, menuItemRating, restaurant } from '../../db/schema.ts';

/** The short name of an item's restaurant when the item is on a live menu, else null. */
export async function findRateableItem(db: Db, itemId: number): Promise<string | null> {
  const [row] = await db
    .select({ shortName: restaurant.shortName })
    .from(menuItem)
    .innerJoin(menuCategory, eq(menuCategory.id, menuItem.categoryId))
    .innerJoin(restaurant, eq(restaurant.id, menuItem.restaurantId))
    .where(
      and(
        eq(menuItem.id, itemId),
        eq(menuItem.isActive, true),
        eq(menuCategory.isActive, true),
        eq(restaurant.isEnabled, true),
      ),
    )
    .limit(1);
  return row?.shortName ?? null;
}

/** One rating per (item, session): the primary key makes concurrent upserts land on one row. */
export async function upsertRating(
  db: Db,
  itemId: number,
  sessionId: string,
  value: RatingValue,
): Promise<void> {
  await db
    .insert(menuItemRating)
    .values({ itemId, sessionId, value })
    .onConflictDoUpdate({ target: [menuItemRating.itemId, menuItemRating.sessionId], set: { value } });
}

export async function deleteRating(db: Db, itemId: number, sessionId: string): Promise<void> {
  await db
    .delete(menuItemRating)
    .where(and(eq(menuItemRating.itemId, itemId), eq(menuItemRating.sessionId, sessionId)));
}

/** Imported base counts plus live ratings. */
export async function itemCounts(
  db: Db,
  itemId: number,
): Promise<{ likeCount: number; dislikeCount: number }> {
  const [row] = await db
    .select({
      likeCount: sql<number>`(${menuItem.baseLikeCount} + count(${menuItemRating.value}) filter (where ${menuItemRating.value} = 'LIKE'))::int`,
      dislikeCount: sql<number>`(${menuItem.baseDislikeCount} + count(${menuItemRating.value}) filter (where ${menuItemRating.value} = 'DISLIKE'))::int`,
    })
    .from(menuItem)
    .leftJoin(menuItemRating, eq(menuItemRating.itemId, menuItem.id))
    .where(eq(menuItem.id, itemId))
    .groupBy(menuItem.id);
  return { likeCount: Number(row?.likeCount ?? 0), dislikeCount: Number(row?.dislikeCount ?? 0) };
}

/** The session's ratings of one restaurant's items. */
export async function sessionRatings(
  db: Db,
  sessionId: string,
  restaurantId: number,
): Promise<{ menuItemId: number; rating: RatingValue }[]> {
  return db
    .select({ menuItemId: menuItemRating.itemId, rating: menuItemRating.value })
    .from(menuItemRating)
    .innerJoin(menuItem, eq(menuItem.id, menuItemRating.itemId))
    .where(and(eq(menuItemRating.sessionId, sessionId), eq(menuItem.restaurantId, restaurantId)))
    .orderBy(menuItemRating.itemId);
}

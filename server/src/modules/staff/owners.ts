import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { restaurant, staffUser } from '../../db/schema.ts';

/**
 * A restaurant always keeps an OWNER who can log in (issue 26): demoting or disabling the last one is
 * refused, from the console and the CLI alike. Callers lock the restaurant row first (lockRestaurantById),
 * so two owners demoting each other at once run one after the other and the second is refused.
 */
export async function lockRestaurantById(tx: Db, restaurantId: number): Promise<void> {
  await tx
    .select({ id: restaurant.id })
    .from(restaurant)
    .where(eq(restaurant.id, restaurantId))
    .for('update');
}

/** Whether another enabled OWNER than `staffUserId` remains in the restaurant. */
export async function otherOwnerRemains(tx: Db, restaurantId: number, staffUserId: number): Promise<boolean> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(staffUser)
    .where(
      and(
        eq(staffUser.restaurantId, restaurantId),
        eq(staffUser.role, 'OWNER'),
        isNull(staffUser.disabledAt),
        ne(staffUser.id, staffUserId),
      ),
    );
  return (row?.count ?? 0) > 0;
}

/** Whether the change leaves an enabled OWNER without its role or its log-in. */
export function removesAnOwner(
  target: { role: string; disabledAt: Date | null },
  change: { role?: string | undefined; disabled?: boolean | undefined },
): boolean {
  if (target.role !== 'OWNER' || target.disabledAt !== null) return false;
  return (change.role !== undefined && change.role !== 'OWNER') || change.disabled === true;
}

import {
  SETUP_STEPS,
  type SetupChecklist,
  type SetupStep,
  STEPS_BEFORE_OPENING,
} from '@tablo/contract/restaurant-setup';
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { accountToken, diningTable, menuCategory, menuItem, restaurant, staffUser } from '../../db/schema.ts';

/**
 * The setup checklist (issue 26, decision 061): each step done or not, read from the data itself.
 * details: a description (Hungarian or English) and a phone number or an address, so a diner learns what
 * and where the place is; menu: an active category with an active dish; tables: an enabled table; QR
 * codes: the sheet was downloaded once or the owner ticked it; staff: another account or a pending
 * invitation; open: the restaurant is enabled.
 */
export async function setupStateOf(db: Db, restaurantId: number): Promise<Record<SetupStep, boolean>> {
  const [row] = await db
    .select({
      descriptionHu: restaurant.descriptionHu,
      descriptionEn: restaurant.descriptionEn,
      phone: restaurant.phone,
      address: restaurant.address,
      qrCodesDoneAt: restaurant.qrCodesDoneAt,
      isEnabled: restaurant.isEnabled,
    })
    .from(restaurant)
    .where(eq(restaurant.id, restaurantId));
  if (!row) throw new Error(`restaurant ${restaurantId} vanished`);
  const [menu] = await db
    .select({ n: count() })
    .from(menuItem)
    .innerJoin(menuCategory, eq(menuCategory.id, menuItem.categoryId))
    .where(
      and(
        eq(menuItem.restaurantId, restaurantId),
        eq(menuItem.isActive, true),
        eq(menuCategory.isActive, true),
      ),
    );
  const [tables] = await db
    .select({ n: count() })
    .from(diningTable)
    .where(and(eq(diningTable.restaurantId, restaurantId), eq(diningTable.isEnabled, true)));
  const [accounts] = await db
    .select({ n: count() })
    .from(staffUser)
    .where(and(eq(staffUser.restaurantId, restaurantId), isNull(staffUser.disabledAt)));
  const [invitations] = await db
    .select({ n: count() })
    .from(accountToken)
    .where(
      and(
        eq(accountToken.restaurantId, restaurantId),
        eq(accountToken.kind, 'INVITATION'),
        isNull(accountToken.usedAt),
        gt(accountToken.expiresAt, sql`now()`),
      ),
    );
  return {
    details:
      (row.descriptionHu !== '' || row.descriptionEn !== '') && (row.phone !== null || row.address !== null),
    menu: (menu?.n ?? 0) > 0,
    tables: (tables?.n ?? 0) > 0,
    qrCodes: row.qrCodesDoneAt !== null,
    staff: (accounts?.n ?? 0) > 1 || (invitations?.n ?? 0) > 0,
    open: row.isEnabled,
  };
}

export async function setupChecklist(
  db: Db,
  restaurantId: number,
  shortName: string,
): Promise<SetupChecklist> {
  const state = await setupStateOf(db, restaurantId);
  return { shortName, steps: SETUP_STEPS.map((step) => ({ step, done: state[step] })) };
}

/** What still keeps the restaurant from opening for guests; empty when it may open. */
export async function missingBeforeOpening(db: Db, restaurantId: number): Promise<SetupStep[]> {
  const state = await setupStateOf(db, restaurantId);
  return STEPS_BEFORE_OPENING.filter((step) => !state[step]);
}

/** Marks the QR codes step (the sheet's first download, or the owner's tick); `false` unticks it. */
export async function markQrCodesDone(db: Db, restaurantId: number, done = true): Promise<void> {
  await db
    .update(restaurant)
    .set({ qrCodesDoneAt: done ? sql`coalesce(${restaurant.qrCodesDoneAt}, now())` : null })
    .where(eq(restaurant.id, restaurantId));
}

import { and, asc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { diningTable, restaurant, staffSession, staffUser, tableVisit } from '../../db/schema.ts';

export interface StaffIdentity {
  staffUserId: number;
  email: string;
  role: 'OWNER' | 'MANAGER' | 'WAITER' | 'KITCHEN';
  restaurantId: number;
  restaurantShortName: string;
  restaurantName: string;
}

export async function findStaffByEmail(
  db: Db,
  email: string,
): Promise<(StaffIdentity & { passwordHash: string; disabledAt: Date | null }) | null> {
  const [row] = await db
    .select({
      staffUserId: staffUser.id,
      email: staffUser.email,
      role: staffUser.role,
      passwordHash: staffUser.passwordHash,
      disabledAt: staffUser.disabledAt,
      restaurantId: restaurant.id,
      restaurantShortName: restaurant.shortName,
      restaurantName: restaurant.name,
    })
    .from(staffUser)
    .innerJoin(restaurant, eq(restaurant.id, staffUser.restaurantId))
    .where(eq(sql`lower(${staffUser.email})`, email.toLowerCase()));
  return row ?? null;
}

export async function insertStaffSession(
  db: Db,
  session: { tokenHash: string; staffUserId: number; csrfToken: string; ttlSeconds: number },
): Promise<void> {
  await db.insert(staffSession).values({
    tokenHash: session.tokenHash,
    staffUserId: session.staffUserId,
    csrfToken: session.csrfToken,
    expiresAt: sql`now() + make_interval(secs => ${session.ttlSeconds})`,
  });
  // Expired sessions of this user are of no use to anyone.
  await db
    .delete(staffSession)
    .where(and(eq(staffSession.staffUserId, session.staffUserId), lt(staffSession.expiresAt, sql`now()`)));
}

export async function findStaffSession(
  db: Db,
  tokenHash: string,
): Promise<(StaffIdentity & { csrfToken: string }) | null> {
  const [row] = await db
    .select({
      staffUserId: staffUser.id,
      email: staffUser.email,
      role: staffUser.role,
      restaurantId: restaurant.id,
      restaurantShortName: restaurant.shortName,
      restaurantName: restaurant.name,
      csrfToken: staffSession.csrfToken,
    })
    .from(staffSession)
    .innerJoin(staffUser, eq(staffUser.id, staffSession.staffUserId))
    .innerJoin(restaurant, eq(restaurant.id, staffUser.restaurantId))
    .where(
      and(
        eq(staffSession.tokenHash, tokenHash),
        gt(staffSession.expiresAt, sql`now()`),
        // Disabling deletes the sessions too; this keeps a disabled account out even if one were left.
        isNull(staffUser.disabledAt),
      ),
    );
  return row ?? null;
}

export async function deleteStaffSession(db: Db, tokenHash: string): Promise<void> {
  await db.delete(staffSession).where(eq(staffSession.tokenHash, tokenHash));
}

export async function openVisitsOf(
  db: Db,
  restaurantId: number,
): Promise<{ visitId: number; tableId: number; tableNumber: number; openedAt: Date }[]> {
  return db
    .select({
      visitId: tableVisit.id,
      tableId: diningTable.id,
      tableNumber: diningTable.tableNumber,
      openedAt: tableVisit.openedAt,
    })
    .from(tableVisit)
    .innerJoin(diningTable, eq(diningTable.id, tableVisit.tableId))
    .where(and(eq(diningTable.restaurantId, restaurantId), isNull(tableVisit.closedAt)))
    .orderBy(asc(diningTable.tableNumber));
}

/** Closes the table's open visit; null when the table is not the restaurant's, 0 when none is open. */
/**
 * The table's open visit, row-locked like every payment write of the visit (FOR NO KEY UPDATE, see
 * VisitLock in visits/joined-visit.ts): a payment can't start or settle while the table is being closed.
 * null: no such table in the restaurant; 0: the table has no open visit.
 */
export async function lockOpenVisit(
  tx: Db,
  restaurantId: number,
  tableId: number,
): Promise<{ visitId: number; currency: string } | null | 0> {
  const [table] = await tx
    .select({ id: diningTable.id, currency: restaurant.currency })
    .from(diningTable)
    .innerJoin(restaurant, eq(restaurant.id, diningTable.restaurantId))
    .where(and(eq(diningTable.id, tableId), eq(diningTable.restaurantId, restaurantId)));
  if (!table) return null;
  const [visit] = await tx
    .select({ visitId: tableVisit.id })
    .from(tableVisit)
    .where(and(eq(tableVisit.tableId, tableId), isNull(tableVisit.closedAt)))
    .for('no key update');
  return visit ? { visitId: visit.visitId, currency: table.currency } : 0;
}

export async function closeVisit(tx: Db, visitId: number): Promise<void> {
  await tx.update(tableVisit).set({ closedAt: sql`now()` }).where(eq(tableVisit.id, visitId));
}

export async function insertStaffUser(
  db: Db,
  user: {
    restaurantId: number;
    email: string;
    passwordHash: string;
    role: StaffIdentity['role'];
    /** The language of its mails; the column's default (hu) for CLI-made accounts. */
    language?: string;
    /** Now, for an account whose address a mailed link proved (an accepted invitation). */
    emailConfirmed?: boolean;
  },
): Promise<number> {
  const { emailConfirmed, ...values } = user;
  const [row] = await db
    .insert(staffUser)
    .values({ ...values, ...(emailConfirmed ? { emailConfirmedAt: sql`now()` } : {}) })
    .returning({ id: staffUser.id });
  if (!row) throw new Error('staff_user insert returned no row');
  return row.id;
}

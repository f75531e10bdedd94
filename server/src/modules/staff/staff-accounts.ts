import { STAFF_ROLES, type StaffRole, StaffRoleSchema } from '@tablo/contract/staff';
import { asc, eq, sql } from 'drizzle-orm';
import { notifyStaffSessionsEnded } from '../../db/channels.ts';
import type { Database, Db } from '../../db/database.ts';
import { restaurant, staffSession, staffUser } from '../../db/schema.ts';
import { InvalidInputError, ManagementError } from '../restaurants/errors.ts';
import { findRestaurantId } from '../restaurants/find-restaurant.ts';
import { MIN_PASSWORD_LENGTH } from './create-staff.ts';
import { forgetLoginFailures } from './login-throttle.ts';
import { lockRestaurantById, otherOwnerRemains, removesAnOwner } from './owners.ts';
import { hashPassword } from './password.ts';

/** Managing staff accounts from the CLI: list, disable, enable, reset a password. */

export interface StaffAccount {
  id: number;
  email: string;
  role: StaffRole;
  disabledAt: Date | null;
  createdAt: Date;
}

export class StaffNotFoundError extends ManagementError {
  override name = 'StaffNotFoundError';
  constructor(readonly email: string) {
    super(`There is no staff account for ${email}. See: npm run tablo -- list-staff <shortName>`);
  }
}

const accountColumns = {
  id: staffUser.id,
  email: staffUser.email,
  role: staffUser.role,
  disabledAt: staffUser.disabledAt,
  createdAt: staffUser.createdAt,
};

const byEmail = (email: string) => eq(sql`lower(${staffUser.email})`, email.trim().toLowerCase());

export async function listStaff(db: Db, shortName: string): Promise<StaffAccount[]> {
  const restaurantId = await findRestaurantId(db, shortName);
  return db
    .select(accountColumns)
    .from(staffUser)
    .where(eq(staffUser.restaurantId, restaurantId))
    .orderBy(asc(sql`lower(${staffUser.email})`));
}

/** The account's row, locked after its restaurant's (owners.ts: team changes run one after the other). */
async function lockAccount(tx: Db, email: string) {
  const [found] = await tx
    .select({ restaurantId: staffUser.restaurantId })
    .from(staffUser)
    .where(byEmail(email));
  if (!found) throw new StaffNotFoundError(email);
  await lockRestaurantById(tx, found.restaurantId);
  const [row] = await tx
    .select({ ...accountColumns, restaurantId: staffUser.restaurantId, shortName: restaurant.shortName })
    .from(staffUser)
    .innerJoin(restaurant, eq(restaurant.id, staffUser.restaurantId))
    .where(byEmail(email))
    .for('update', { of: staffUser });
  if (!row) throw new StaffNotFoundError(email);
  return row;
}

async function keepAnOwner(
  tx: Db,
  account: Awaited<ReturnType<typeof lockAccount>>,
  change: { role?: StaffRole; disabled?: boolean },
): Promise<void> {
  if (removesAnOwner(account, change) && !(await otherOwnerRemains(tx, account.restaurantId, account.id))) {
    throw new ManagementError(
      `${account.email} is the last owner of "${account.shortName}" who can log in: make someone else an owner first.`,
    );
  }
}

/**
 * Disables (it can't log in; its sessions end at once, its staff sockets close on every instance) or
 * enables again. Answers the account; disabling an account that is disabled keeps its first date. The
 * restaurant's last owner who can log in is not disabled.
 */
export function setStaffDisabled(
  database: Database,
  email: string,
  disabled: boolean,
): Promise<StaffAccount> {
  return database.transaction(async (tx) => {
    const account = await lockAccount(tx, email);
    await keepAnOwner(tx, account, { disabled });
    const [row] = await tx
      .update(staffUser)
      .set({ disabledAt: disabled ? sql`coalesce(${staffUser.disabledAt}, now())` : null })
      .where(eq(staffUser.id, account.id))
      .returning(accountColumns);
    if (!row) throw new StaffNotFoundError(email);
    if (disabled) {
      await tx.delete(staffSession).where(eq(staffSession.staffUserId, row.id));
      await notifyStaffSessionsEnded(database, row.id, tx);
    }
    return row;
  });
}

/** A new role (from the next request on: sessions read the role each time); the last owner keeps theirs. */
export function setStaffRole(database: Database, email: string, role: string): Promise<StaffAccount> {
  const parsed = StaffRoleSchema.safeParse(role.trim().toUpperCase());
  if (!parsed.success) throw new InvalidInputError([`role: must be one of ${STAFF_ROLES.join(', ')}`]);
  return database.transaction(async (tx) => {
    const account = await lockAccount(tx, email);
    await keepAnOwner(tx, account, { role: parsed.data });
    const [row] = await tx
      .update(staffUser)
      .set({ role: parsed.data })
      .where(eq(staffUser.id, account.id))
      .returning(accountColumns);
    if (!row) throw new StaffNotFoundError(email);
    return row;
  });
}

/** A new password: every session of the account ends (whoever knew the old one is logged out). */
export async function resetStaffPassword(
  database: Database,
  email: string,
  password: string,
): Promise<StaffAccount> {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new InvalidInputError([`password: the password needs at least ${MIN_PASSWORD_LENGTH} characters`]);
  }
  if (password.length > 200) throw new InvalidInputError(['password: at most 200 characters']);
  const passwordHash = await hashPassword(password);
  return database.transaction(async (tx) => {
    const [row] = await tx
      .update(staffUser)
      .set({ passwordHash })
      .where(byEmail(email))
      .returning(accountColumns);
    if (!row) throw new StaffNotFoundError(email);
    await tx.delete(staffSession).where(eq(staffSession.staffUserId, row.id));
    await forgetLoginFailures(tx, row.email);
    await notifyStaffSessionsEnded(database, row.id, tx);
    return row;
  });
}

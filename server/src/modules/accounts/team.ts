import type {
  InviteRequest,
  Team,
  TeamInvitation,
  TeamMember,
  UpdateMemberRequest,
} from '@tablo/contract/accounts';
import { type StaffRole, staffCan } from '@tablo/contract/staff';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { notifyStaffSessionsEnded } from '../../db/channels.ts';
import type { Db } from '../../db/database.ts';
import { accountToken, staffSession, staffUser } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { lockRestaurantById, otherOwnerRemains, removesAnOwner } from '../staff/owners.ts';
import { findStaffByEmail } from '../staff/repository.ts';
import type { StaffContext } from '../staff/service.ts';
import { type AccountsDeps, composeMail } from './account-mail.ts';
import { ACCOUNT_TEXTS } from './account-texts.ts';
import { restaurantName, sendResetLink } from './links.ts';
import { issueToken } from './tokens.ts';

/**
 * The team screen's rules (issue 26): OWNER manages everyone, MANAGER everyone but owners (an owner's
 * account, making someone an owner, inviting one). Every id is looked up inside the caller's restaurant:
 * another restaurant's member or invitation is 404, as everywhere in the staff API (decision 009).
 */

const memberColumns = {
  id: staffUser.id,
  email: staffUser.email,
  role: staffUser.role,
  disabledAt: staffUser.disabledAt,
  emailConfirmedAt: staffUser.emailConfirmedAt,
  createdAt: staffUser.createdAt,
  language: staffUser.language,
};
interface MemberRow {
  id: number;
  email: string;
  role: StaffRole;
  disabledAt: Date | null;
  emailConfirmedAt: Date | null;
  createdAt: Date;
  language: string;
}

function toMember(row: MemberRow): TeamMember {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    disabled: row.disabledAt !== null,
    emailConfirmed: row.emailConfirmedAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

const invitationColumns = {
  id: accountToken.id,
  email: accountToken.email,
  role: accountToken.role,
  createdAt: accountToken.createdAt,
  expiresAt: accountToken.expiresAt,
  expired: sql<boolean>`${accountToken.expiresAt} <= now()`,
};

const pendingInvitations = (restaurantId: number) =>
  and(
    eq(accountToken.restaurantId, restaurantId),
    eq(accountToken.kind, 'INVITATION'),
    isNull(accountToken.usedAt),
  );

function toInvitation(row: {
  id: number;
  email: string;
  role: TeamInvitation['role'] | null;
  createdAt: Date;
  expiresAt: Date;
  expired: boolean;
}): TeamInvitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role ?? 'WAITER',
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    expired: row.expired,
  };
}

export async function listTeam(db: Db, staff: StaffContext): Promise<Team> {
  const members = await db
    .select(memberColumns)
    .from(staffUser)
    .where(eq(staffUser.restaurantId, staff.restaurantId))
    .orderBy(asc(sql`lower(${staffUser.email})`));
  const invitations = await db
    .select(invitationColumns)
    .from(accountToken)
    .where(pendingInvitations(staff.restaurantId))
    .orderBy(asc(accountToken.createdAt), asc(accountToken.id));
  return { members: members.map(toMember), invitations: invitations.map(toInvitation) };
}

function assertMayTouchOwners(staff: StaffContext): void {
  if (!staffCan(staff.role, 'manageOwners')) throw new HttpError(403, ACCOUNT_TEXTS.ownersOnly);
}

/**
 * Mails a one-time link; inviting an address again replaces its earlier link. An address that already has
 * an account (here or in another restaurant: addresses are unique) is 409.
 */
export async function invite(
  deps: AccountsDeps,
  staff: StaffContext,
  request: InviteRequest,
): Promise<TeamInvitation> {
  if (request.role === 'OWNER') assertMayTouchOwners(staff);
  const { db } = deps.database;
  if (await findStaffByEmail(db, request.email)) throw new HttpError(409, ACCOUNT_TEXTS.emailTaken);
  const issued = await deps.database.transaction(async (tx) => {
    await tx
      .delete(accountToken)
      .where(
        and(
          pendingInvitations(staff.restaurantId),
          eq(sql`lower(${accountToken.email})`, request.email.toLowerCase()),
        ),
      );
    return issueToken(tx, {
      kind: 'INVITATION',
      restaurantId: staff.restaurantId,
      staffUserId: null,
      email: request.email,
      role: request.role,
      language: request.language,
    });
  });
  const place = await restaurantName(db, staff.restaurantId);
  await mailOr502(
    deps,
    composeMail(deps, request.email, request.language, issued, {
      kind: 'invitation',
      restaurantName: place.name,
      role: request.role,
    }),
  );
  const [row] = await db.select(invitationColumns).from(accountToken).where(eq(accountToken.id, issued.id));
  if (!row) throw new HttpError(404, ACCOUNT_TEXTS.invitationNotFound);
  return toInvitation(row);
}

/** Withdraws an invitation not yet accepted: its link stops working. */
export async function withdrawInvitation(db: Db, staff: StaffContext, invitationId: number): Promise<void> {
  const [row] = await db
    .select({ role: accountToken.role })
    .from(accountToken)
    .where(and(pendingInvitations(staff.restaurantId), eq(accountToken.id, invitationId)));
  if (!row) throw new HttpError(404, ACCOUNT_TEXTS.invitationNotFound);
  if (row.role === 'OWNER') assertMayTouchOwners(staff);
  await db.delete(accountToken).where(eq(accountToken.id, invitationId));
}

async function memberOf(tx: Db, staff: StaffContext, memberId: number, lock: boolean): Promise<MemberRow> {
  const query = tx
    .select(memberColumns)
    .from(staffUser)
    .where(and(eq(staffUser.id, memberId), eq(staffUser.restaurantId, staff.restaurantId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new HttpError(404, ACCOUNT_TEXTS.memberNotFound);
  return row;
}

/**
 * A new role, disabled or enabled again. Disabling ends the member's sessions at once (its consoles
 * close on every instance); a new role applies to the next request, since sessions read it each time.
 */
export async function updateMember(
  deps: AccountsDeps,
  staff: StaffContext,
  memberId: number,
  change: UpdateMemberRequest,
): Promise<TeamMember> {
  const { database } = deps;
  return database.transaction(async (tx) => {
    // Every change to the restaurant's team runs one after the other (owners.ts).
    await lockRestaurantById(tx, staff.restaurantId);
    const target = await memberOf(tx, staff, memberId, true);
    if (target.role === 'OWNER' || change.role === 'OWNER') assertMayTouchOwners(staff);
    if (change.disabled === true && target.id === staff.staffUserId)
      throw new HttpError(409, ACCOUNT_TEXTS.disableSelf);
    if (removesAnOwner(target, change) && !(await otherOwnerRemains(tx, staff.restaurantId, target.id)))
      throw new HttpError(409, ACCOUNT_TEXTS.lastOwner);
    const [row] = await tx
      .update(staffUser)
      .set({
        ...(change.role !== undefined ? { role: change.role } : {}),
        ...(change.disabled !== undefined
          ? { disabledAt: change.disabled ? sql`coalesce(${staffUser.disabledAt}, now())` : null }
          : {}),
      })
      .where(eq(staffUser.id, target.id))
      .returning(memberColumns);
    if (!row) throw new HttpError(404, ACCOUNT_TEXTS.memberNotFound);
    if (change.disabled === true) {
      await tx.delete(staffSession).where(eq(staffSession.staffUserId, target.id));
      await notifyStaffSessionsEnded(database, target.id, tx);
    }
    return toMember(row);
  });
}

/** Mails the member a reset link in their language (their password stays until they use it). */
export async function sendMemberReset(
  deps: AccountsDeps,
  staff: StaffContext,
  memberId: number,
): Promise<void> {
  const target = await memberOf(deps.database.db, staff, memberId, false);
  if (target.role === 'OWNER' && target.id !== staff.staffUserId) assertMayTouchOwners(staff);
  await sendResetLink(
    deps,
    { staffUserId: target.id, restaurantId: staff.restaurantId, email: target.email },
    target.language,
  ).catch(mailFailed(deps));
}

/** The signed-in member's own confirmation link, again (the first may be lost or expired). */
export async function resendConfirmation(deps: AccountsDeps, staff: StaffContext): Promise<void> {
  const me = await memberOf(deps.database.db, staff, staff.staffUserId, false);
  if (me.emailConfirmedAt !== null) throw new HttpError(409, ACCOUNT_TEXTS.alreadyConfirmed);
  const issued = await deps.database.transaction(async (tx) => {
    await tx
      .delete(accountToken)
      .where(
        and(
          eq(accountToken.kind, 'CONFIRM_EMAIL'),
          eq(accountToken.staffUserId, me.id),
          isNull(accountToken.usedAt),
        ),
      );
    return issueToken(tx, {
      kind: 'CONFIRM_EMAIL',
      restaurantId: staff.restaurantId,
      staffUserId: me.id,
      email: me.email,
      language: me.language,
    });
  });
  const place = await restaurantName(deps.database.db, staff.restaurantId);
  await mailOr502(
    deps,
    composeMail(deps, me.email, me.language, issued, { kind: 'confirm', restaurantName: place.name }),
  );
}

function mailFailed(deps: AccountsDeps) {
  return (error: unknown): never => {
    deps.log?.error({ err: error }, 'account mail failed');
    throw new HttpError(502, ACCOUNT_TEXTS.mailFailed);
  };
}

async function mailOr502(deps: AccountsDeps, message: Parameters<AccountsDeps['mailer']['send']>[0]) {
  await deps.mailer.send(message).catch(mailFailed(deps));
}

import type { InvitationPreview } from '@tablo/contract/accounts';
import type { StaffMe } from '@tablo/contract/staff';
import { eq, sql } from 'drizzle-orm';
import { notifyStaffSessionsEnded } from '../../db/channels.ts';
import type { Db } from '../../db/database.ts';
import { restaurant, staffSession, staffUser } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { HttpError } from '../../lib/http-error.ts';
import { forgetLoginFailures } from '../staff/login-throttle.ts';
import { hashPassword } from '../staff/password.ts';
import { findStaffByEmail, insertStaffUser } from '../staff/repository.ts';
import { openStaffSession } from '../staff/service.ts';
import { type AccountsDeps, composeMail } from './account-mail.ts';
import { ACCOUNT_TEXTS } from './account-texts.ts';
import { dropUnusedTokens, issueToken, readToken, useToken } from './tokens.ts';

/** What the mailed links do: confirm an address, reset a password, accept an invitation. */

export async function confirmEmail(deps: AccountsDeps, token: string): Promise<{ email: string }> {
  return deps.database.transaction(async (tx) => {
    const used = await useToken(tx, 'CONFIRM_EMAIL', token);
    if (used.staffUserId !== null) {
      await tx
        .update(staffUser)
        .set({ emailConfirmedAt: sql`coalesce(${staffUser.emailConfirmedAt}, now())` })
        .where(eq(staffUser.id, used.staffUserId));
    }
    return { email: used.email };
  });
}

/**
 * Mails a reset link when the address has an account that can log in; does nothing otherwise, and the
 * caller answers the same either way. A new link replaces the account's earlier unused one.
 */
export async function requestPasswordReset(
  deps: AccountsDeps,
  email: string,
  language: string,
): Promise<{ mailed: Promise<void> }> {
  const staff = await findStaffByEmail(deps.database.db, email);
  if (!staff || staff.disabledAt) return { mailed: Promise.resolve() };
  return issueResetLink(deps, staff, language);
}

export async function sendResetLink(
  deps: AccountsDeps,
  staff: { staffUserId: number; restaurantId: number; email: string },
  language: string,
): Promise<void> {
  await (await issueResetLink(deps, staff, language)).mailed;
}

/**
 * Stores the new link (replacing an earlier unused one) and starts its mail. The link is stored before the
 * caller answers, so an answer — even a later 429 — never races a write; only the mail goes on afterwards.
 */
async function issueResetLink(
  deps: AccountsDeps,
  staff: { staffUserId: number; restaurantId: number; email: string },
  language: string,
): Promise<{ mailed: Promise<void> }> {
  const issued = await deps.database.transaction(async (tx) => {
    await dropUnusedTokens(tx, 'RESET_PASSWORD', staff.staffUserId);
    return issueToken(tx, {
      kind: 'RESET_PASSWORD',
      restaurantId: staff.restaurantId,
      staffUserId: staff.staffUserId,
      email: staff.email,
      language,
    });
  });
  return { mailed: deps.mailer.send(composeMail(deps, staff.email, language, issued, { kind: 'reset' })) };
}

/**
 * Sets the new password; every session of the account ends (on every instance its sockets close) and its
 * failed log-ins are forgotten. Having the mail proves the address, so it counts as confirmed too.
 */
export async function completePasswordReset(
  deps: AccountsDeps,
  token: string,
  password: string,
): Promise<void> {
  const passwordHash = await hashPassword(password);
  await deps.database.transaction(async (tx) => {
    const used = await useToken(tx, 'RESET_PASSWORD', token);
    if (used.staffUserId === null) throw new HttpError(404, ACCOUNT_TEXTS.linkInvalid);
    const [row] = await tx
      .update(staffUser)
      .set({ passwordHash, emailConfirmedAt: sql`coalesce(${staffUser.emailConfirmedAt}, now())` })
      .where(eq(staffUser.id, used.staffUserId))
      .returning({ email: staffUser.email });
    if (!row) throw new HttpError(404, ACCOUNT_TEXTS.linkInvalid);
    await tx.delete(staffSession).where(eq(staffSession.staffUserId, used.staffUserId));
    await forgetLoginFailures(tx, row.email);
    await notifyStaffSessionsEnded(deps.database, used.staffUserId, tx);
  });
}

export async function restaurantName(
  db: Db,
  restaurantId: number,
): Promise<{ name: string; shortName: string }> {
  const [row] = await db
    .select({ name: restaurant.name, shortName: restaurant.shortName })
    .from(restaurant)
    .where(eq(restaurant.id, restaurantId));
  if (!row) throw new HttpError(404, ACCOUNT_TEXTS.linkInvalid);
  return row;
}

export async function previewInvitation(deps: AccountsDeps, token: string): Promise<InvitationPreview> {
  const found = await readToken(deps.database.db, 'INVITATION', token);
  const place = await restaurantName(deps.database.db, found.restaurantId);
  return { email: found.email, role: found.role ?? 'WAITER', restaurantName: place.name };
}

/** Creates the invitee's account with the password they chose (the link proved the address) and signs in. */
export async function acceptInvitation(
  deps: AccountsDeps,
  token: string,
  password: string,
): Promise<{ token: string; me: StaffMe }> {
  const passwordHash = await hashPassword(password);
  const created = await deps.database
    .transaction(async (tx) => {
      const used = await useToken(tx, 'INVITATION', token);
      if (await findStaffByEmail(tx, used.email)) throw new HttpError(409, ACCOUNT_TEXTS.emailTaken);
      const role = used.role ?? 'WAITER';
      const staffUserId = await insertStaffUser(tx, {
        restaurantId: used.restaurantId,
        email: used.email,
        passwordHash,
        role,
        language: used.language,
        emailConfirmed: true,
      });
      const place = await restaurantName(tx, used.restaurantId);
      return {
        staffUserId,
        email: used.email,
        role,
        restaurantId: used.restaurantId,
        restaurantShortName: place.shortName,
        restaurantName: place.name,
      };
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new HttpError(409, ACCOUNT_TEXTS.emailTaken);
      throw error;
    });
  return openStaffSession(deps.database, created);
}

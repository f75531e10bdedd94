import type { SignUpRequest } from '@tablo/contract/accounts';
import type { StaffMe } from '@tablo/contract/staff';
import { eq } from 'drizzle-orm';
import { notifyMenuChanged } from '../../db/channels.ts';
import type { Db } from '../../db/database.ts';
import { restaurant } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { HttpError } from '../../lib/http-error.ts';
import { RestaurantExistsError } from '../restaurants/errors.ts';
import { createRestaurantWithin } from '../restaurants/manage-restaurants.ts';
import { hashPassword } from '../staff/password.ts';
import { findStaffByEmail, insertStaffUser } from '../staff/repository.ts';
import { openStaffSession } from '../staff/service.ts';
import { type AccountsDeps, composeMail } from './account-mail.ts';
import { ACCOUNT_TEXTS } from './account-texts.ts';
import { issueToken } from './tokens.ts';

/** Whether a short name is free (checked as it is typed; the sign-up itself decides). */
export async function isShortNameFree(db: Db, shortName: string): Promise<boolean> {
  const [row] = await db
    .select({ id: restaurant.id })
    .from(restaurant)
    .where(eq(restaurant.shortName, shortName));
  return row === undefined;
}

/**
 * Creates the restaurant — disabled, so no guest sees it until its owner opens it — and its OWNER in
 * one transaction, signs the owner in and mails the confirmation link. A taken short name or address
 * answers 409 and creates nothing. The mail going wrong does not undo the sign-up: it is logged, and
 * the owner can ask for the link again from the console.
 */
export async function signUp(
  deps: AccountsDeps,
  input: SignUpRequest,
): Promise<{ token: string; me: StaffMe; mailed: Promise<void> }> {
  const { database } = deps;
  const passwordHash = await hashPassword(input.password);
  const created = await database
    .transaction(async (tx) => {
      const made = await createRestaurantWithin(tx, {
        shortName: input.shortName,
        name: input.restaurantName,
        isEnabled: false,
      });
      if (await findStaffByEmail(tx, input.email)) throw new HttpError(409, ACCOUNT_TEXTS.emailTaken);
      const staffUserId = await insertStaffUser(tx, {
        restaurantId: made.id,
        email: input.email,
        passwordHash,
        role: 'OWNER',
        language: input.language,
      });
      const issued = await issueToken(tx, {
        kind: 'CONFIRM_EMAIL',
        restaurantId: made.id,
        staffUserId,
        email: input.email,
        language: input.language,
      });
      // An instance may have cached "not found" for this name.
      await notifyMenuChanged(database, made.shortName, tx);
      return { restaurantId: made.id, staffUserId, issued };
    })
    .catch((error: unknown) => {
      if (error instanceof RestaurantExistsError)
        throw new HttpError(409, ACCOUNT_TEXTS.shortNameTaken(input.shortName));
      // Two sign-ups with one address at once: the unique index decides.
      if (isUniqueViolation(error)) throw new HttpError(409, ACCOUNT_TEXTS.emailTaken);
      throw error;
    });
  const session = await openStaffSession(database, {
    staffUserId: created.staffUserId,
    email: input.email,
    role: 'OWNER',
    restaurantId: created.restaurantId,
    restaurantShortName: input.shortName,
    restaurantName: input.restaurantName,
  });
  const mailed = deps.mailer.send(
    composeMail(deps, input.email, input.language, created.issued, {
      kind: 'confirm',
      restaurantName: input.restaurantName.trim(),
    }),
  );
  return { ...session, mailed };
}

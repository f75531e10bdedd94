import { createHash, randomBytes } from 'node:crypto';
import {
  CONFIRM_EMAIL_TTL_HOURS,
  INVITATION_TTL_HOURS,
  PASSWORD_RESET_TTL_HOURS,
} from '@tablo/contract/accounts';
import type { StaffRole } from '@tablo/contract/staff';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { accountToken } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { ACCOUNT_TEXTS } from './account-texts.ts';

/**
 * The one-time links' tokens (docs/decisions/058): 32 random bytes, of which only the SHA-256 is stored,
 * so a copy of the table opens nothing. A token works once and until it expires; using it locks its row,
 * so two uses at once are one use and one "already used".
 */
export type TokenKind = 'CONFIRM_EMAIL' | 'RESET_PASSWORD' | 'INVITATION';

const TTL_HOURS: Record<TokenKind, number> = {
  CONFIRM_EMAIL: CONFIRM_EMAIL_TTL_HOURS,
  RESET_PASSWORD: PASSWORD_RESET_TTL_HOURS,
  INVITATION: INVITATION_TTL_HOURS,
};

export interface IssuedToken {
  id: number;
  token: string;
  expiresAt: Date;
}

export interface TokenRow {
  id: number;
  restaurantId: number;
  staffUserId: number | null;
  email: string;
  role: StaffRole | null;
  language: string;
}

function hashOf(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export async function issueToken(
  tx: Db,
  values: {
    kind: TokenKind;
    restaurantId: number;
    staffUserId: number | null;
    email: string;
    role?: StaffRole;
    language: string;
  },
): Promise<IssuedToken> {
  const token = randomBytes(32).toString('base64url');
  const [row] = await tx
    .insert(accountToken)
    .values({
      ...values,
      tokenHash: hashOf(token),
      expiresAt: sql`now() + make_interval(hours => ${TTL_HOURS[values.kind]})`,
    })
    .returning({ id: accountToken.id, expiresAt: accountToken.expiresAt });
  if (!row) throw new Error('account_token insert returned no row');
  return { id: row.id, token, expiresAt: row.expiresAt };
}

const columns = {
  id: accountToken.id,
  restaurantId: accountToken.restaurantId,
  staffUserId: accountToken.staffUserId,
  email: accountToken.email,
  role: accountToken.role,
  language: accountToken.language,
  usedAt: accountToken.usedAt,
  expired: sql<boolean>`${accountToken.expiresAt} <= now()`,
};

function usable<T extends { usedAt: Date | null; expired: boolean }>(row: T | undefined): T {
  if (!row) throw new HttpError(404, ACCOUNT_TEXTS.linkInvalid);
  if (row.usedAt !== null) throw new HttpError(410, ACCOUNT_TEXTS.linkUsed);
  if (row.expired) throw new HttpError(410, ACCOUNT_TEXTS.linkExpired);
  return row;
}

/** What a token is for, without using it (the invitation screen shows it first); refuses like useToken. */
export async function readToken(db: Db, kind: TokenKind, token: string): Promise<TokenRow> {
  const [row] = await db
    .select(columns)
    .from(accountToken)
    .where(and(eq(accountToken.tokenHash, hashOf(token)), eq(accountToken.kind, kind)));
  return usable(row);
}

/** Uses the token inside the caller's transaction: 404 unknown, 410 used or expired. */
export async function useToken(tx: Db, kind: TokenKind, token: string): Promise<TokenRow> {
  const [row] = await tx
    .select(columns)
    .from(accountToken)
    .where(and(eq(accountToken.tokenHash, hashOf(token)), eq(accountToken.kind, kind)))
    .for('update');
  const found = usable(row);
  await tx.update(accountToken).set({ usedAt: sql`now()` }).where(eq(accountToken.id, found.id));
  return found;
}

/** Earlier unused links of this kind for the account (a new reset link replaces the last one). */
export async function dropUnusedTokens(tx: Db, kind: TokenKind, staffUserId: number): Promise<void> {
  await tx
    .delete(accountToken)
    .where(
      and(
        eq(accountToken.kind, kind),
        eq(accountToken.staffUserId, staffUserId),
        isNull(accountToken.usedAt),
      ),
    );
}

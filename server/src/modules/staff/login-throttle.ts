import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { staffLoginFailure } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';

/**
 * Failed log-ins per e-mail address, counted in the database so that every instance and every client
 * address sees the same count (docs/decisions/015-staff-console-server.md). The first
 * FREE_FAILURES failures cost nothing; each further one blocks the address for twice as long as the
 * last, from one second up to MAX_BLOCK_SECONDS. A successful log-in forgets the count.
 */
export const FREE_FAILURES = 5;
export const MAX_BLOCK_SECONDS = 5 * 60;
/** A failure this long after the previous one starts the count again. */
export const FAILURES_FORGOTTEN_AFTER_SECONDS = 24 * 60 * 60;

/** How long the n-th consecutive failure blocks the address (0 for the first FREE_FAILURES − 1). */
export function blockSecondsAfter(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(MAX_BLOCK_SECONDS, 2 ** (failures - FREE_FAILURES));
}

export class LoginBlockedError extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    super(
      429,
      `Too many failed log-ins for this e-mail address: try again in ${describeWait(retryAfterSeconds)}`,
    );
    this.name = 'LoginBlockedError';
  }
}

function describeWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}

/** Throws LoginBlockedError while the address is blocked; nothing else is tried meanwhile. */
export async function assertNotBlocked(db: Db, email: string): Promise<void> {
  const [row] = await db
    .select({
      seconds: sql<number>`ceil(extract(epoch from (${staffLoginFailure.blockedUntil} - now())))::int`,
    })
    .from(staffLoginFailure)
    .where(
      and(eq(staffLoginFailure.emailKey, emailKey(email)), gt(staffLoginFailure.blockedUntil, sql`now()`)),
    );
  if (row) throw new LoginBlockedError(Math.max(1, Number(row.seconds)));
}

/** Counts one failure in a single atomic upsert (two instances failing at once both count). */
export async function recordLoginFailure(db: Db, email: string): Promise<number> {
  const next = sql`(case
    when ${staffLoginFailure.updatedAt} < now() - make_interval(secs => ${FAILURES_FORGOTTEN_AFTER_SECONDS}) then 1
    else ${staffLoginFailure.failures} + 1 end)`;
  const [row] = await db
    .insert(staffLoginFailure)
    .values({ emailKey: emailKey(email), failures: 1, blockedUntil: null })
    .onConflictDoUpdate({
      target: staffLoginFailure.emailKey,
      set: {
        failures: next,
        blockedUntil: sql`case when ${next} >= ${FREE_FAILURES}
          then now() + make_interval(secs => least(${MAX_BLOCK_SECONDS}, power(2, least(${next} - ${FREE_FAILURES}, 16))))
          else null end`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ failures: staffLoginFailure.failures });
  return row?.failures ?? 1;
}

export async function forgetLoginFailures(db: Db, email: string): Promise<void> {
  await db.delete(staffLoginFailure).where(eq(staffLoginFailure.emailKey, emailKey(email)));
}

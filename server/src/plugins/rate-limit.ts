import { type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database, Db } from '../db/database.ts';
import { rateLimitCounter } from '../db/schema.ts';
import { secondsUntil } from '../db/seconds-until.ts';
import type { App } from '../lib/app-type.ts';
import { TooManyRequestsError } from '../lib/http-error.ts';

/**
 * Abuse limits counted in the database, so that they hold whichever instance is hit
 * (docs/decisions/028-abuse-limits.md). A route declares its limits in `config.abuseLimits`, most
 * specific first (the diner session, then the client address): one statement counts them in order, and a
 * limit is counted only while the ones before it held — a phone flooding with its own session is refused
 * on its session's count and never uses up the address's ceiling that the other guests share.
 */
export interface AbuseLimit {
  /** Names the counter (and its window) in the key: `name|subject`. */
  name: string;
  max: number;
  windowSeconds: number;
  /** Whom the limit counts; undefined skips it (the request is refused by its validation anyway). */
  subject(request: FastifyRequest): string | undefined;
  message: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    abuseLimits?: AbuseLimit[];
  }
}

export const SWEEP_EVERY_MS = 60_000;

interface Counted {
  limit: AbuseLimit;
  key: string;
}

/** The client address as Fastify sees it (X-Forwarded-For only with TRUST_PROXY). */
export const byAddress = (request: FastifyRequest): string => request.ip;

/**
 * Counts one request against each limit in one round trip. Returns the first limit exceeded with the
 * seconds until its window ends, or null. A counter whose window has ended starts again at 1.
 */
export async function countRequest(
  db: Db,
  limits: readonly Counted[],
): Promise<{ limit: AbuseLimit; retryAfterSeconds: number } | null> {
  if (limits.length === 0) return null;
  const ctes: SQL[] = [];
  limits.forEach(({ limit, key }, i) => {
    const window = sql`now() + make_interval(secs => ${limit.windowSeconds})`;
    const previous = i === 0 ? null : limits[i - 1];
    const source =
      previous === null || previous === undefined
        ? sql`values (${key}, 1, ${window})`
        : sql`select ${key}, 1, ${window} where (select hits from ${sql.raw(`c${i - 1}`)}) <= ${previous.limit.max}`;
    ctes.push(sql`${sql.raw(`c${i}`)} as (
      insert into ${rateLimitCounter} as r (key, hits, window_end) ${source}
      on conflict (key) do update set
        hits = case when r.window_end <= now() then 1 else r.hits + 1 end,
        window_end = case when r.window_end <= now() then excluded.window_end else r.window_end end
      returning hits, ${secondsUntil(sql`window_end`, limit.windowSeconds)} as retry)`);
  });
  const columns = limits.map(
    (_, i) => sql`(select json_build_array(hits, retry) from ${sql.raw(`c${i}`)}) as ${sql.raw(`c${i}`)}`,
  );
  const result = await db.execute(sql`with ${sql.join(ctes, sql`, `)} select ${sql.join(columns, sql`, `)}`);
  const row = (result as unknown as { rows: Record<string, [number, number] | null>[] }).rows[0] ?? {};
  for (const [i, { limit }] of limits.entries()) {
    const counted = row[`c${i}`];
    if (!counted) return null;
    const [hits, retry] = counted;
    if (hits > limit.max) return { limit, retryAfterSeconds: retry };
  }
  return null;
}

/** Deletes the counters whose window has ended; answers how many. */
export async function sweepCounters(db: Db): Promise<number> {
  const result = await db.execute(sql`delete from ${rateLimitCounter} where window_end <= now()`);
  return Number((result as unknown as { rowCount?: number; affectedRows?: number }).rowCount ?? 0);
}

/**
 * Enforces every route's `config.abuseLimits` before its handler (after validation, so that the body's
 * session id is known): a refusal is a 429 in the API's error shape with Retry-After, and nothing else
 * has happened. Sweeps ended windows once a minute (every instance; the delete is idempotent).
 */
export async function setupRateLimit(app: App, options: { database: Database }): Promise<void> {
  const { db } = options.database;
  app.addHook('onRoute', (route) => {
    const limits = route.config?.abuseLimits;
    if (!limits || limits.length === 0) return;
    const check = async (request: FastifyRequest) => {
      const counted: Counted[] = [];
      for (const limit of limits) {
        const subject = limit.subject(request);
        if (subject !== undefined) counted.push({ limit, key: `${limit.name}|${subject}` });
      }
      const refused = await countRequest(db, counted);
      if (refused) throw new TooManyRequestsError(refused.limit.message, refused.retryAfterSeconds);
    };
    const existing = route.preHandler;
    route.preHandler = existing ? [check, ...(Array.isArray(existing) ? existing : [existing])] : [check];
  });
  const sweeper = setInterval(() => {
    sweepCounters(db).catch((error: unknown) => app.log.warn({ err: error }, 'rate-limit sweep failed'));
  }, SWEEP_EVERY_MS);
  sweeper.unref();
  app.addHook('onClose', async () => clearInterval(sweeper));
}

/** A limit per client address per minute. */
export function perAddressPerMinute(name: string, max: number, message: string): AbuseLimit {
  return { name, max, windowSeconds: 60, subject: byAddress, message };
}

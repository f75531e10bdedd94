import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** `null` tells a listener that notifications may have been missed (the connection was re-made). */
export type NotificationHandler = (payload: string | null) => void;

export interface Database {
  readonly kind: 'pglite' | 'postgres';
  readonly db: Db;
  /** Subscribes to a NOTIFY channel; resolves to an unsubscribe function. */
  listen(channel: string, handler: NotificationHandler): Promise<() => Promise<void>>;
  /** Sends a NOTIFY (delivered on commit when called inside a transaction through `tx`). */
  notify(channel: string, payload: string, tx?: Db): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

export async function notifyWith(db: Db, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}

export type { PGlite };

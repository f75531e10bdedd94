import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { acquireDataDirLock } from './data-dir-lock.ts';
import {
  CommitNotifier,
  type Database,
  type Db,
  MIGRATIONS_FOLDER,
  type NotificationHandler,
} from './database.ts';
import * as schema from './schema.ts';

/**
 * PostgreSQL's 128 MB of shared buffers live inside PGlite's WebAssembly memory, in this process, on top of
 * the operating system's cache of the same files: 32 MB holds a restaurant's working set and keeps the
 * serving process about 100 MB smaller (docs/decisions/031).
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

/** Opens (creating if needed) the embedded database in `dataDir`, refusing a second process on it. */
export async function openPglite(dataDir: string): Promise<Database> {
  mkdirSync(dataDir, { recursive: true });
  const lock = acquireDataDirLock(dataDir);
  try {
    const client = await PGlite.create(`${dataDir}/pgdata`, { startParams: PGLITE_START_PARAMS });
    const database = wrapPglite(client, async () => {
      await client.close();
      lock.release();
    });
    await migrate(database.db as Parameters<typeof migrate>[0], { migrationsFolder: MIGRATIONS_FOLDER });
    return database;
  } catch (error) {
    lock.release();
    throw error;
  }
}

/** Wraps an already open PGlite (tests load one from a migrated template snapshot). */
export function wrapPglite(client: PGlite, close: () => Promise<void> = () => client.close()): Database {
  const db = drizzle({ client, schema }) as unknown as Db;
  // Listeners of this process by channel: notifications queued on a transaction reach them straight
  // after its commit, without a pg_notify statement (CommitNotifier). PGlite's own LISTEN stays for any
  // pg_notify run in SQL.
  const listeners = new Map<string, Set<NotificationHandler>>();
  const notifier = new CommitNotifier(db, undefined, (notifications) => {
    let failed: unknown = null;
    for (const [channel, payload] of notifications) {
      for (const handler of listeners.get(channel) ?? []) {
        try {
          handler(payload);
        } catch (error) {
          failed ??= error;
        }
      }
    }
    if (failed !== null) throw failed;
  });
  return {
    kind: 'pglite',
    db,
    transaction: notifier.transaction,
    async listen(channel: string, handler: NotificationHandler) {
      // A distinct function per subscription, so that one handler subscribed twice is called twice.
      const local: NotificationHandler = (payload) => handler(payload);
      const set = listeners.get(channel) ?? new Set();
      set.add(local);
      listeners.set(channel, set);
      const unsubscribe = await client.listen(channel, local);
      return async () => {
        set.delete(local);
        await unsubscribe();
      };
    },
    notify: (channel, payload, tx) => notifier.notify(channel, payload, tx),
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      await notifier.drain();
      await close();
    },
  };
}

export async function migratePglite(client: PGlite): Promise<void> {
  const db = drizzle({ client, schema });
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
}

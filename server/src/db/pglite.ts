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
  const notifier = new CommitNotifier(db);
  return {
    kind: 'pglite',
    db,
    async listen(channel: string, handler: NotificationHandler) {
      const unsubscribe = await client.listen(channel, (payload) => handler(payload));
      return unsubscribe;
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

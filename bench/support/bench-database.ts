import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Database } from '../../server/src/db/database.ts';
import { openPglite } from '../../server/src/db/pglite.ts';
import { openPostgres } from '../../server/src/db/postgres.ts';
import { createPostgresTestDatabaseUrl } from '../../server/test/helpers/test-database.ts';

/** The database a benchmark runs its app on: a dedicated PostgreSQL database, or a PGlite data folder. */

export type BenchKind = 'postgres' | 'pglite';

/** BENCH_KINDS (postgres,pglite): the databases to run on, in order. */
export const BENCH_KINDS = (process.env.BENCH_KINDS ?? 'postgres,pglite').split(',') as BenchKind[];

/** An admin URL of a PostgreSQL server: BENCH_DATABASE_URL or TEST_DATABASE_URL. */
export const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';

export interface BenchDatabase {
  kind: BenchKind;
  /** What the bench app (support/orders-app.ts) needs to open it: BENCH_DATABASE_URL or BENCH_DATA_DIR. */
  env: Record<string, string>;
  /** The PostgreSQL database's URL; null on PGlite. */
  url: string | null;
  /** The PGlite data folder; null on PostgreSQL. Open it only once the app has stopped (one process at a time). */
  dir: string | null;
  open(): Promise<Database>;
  /** Drops the database or removes the folder. */
  remove(): Promise<void>;
}

/** A fresh database of `kind`; `name` names the PGlite folder (tablo-bench-<name>-…). */
export async function createBenchDatabase(kind: BenchKind, name: string): Promise<BenchDatabase> {
  if (kind === 'postgres') {
    const fresh = await createPostgresTestDatabaseUrl(ADMIN_URL);
    return {
      kind,
      env: { BENCH_DATABASE_URL: fresh.url },
      url: fresh.url,
      dir: null,
      open: () => openPostgres({ url: fresh.url, poolSize: 2 }),
      remove: fresh.drop,
    };
  }
  const dir = mkdtempSync(join(tmpdir(), `tablo-bench-${name}-`));
  return {
    kind,
    env: { BENCH_DATA_DIR: dir },
    url: null,
    dir,
    open: () => openPglite(dir),
    remove: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** Whether a PostgreSQL server answers at ADMIN_URL (within 2 s). */
export async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

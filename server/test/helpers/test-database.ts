import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type Database, MIGRATIONS_FOLDER } from '../../src/db/database.ts';
import { migratePglite, wrapPglite } from '../../src/db/pglite.ts';
import { migratePostgres, openPostgres } from '../../src/db/postgres.ts';

/**
 * Fresh, migrated databases for tests. PGlite databases load from a migrated template snapshot
 * (much faster than initdb + migrate); PostgreSQL ones are CREATE DATABASE … TEMPLATE copies.
 */
export type TestDatabaseKind = 'pglite' | 'postgres';

const CACHE_DIR = join(MIGRATIONS_FOLDER, '..', '..', '.tablo-test');

function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(MIGRATIONS_FOLDER).sort()) {
    if (file.endsWith('.sql')) hash.update(readFileSync(join(MIGRATIONS_FOLDER, file)));
  }
  return hash.digest('hex').slice(0, 12);
}

let pgliteTemplateBlob: Promise<Blob> | null = null;

async function buildPgliteTemplate(): Promise<Blob> {
  const file = join(CACHE_DIR, `pglite-template-${migrationsHash()}.tar.gz`);
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const client = await PGlite.create();
  await migratePglite(client);
  const dump = await client.dumpDataDir('gzip');
  await client.close();
  const bytes = Buffer.from(await dump.arrayBuffer());
  mkdirSync(CACHE_DIR, { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, bytes);
  renameSync(tmp, file);
  return new Blob([bytes]);
}

/** The migrated template snapshot (`dumpDataDir`), built once per migrations and cached on disk. */
export function pgliteTemplate(): Promise<Blob> {
  pgliteTemplateBlob ??= buildPgliteTemplate();
  return pgliteTemplateBlob;
}

export async function createPgliteTestDatabase(): Promise<Database> {
  const client = await PGlite.create({ loadDataDir: await pgliteTemplate() });
  return wrapPglite(client);
}

/** A server's data folder (DATA_DIR) that starts as the migrated snapshot: no initdb, no migrations to run. */
export async function createPgliteDataDir(dataDir: string): Promise<void> {
  mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(`${dataDir}/pgdata`, { loadDataDir: await pgliteTemplate() });
  await client.close();
}

let postgresTemplate: Promise<string> | null = null;

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function buildPostgresTemplate(url: string): Promise<string> {
  const name = `tablo_template_${migrationsHash()}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // Serialises template creation across test processes.
    await client.query('select pg_advisory_lock(7321005)');
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) {
      await client.query(`create database ${name}`);
      await migratePostgres(withDatabase(url, name));
    }
    await client.query('select pg_advisory_unlock(7321005)');
  } finally {
    await client.end();
  }
  return name;
}

/** A fresh, migrated PostgreSQL database (several server instances in one test can open its URL). */
export async function createPostgresTestDatabaseUrl(
  url: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  postgresTemplate ??= buildPostgresTemplate(url);
  const template = await postgresTemplate;
  const name = `tablo_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(url, `create database ${name} template ${template}`);
  return {
    url: withDatabase(url, name),
    drop: () => adminQuery(url, `drop database if exists ${name} with (force)`),
  };
}

export async function createPostgresTestDatabase(url: string): Promise<Database> {
  const fresh = await createPostgresTestDatabaseUrl(url);
  const database = await openPostgres({ url: fresh.url, poolSize: 10 });
  return {
    ...database,
    async close() {
      await database.close();
      await fresh.drop();
    },
  };
}

/** The database kinds the suites run on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export function testDatabaseKinds(): TestDatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export function createTestDatabase(kind: TestDatabaseKind): Promise<Database> {
  if (kind === 'pglite') return createPgliteTestDatabase();
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  return createPostgresTestDatabase(url);
}

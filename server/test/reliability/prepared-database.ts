import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Database } from '../../src/db/database.ts';
import { openPglite, wrapPglite } from '../../src/db/pglite.ts';
import { openPostgres } from '../../src/db/postgres.ts';
import { createStaff } from '../../src/modules/staff/create-staff.ts';
import { type InsertedRestaurant, insertRestaurant } from '../helpers/fixtures.ts';
import { tableToken } from '../helpers/ordering-kit.ts';
import {
  createPostgresTestDatabaseUrl,
  pgliteTemplate,
  type TestDatabaseKind,
} from '../helpers/test-database.ts';

/**
 * A database a server child process opens as production does (DATA_DIR or DATABASE_URL), holding one
 * restaurant with tables, a menu and a waiter. `open` opens it from the test — for PGlite only while no
 * server runs on it (the folder lock), which is what a crash test wants to prove anyway.
 */

export const WAITER = { email: 'waiter@rush.test', password: 'correct horse battery' };

export const RUSH_MENU = {
  shortName: 'rush',
  name: 'Rush',
  categories: [
    {
      ref: 'all',
      items: [
        { ref: 'beer', priceGross: 990, vat: 'alcohol' as const },
        { ref: 'goulash', priceGross: 2490 },
        { ref: 'langos', priceGross: 1290 },
        { ref: 'pancake', priceGross: 890 },
      ],
    },
  ],
};

export interface PreparedDatabase {
  kind: TestDatabaseKind;
  /** What the server process needs in its environment to open this database. */
  env: Record<string, string>;
  restaurant: InsertedRestaurant;
  /** Table tokens by dining_table id. */
  tokens: Record<number, string>;
  open(): Promise<Database>;
  remove(): Promise<void>;
}

async function fill(
  database: Database,
  tables: number,
): Promise<{
  restaurant: InsertedRestaurant;
  tokens: Record<number, string>;
}> {
  const restaurant = await insertRestaurant(database.db, {
    ...RUSH_MENU,
    tables: Array.from({ length: tables }, (_, index) => index + 1),
  });
  await createStaff(database, { shortName: 'rush', ...WAITER, role: 'WAITER' });
  const tokens: Record<number, string> = {};
  for (const id of Object.values(restaurant.tables)) tokens[id] = await tableToken(database, id);
  return { restaurant, tokens };
}

export async function prepareDatabase(kind: TestDatabaseKind, tables = 20): Promise<PreparedDatabase> {
  if (kind === 'pglite') {
    const dataDir = mkdtempSync(join(tmpdir(), 'tablo-reliability-'));
    // The migrated template, loaded into the folder layout openPglite uses (no initdb: 0.8 s, not 10 s).
    const client = await PGlite.create(join(dataDir, 'pgdata'), { loadDataDir: await pgliteTemplate() });
    const database = wrapPglite(client);
    const filled = await fill(database, tables);
    await database.close();
    return {
      kind,
      env: { DATA_DIR: dataDir },
      ...filled,
      open: () => openPglite(dataDir),
      async remove() {
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const fresh = await createPostgresTestDatabaseUrl(url);
  const database = await openPostgres({ url: fresh.url, poolSize: 2 });
  const filled = await fill(database, tables);
  await database.close();
  return {
    kind,
    env: { DATABASE_URL: fresh.url },
    ...filled,
    open: () => openPostgres({ url: fresh.url, poolSize: 2 }),
    remove: () => fresh.drop(),
  };
}

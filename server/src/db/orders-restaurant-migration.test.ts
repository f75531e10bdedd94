import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { insertRestaurant } from '../../test/helpers/fixtures.ts';
import { MIGRATIONS_FOLDER } from './database.ts';
import * as schema from './schema.ts';

/**
 * Migration 0014 (docs/decisions/078) copies each order's restaurant onto it: orders placed before it, in
 * two restaurants, take their visit's table's restaurant, and the column is then NOT NULL.
 */
describe('migration 0014: the orders placed before it', () => {
  const folder = mkdtempSync(join(tmpdir(), 'tablo-migrations-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  /** The migrations folder as it was before 0014. */
  function foldersUpTo(tag: string): string {
    cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
    const journalFile = join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
    const last = journal.entries.findIndex((entry) => entry.tag === tag);
    expect(last).toBeGreaterThan(0);
    journal.entries = journal.entries.slice(0, last + 1);
    writeFileSync(journalFile, JSON.stringify(journal));
    return folder;
  }

  it('sets restaurant_id from the visit’s table, for every restaurant, and then requires it', async () => {
    const client = await PGlite.create();
    try {
      const db = drizzle({ client, schema });
      await migrate(db, { migrationsFolder: foldersUpTo('0013_menu_windows') });
      const pub = await insertRestaurant(db, { shortName: 'pub', tables: [1, 2] });
      const bistro = await insertRestaurant(db, { shortName: 'bistro', tables: [1] });
      await client.exec(`insert into diner_session (id) values ('00000000-0000-4000-8000-000000000001')`);
      const tables = [pub.tables[1], pub.tables[2], bistro.tables[1], pub.tables[1]];
      for (const [index, tableId] of tables.entries()) {
        await client.query(
          `with visit as (insert into table_visit (table_id, closed_at) values ($1, now()) returning id)
           insert into orders (visit_id, session_id, total, idempotency_key, request_hash)
           select id, '00000000-0000-4000-8000-000000000001', 0, $2, 'h' from visit`,
          [tableId, `key-${index}`],
        );
      }

      await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
      const rows = await client.query<{ restaurant_id: number }>(
        'select restaurant_id from orders order by id',
      );
      expect(rows.rows.map((row) => row.restaurant_id)).toEqual([pub.id, pub.id, bistro.id, pub.id]);
      await expect(
        client.query(
          `insert into orders (visit_id, session_id, total, idempotency_key, request_hash)
           select id, '00000000-0000-4000-8000-000000000001', 0, 'late', 'h' from table_visit limit 1`,
        ),
      ).rejects.toThrow(/restaurant_id/);
    } finally {
      await client.close();
    }
  });
});

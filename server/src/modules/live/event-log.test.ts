import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openVisit, seedRestaurant } from '../../../test/helpers/live.ts';
import { createPostgresTestDatabaseUrl } from '../../../test/helpers/test-database.ts';
import { openPostgres } from '../../db/postgres.ts';
import { appendEventToTables, appendTableEvent, readTableEvents } from './event-log.ts';

describe.runIf(process.env.TEST_DATABASE_URL)('table event log (postgres)', () => {
  it('draws an event id only once the table lock is held, so a table commits its events in id order', async () => {
    const fresh = await createPostgresTestDatabaseUrl(process.env.TEST_DATABASE_URL ?? '');
    const database = await openPostgres({ url: fresh.url, poolSize: 3 });
    const holder = new pg.Client({ connectionString: fresh.url });
    try {
      const seeded = await seedRestaurant(database, 1);
      const tableId = seeded.tableIds[0] ?? 0;
      const visitId = await openVisit(database, tableId);
      await holder.connect();
      await holder.query('begin');
      await holder.query('select pg_advisory_xact_lock(7321006, $1)', [tableId]);
      const waiting = database.transaction((tx) =>
        appendTableEvent(database, tx, { tableId, visitId, event: { type: 'table.closed' } }),
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      // The lock holder appends while the other transaction waits: its id must come first.
      const held = await holder.query<{ id: string }>(
        `insert into table_event (table_id, visit_id, type, payload)
         values ($1, $2, 'table.closed', '{"type":"table.closed"}') returning id`,
        [tableId, visitId],
      );
      await holder.query('commit');
      expect(await waiting).toBeGreaterThan(Number(held.rows[0]?.id));
    } finally {
      await holder.end().catch(() => {});
      await database.close();
      await fresh.drop();
    }
  });
  it("one event for many tables in one statement: each table's id is drawn only once its lock is held", async () => {
    const fresh = await createPostgresTestDatabaseUrl(process.env.TEST_DATABASE_URL ?? '');
    const database = await openPostgres({ url: fresh.url, poolSize: 3 });
    const holder = new pg.Client({ connectionString: fresh.url });
    try {
      const seeded = await seedRestaurant(database, 3);
      const tables: { tableId: number; visitId: number }[] = [];
      for (const tableId of seeded.tableIds)
        tables.push({ tableId, visitId: await openVisit(database, tableId) });
      const middle = tables[1] ?? { tableId: 0, visitId: 0 };
      await holder.connect();
      await holder.query('begin');
      await holder.query('select pg_advisory_xact_lock(7321006, $1)', [middle.tableId]);
      // Given out of order: the statement orders them itself.
      const waiting = database.transaction((tx) =>
        appendEventToTables(database, tx, [...tables].reverse(), { type: 'menu.published', version: 2 }),
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      const held = await holder.query<{ id: string }>(
        `insert into table_event (table_id, visit_id, type, payload)
         values ($1, $2, 'table.closed', '{"type":"table.closed"}') returning id`,
        [middle.tableId, middle.visitId],
      );
      await holder.query('commit');
      const cursors = await waiting;
      expect(cursors.get(middle.tableId)).toBeGreaterThan(Number(held.rows[0]?.id));
      for (const { tableId, visitId } of tables) {
        const events = (await readTableEvents(database.db, tableId, 0)).filter(
          (logged) => logged.event.type === 'menu.published',
        );
        expect(events).toEqual([
          { cursor: cursors.get(tableId), tableId, visitId, event: { type: 'menu.published', version: 2 } },
        ]);
      }
    } finally {
      await holder.end().catch(() => {});
      await database.close();
      await fresh.drop();
    }
  });
});

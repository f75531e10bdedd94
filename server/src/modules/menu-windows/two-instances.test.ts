import { MenuSchema } from '@tablo/contract/menu';
import { describe, expect, it } from 'vitest';
import { BISTRO, insertRestaurant } from '../../../test/helpers/fixtures.ts';
import { ManualClock } from '../../../test/helpers/manual-clock.ts';
import { joinedSession, type OrderingContext } from '../../../test/helpers/ordering-kit.ts';
import { asStaff, staffOfEveryRole } from '../../../test/helpers/staff.ts';
import { testConfig } from '../../../test/helpers/test-app.ts';
import { createPostgresTestDatabaseUrl } from '../../../test/helpers/test-database.ts';
import { buildApp } from '../../app.ts';
import { openPostgres } from '../../db/postgres.ts';
import { readTableEvents } from '../live/event-log.ts';
import { menuBoundaryTimerOf } from './boundary-timer.ts';

const url = process.env.TEST_DATABASE_URL;

// Two instances on one PostgreSQL reach the same boundary: each drops its own cached menu, one announces it
// (docs/decisions/075). Defined only when a PostgreSQL is configured: PGlite is one process by design.
if (url) {
  describe('menu boundaries with two instances on postgres', () => {
    it('both menus lose breakfast at 11:00 and an open table is told once', async () => {
      const fresh = await createPostgresTestDatabaseUrl(url);
      const databases = [
        await openPostgres({ url: fresh.url, poolSize: 4 }),
        await openPostgres({ url: fresh.url, poolSize: 4 }),
      ];
      const clocks = [
        new ManualClock('2026-11-27T08:00:00+01:00'),
        new ManualClock('2026-11-27T08:00:00+01:00'),
      ];
      const [a, b] = await Promise.all(
        databases.map((database, i) =>
          buildApp({ database, config: testConfig(), logger: false, cacheCoalesceMs: 20, clock: clocks[i] }),
        ),
      );
      try {
        if (!a || !b || !databases[0]) throw new Error('setup failed');
        const { db } = databases[0];
        const bistro = await insertRestaurant(db, BISTRO);
        const soups = bistro.categories.soups as number;
        const tableId = bistro.tables[1] as number;
        const ctx = { app: a, database: databases[0], bistro } as unknown as OrderingContext;
        await joinedSession(ctx, 'bistro', tableId);
        const manager = (await staffOfEveryRole(a, databases[0], 'bistro')).MANAGER;
        const saved = await asStaff(a, manager, 'PUT', '/api/staff/menu-windows', {
          categories: [
            {
              categoryId: soups,
              windows: [{ weekdays: [1, 2, 3, 4, 5, 6, 7], startMinute: 420, endMinute: 660 }],
            },
          ],
        });
        expect(saved.statusCode).toBe(200);
        // The other instance learns the boundary from the NOTIFY.
        for (const app of [a, b])
          await expect
            .poll(() => menuBoundaryTimerOf(app).nextOf(bistro.id)?.toISOString(), { timeout: 5_000 })
            .toBe('2026-11-27T10:00:00.000Z');
        const categoriesOn = async (app: typeof a) =>
          MenuSchema.parse((await app.inject({ method: 'GET', url: '/api/menu/current/bistro' })).json()).map(
            (c) => c.id,
          );
        expect(await categoriesOn(b)).toContain(soups);
        const published = async () =>
          (await readTableEvents(db, tableId, 0)).filter((e) => e.event.type === 'menu.published');
        expect(await published()).toHaveLength(1); // the save

        for (const clock of clocks) clock.set('2026-11-27T11:00:00+01:00');
        await Promise.all([menuBoundaryTimerOf(a).tick(), menuBoundaryTimerOf(b).tick()]);
        await expect.poll(() => categoriesOn(b), { timeout: 5_000 }).not.toContain(soups);
        await expect.poll(() => categoriesOn(a), { timeout: 5_000 }).not.toContain(soups);
        expect(await published()).toHaveLength(2); // the save and the boundary, told once
      } finally {
        await a?.close();
        await b?.close();
        for (const database of databases) await database.close();
        await fresh.drop();
      }
    });
  });
}

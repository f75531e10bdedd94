// Issue 11, point 1, as a pass/fail test: a short dinner rush over real HTTP with the abuse limits as
// shipped — diner sessions from one address (a restaurant's Wi-Fi) joined to 50 tables, ordering at a
// fixed rate, every order accepted by a waiter, diners paying by cash and waiters confirming. No answer may
// be other than 2xx (no 429 from the abuse limits), every acknowledged order is stored once, and the
// payments add up. `npm run bench:rush` is the long version with the figures (500 diners at 100
// tables); RUSH_TEST_SECONDS (10), RUSH_TEST_RATE (10 orders/s) and RUSH_TEST_DINERS (100, two per
// table) lengthen this one.
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import type { Database } from '../../src/db/database.ts';
import { diningTable } from '../../src/db/schema.ts';
import { loadConfig } from '../../src/env.ts';
import type { App } from '../../src/lib/app-type.ts';
import { createStaff } from '../../src/modules/staff/create-staff.ts';
import { insertRestaurant } from '../helpers/fixtures.ts';
import { createTestDatabase, testDatabaseKinds } from '../helpers/test-database.ts';
import { checkRush, inconsistencies } from './rush-check.ts';
import { RushHttpClient } from './rush-http.ts';
import { failures, joinDiners, newTally, type RushVenue, runRush } from './rush-load.ts';

const SECONDS = Number(process.env.RUSH_TEST_SECONDS ?? 10);
const RATE = Number(process.env.RUSH_TEST_RATE ?? 10);
const DINERS = Number(process.env.RUSH_TEST_DINERS ?? 100);
const TABLES = 50;
const WAITER_PASSWORD = 'rush-waiter-password';

async function openVenue(database: Database): Promise<RushVenue> {
  const restaurant = await insertRestaurant(database.db, {
    shortName: 'rush',
    tables: Array.from({ length: TABLES }, (_, i) => i + 1),
    categories: [
      {
        ref: 'mains',
        items: [
          { ref: 'goulash', priceGross: 2490, titles: { hu: 'Gulyásleves', en: 'Goulash soup' } },
          { ref: 'paprikash', priceGross: 3990, titles: { en: 'Chicken paprikash' } },
          { ref: 'beer', priceGross: 990, vat: 'alcohol', titles: { en: 'Beer' } },
        ],
      },
    ],
  });
  const staff = [];
  for (const email of ['anna@rush.test', 'bela@rush.test']) {
    await createStaff(database, { shortName: 'rush', email, role: 'WAITER', password: WAITER_PASSWORD });
    staff.push({ email, password: WAITER_PASSWORD });
  }
  const tables = await database.db
    .select({ id: diningTable.id, token: diningTable.qrToken })
    .from(diningTable)
    .where(eq(diningTable.restaurantId, restaurant.id));
  return { shortName: 'rush', tables, menuItemIds: Object.values(restaurant.items), staff };
}

describe.each(testDatabaseKinds())('a dinner rush on %s', (kind) => {
  let app: App | undefined;
  let database: Database | undefined;
  let client: RushHttpClient | undefined;
  afterEach(async () => {
    client?.close();
    await app?.close();
    await database?.close();
  });

  it(`${DINERS} diners at ${TABLES} tables: only 2xx answers, every acknowledged order stored once, payments add up`, async () => {
    database = await createTestDatabase(kind);
    const venue = await openVenue(database);
    // The production defaults: every abuse limit as shipped, counted in the database.
    const config = loadConfig({
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      WEB_DIST: '/nonexistent-tablo-web-dist',
    });
    app = await buildApp({ database, config, logger: false });
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    client = new RushHttpClient(base);
    const tally = newTally();

    const diners = await joinDiners(client, venue, DINERS, tally, { timeoutMs: 30_000 });
    await runRush(
      client,
      venue,
      diners,
      { seconds: SECONDS, ordersPerSecond: RATE, payEvery: 5, timeoutMs: 30_000 },
      tally,
    );
    const check = await checkRush(database.db, tally);

    expect(failures(tally)).toEqual({});
    expect(diners).toHaveLength(DINERS);
    expect(tally.notSent).toBe(0);
    expect(inconsistencies(check)).toEqual([]);
    expect(check.acknowledged).toBe(Math.round(SECONDS * RATE));
    expect(check.stored).toBe(check.acknowledged);
    expect(tally.accepted).toHaveLength(check.acknowledged);
    expect(check.paid).toBeGreaterThan(0);
    expect(check.succeededAmount).toBeGreaterThan(0);
  }, 180_000);
});

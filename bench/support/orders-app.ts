// Child process of `npm run bench:orders`: the real app (buildApp) on 127.0.0.1, on PostgreSQL
// (BENCH_DATABASE_URL) or PGlite (BENCH_DATA_DIR), with a restaurant of BENCH_TABLES tables and a
// small menu (and BENCH_STAFF waiters when BENCH_STAFF_PASSWORD is set). Prints one JSON line
// {port, shortName, tables, menuItemIds, staffEmails} when it listens; closes on
// SIGTERM. It runs apart from the load generator so that the two do not share one event loop.

import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../server/src/app.ts';
import type { Database } from '../../server/src/db/database.ts';
import { openPglite } from '../../server/src/db/pglite.ts';
import { openPostgres } from '../../server/src/db/postgres.ts';
import { diningTable } from '../../server/src/db/schema.ts';
import { loadConfig } from '../../server/src/env.ts';
import { createStaff } from '../../server/src/modules/staff/create-staff.ts';
import { insertOptionGroup } from '../../server/test/helpers/choices.ts';
import { insertRestaurant } from '../../server/test/helpers/fixtures.ts';

export interface BenchAppInfo {
  port: number;
  shortName: string;
  tables: { id: number; token: string }[];
  menuItemIds: number[];
  /** Staff accounts (WAITER) created when BENCH_STAFF_PASSWORD is set (bench:board's boards log in). */
  staffEmails: string[];
  /**
   * BENCH_CHOICES=1 (issue 27): every item has two option groups (a required size, extras whose first is
   * free), and these are the choices an order line sends for it, by menu item id.
   */
  choices: Record<number, { optionId: number; quantity: number }[]> | null;
}

const SHORT_NAME = 'bench';

async function open(): Promise<Database> {
  const url = process.env.BENCH_DATABASE_URL;
  if (url) return openPostgres({ url, poolSize: Number(process.env.BENCH_POOL_SIZE ?? 20) });
  const dir = process.env.BENCH_DATA_DIR;
  if (!dir) throw new Error('BENCH_DATABASE_URL or BENCH_DATA_DIR is required');
  return openPglite(dir);
}

/** A size (required, one of three) and extras (any of three, the first free) on every item. */
async function addChoices(
  database: Database,
  restaurant: { id: number; items: Record<string, number> },
): Promise<NonNullable<BenchAppInfo['choices']>> {
  const items = Object.values(restaurant.items);
  const size = await insertOptionGroup(
    database.db,
    restaurant.id,
    {
      ref: 'size',
      kind: 'SINGLE',
      minChoices: 1,
      maxChoices: 1,
      titles: { hu: 'Méret', en: 'Size' },
      options: [
        { ref: 'small', isDefault: true, titles: { hu: 'Kicsi', en: 'Small' } },
        { ref: 'large', priceDelta: 500, titles: { hu: 'Nagy', en: 'Large' } },
        { ref: 'huge', priceDelta: 900, titles: { hu: 'Óriás', en: 'Huge' } },
      ],
    },
    items,
    0,
  );
  const extras = await insertOptionGroup(
    database.db,
    restaurant.id,
    {
      ref: 'extras',
      kind: 'QUANTITY',
      maxChoices: 5,
      freeChoices: 1,
      titles: { hu: 'Extrák', en: 'Extras' },
      options: [
        { ref: 'cheese', priceDelta: 300, allergens: ['MILK'], titles: { hu: 'Sajt', en: 'Cheese' } },
        { ref: 'bacon', priceDelta: 400, titles: { hu: 'Bacon', en: 'Bacon' } },
        { ref: 'egg', priceDelta: 200, allergens: ['EGGS'], titles: { hu: 'Tojás', en: 'Egg' } },
      ],
    },
    items,
    1,
  );
  const line = [
    { optionId: size.options.large as number, quantity: 1 },
    { optionId: extras.options.cheese as number, quantity: 2 },
    { optionId: extras.options.egg as number, quantity: 1 },
  ];
  return Object.fromEntries(items.map((id) => [id, line]));
}

async function main(): Promise<void> {
  const database = await open();
  const tableCount = Number(process.env.BENCH_TABLES ?? 200);
  const config = loadConfig({
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'error',
    SEED_DEMO: 'false',
    WEB_DIST: join(tmpdir(), 'tablo-bench-no-web'),
    // Every simulated diner comes from its own address (x-forwarded-for), as real phones do, so the
    // per-IP limits on sessions and joins apply per diner; the per-session order limit is raised so a
    // diner can order as fast as the benchmark asks.
    TRUST_PROXY: 'true',
    RATE_LIMIT_ORDERS_PER_MINUTE: '100000',
  });
  const restaurant = await insertRestaurant(database.db, {
    shortName: SHORT_NAME,
    tables: Array.from({ length: tableCount }, (_, i) => i + 1),
    categories: [
      {
        ref: 'mains',
        items: [
          { ref: 'goulash', priceGross: 2490, titles: { hu: 'Gulyásleves', en: 'Goulash soup' } },
          { ref: 'paprikash', priceGross: 3990, titles: { hu: 'Paprikás csirke', en: 'Chicken paprikash' } },
          { ref: 'lemonade', priceGross: 990, vat: 'food', titles: { en: 'Lemonade' } },
        ],
      },
    ],
  });
  const tables = await database.db
    .select({ id: diningTable.id, token: diningTable.qrToken })
    .from(diningTable)
    .where(eq(diningTable.restaurantId, restaurant.id));

  const choices = process.env.BENCH_CHOICES === '1' ? await addChoices(database, restaurant) : null;

  const staffEmails: string[] = [];
  const staffPassword = process.env.BENCH_STAFF_PASSWORD;
  for (let i = 1; staffPassword && i <= Number(process.env.BENCH_STAFF ?? 2); i++) {
    const email = `waiter-${i}@bench.test`;
    await createStaff(database, { shortName: SHORT_NAME, email, role: 'WAITER', password: staffPassword });
    staffEmails.push(email);
  }

  const app = await buildApp({ database, config, logger: { level: 'error' } });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const info: BenchAppInfo = {
    port,
    shortName: SHORT_NAME,
    tables,
    menuItemIds: Object.values(restaurant.items),
    staffEmails,
    choices,
  };
  process.stdout.write(`${JSON.stringify(info)}\n`);

  process.once('SIGTERM', () => {
    app
      .close()
      .then(() => database.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(error);
          process.exit(1);
        },
      );
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

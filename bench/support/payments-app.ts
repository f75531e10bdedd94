// Child process of `npm run bench:payments`: the real app (buildApp) on 127.0.0.1 on PostgreSQL
// (BENCH_DATABASE_URL), a restaurant of BENCH_TABLES tables with a ten-item menu and a waiter account.
// Prints one JSON line {port, shortName, tables, menuItems, staffEmail, staffPassword} when it listens;
// closes on SIGTERM. Apart from the load generator, so that the two do not share one event loop.
// Every SQL statement the app sends is counted (a wrapper around pg's Client#query, one counter); on
// SIGUSR2 it prints {"statements": n} as a line, so the bench can count round trips per payment.

import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../../server/src/app.ts';
import { openPostgres } from '../../server/src/db/postgres.ts';
import { diningTable } from '../../server/src/db/schema.ts';
import { loadConfig } from '../../server/src/env.ts';
import { createStaff } from '../../server/src/modules/staff/create-staff.ts';
import { insertRestaurant } from '../../server/test/helpers/fixtures.ts';

export interface PaymentsBenchAppInfo {
  port: number;
  shortName: string;
  tables: { id: number; token: string }[];
  menuItems: { id: number; price: number }[];
  staffEmail: string;
  staffPassword: string;
}

const SHORT_NAME = 'paybench';
const STAFF_EMAIL = 'waiter@paybench.test';
const STAFF_PASSWORD = 'bench-waiter-password';

/** Counts the statements sent to PostgreSQL (each one is a round trip: node-postgres does not pipeline). */
function countStatements(): () => number {
  let statements = 0;
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const query = prototype.query;
  prototype.query = function (this: unknown, ...args: unknown[]) {
    statements++;
    return query.apply(this, args);
  };
  return () => statements;
}

async function main(): Promise<void> {
  const statements = countStatements();
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) throw new Error('BENCH_DATABASE_URL is required');
  const database = await openPostgres({ url, poolSize: Number(process.env.BENCH_POOL_SIZE ?? 20) });
  const tableCount = Number(process.env.BENCH_TABLES ?? 100);
  const config = loadConfig({
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'error',
    SEED_DEMO: 'false',
    WEB_DIST: join(tmpdir(), 'tablo-bench-no-web'),
    TRUST_PROXY: 'true',
    RATE_LIMIT_ORDERS_PER_MINUTE: '100000',
    PAYMENT_PROVIDER: 'none',
  });
  const prices = [990, 1290, 1490, 1890, 2190, 2490, 2990, 3490, 3990, 4490];
  const restaurant = await insertRestaurant(database.db, {
    shortName: SHORT_NAME,
    tables: Array.from({ length: tableCount }, (_, i) => i + 1),
    categories: [
      {
        ref: 'all',
        items: prices.map((priceGross, i) => ({
          ref: `item-${i}`,
          priceGross,
          vat: i % 3 === 0 ? ('alcohol' as const) : ('food' as const),
          titles: { hu: `Étel ${i}`, en: `Dish ${i}` },
        })),
      },
    ],
  });
  await createStaff(database, {
    shortName: SHORT_NAME,
    email: STAFF_EMAIL,
    password: STAFF_PASSWORD,
    role: 'WAITER',
  });
  const tables = await database.db
    .select({ id: diningTable.id, token: diningTable.qrToken })
    .from(diningTable)
    .where(eq(diningTable.restaurantId, restaurant.id));

  const app = await buildApp({ database, config, logger: { level: 'error' } });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const info: PaymentsBenchAppInfo = {
    port: typeof address === 'object' && address ? address.port : 0,
    shortName: SHORT_NAME,
    tables,
    menuItems: prices.map((price, i) => ({ id: restaurant.items[`item-${i}`] as number, price })),
    staffEmail: STAFF_EMAIL,
    staffPassword: STAFF_PASSWORD,
  };
  process.stdout.write(`${JSON.stringify(info)}\n`);
  process.on('SIGUSR2', () => process.stdout.write(`${JSON.stringify({ statements: statements() })}\n`));
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

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderNumbersOn, sleep, TestPrinter } from '../../../test/helpers/printers.ts';
import {
  addPrinter,
  FAST_PRINTING,
  insertPub,
  type Pub,
  placeOrder,
} from '../../../test/helpers/printing-kit.ts';
import { asStaff } from '../../../test/helpers/staff.ts';
import { staffSocket } from '../../../test/helpers/staff-live.ts';
import { testConfig } from '../../../test/helpers/test-app.ts';
import { createPostgresTestDatabaseUrl } from '../../../test/helpers/test-database.ts';
import { buildApp } from '../../app.ts';
import type { Database } from '../../db/database.ts';
import { openPostgres } from '../../db/postgres.ts';
import { printJob } from '../../db/schema.ts';
import type { App } from '../../lib/app-type.ts';

/**
 * Two instances on one PostgreSQL database, both woken for every job: each ticket prints once. (PGlite
 * admits one process per data folder, so there is no second instance to race there.)
 */
describe.runIf(process.env.TEST_DATABASE_URL)('kitchen tickets with two instances (postgres)', () => {
  const instances: { app: App; database: Database; http: string }[] = [];
  let drop: () => Promise<void>;
  let pub: Pub;
  let bar: TestPrinter;
  let kitchen: TestPrinter;
  let kitchenId: number;

  beforeAll(async () => {
    const fresh = await createPostgresTestDatabaseUrl(process.env.TEST_DATABASE_URL ?? '');
    drop = fresh.drop;
    for (let i = 0; i < 2; i += 1) {
      const database = await openPostgres({ url: fresh.url, poolSize: 5 });
      const app = await buildApp({ database, config: testConfig(), logger: false, printing: FAST_PRINTING });
      instances.push({ app, database, http: await app.listen({ host: '127.0.0.1', port: 0 }) });
    }
    const [a] = instances;
    if (!a) throw new Error('no instance');
    pub = await insertPub(a.app, a.database);
    bar = await TestPrinter.start();
    kitchen = await TestPrinter.start();
    await addPrinter(a.app, pub.manager, {
      name: 'Pult',
      address: bar.address,
      categoryIds: [pub.restaurant.categories.drinks as number],
    });
    kitchenId = await addPrinter(a.app, pub.manager, {
      name: 'Konyha',
      address: kitchen.address,
      categoryIds: [pub.restaurant.categories.soups as number],
    });
    await asStaff(a.app, pub.manager, 'PUT', '/api/staff/print-settings', { trigger: 'PLACED' });
  });

  afterAll(async () => {
    for (const { app, database } of instances) {
      await app.close();
      await database.close();
    }
    await bar?.stop();
    await kitchen?.stop();
    await drop?.();
  });

  it('each job is printed by one instance, once, in order — through an outage of the kitchen printer', async () => {
    // A board on the second instance hears of the kitchen printer whichever instance found it off.
    const board = staffSocket((instances[1] as { http: string }).http, { cookie: pub.waiter.cookie });
    await board.ready();
    const kitchenSaid = (online: boolean) =>
      board.until((messages) =>
        messages.some((m) => m.type === 'printer.status' && m.printerId === kitchenId && m.online === online),
      );
    const placed: number[] = [];
    const place = async (i: number) => {
      const { app, database } = instances[i % 2] as { app: App; database: Database };
      placed.push(await placeOrder(app, database, pub, (i % 4) + 1, [{ ref: 'beer' }, { ref: 'goulash' }]));
    };
    for (let i = 0; i < 6; i += 1) await place(i);
    await kitchen.stop();
    for (let i = 6; i < 10; i += 1) await place(i);
    await sleep(400); // both instances retry the kitchen meanwhile
    await kitchenSaid(false);
    await kitchen.start();
    for (let i = 10; i < 12; i += 1) await place(i);

    await bar.waitForTickets(12, 20_000);
    await kitchen.waitForTickets(12, 20_000);
    await sleep(800); // a duplicate would have arrived by now
    expect(orderNumbersOn(bar.tickets)).toEqual(placed);
    expect(orderNumbersOn(kitchen.tickets)).toEqual(placed);
    const [a] = instances;
    const waiting = await a?.database.db
      .select({ id: printJob.id })
      .from(printJob)
      .where(and(eq(printJob.restaurantId, pub.restaurant.id), eq(printJob.state, 'WAITING')));
    expect(waiting).toEqual([]);
    await kitchenSaid(true);
    board.terminate();
  });
});

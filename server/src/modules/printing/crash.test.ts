import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../test/helpers/child-process.ts';
import { orderNumbersOn, sleep, TestPrinter } from '../../../test/helpers/printers.ts';
import { ensureServerBundle, type ServerProcess } from '../../../test/helpers/server-process.ts';
import { testDatabaseKinds } from '../../../test/helpers/test-database.ts';
import { joinedDiner, orderRequest, placedOrderId } from '../../../test/reliability/diner-client.ts';
import { type PreparedDatabase, prepareDatabase } from '../../../test/reliability/prepared-database.ts';
import { startProductionServer } from '../../../test/reliability/production-server.ts';
import { printer, printerCategory, printJob, restaurant } from '../../db/schema.ts';

/**
 * The server process is SIGKILLed while tickets wait for a printer that is off; another starts on the same
 * database (for PGlite the same data folder): each ticket prints once, in order, none lost.
 */
describe.each(testDatabaseKinds())('SIGKILL with kitchen tickets waiting (%s)', (kind) => {
  let db: PreparedDatabase;
  let port: number;
  let kitchen: TestPrinter | null = null;
  const started: ServerProcess[] = [];

  beforeAll(async () => {
    ensureServerBundle();
    db = await prepareDatabase(kind, 4);
    port = await freePort();
    const database = await db.open();
    const [row] = await database.db
      .insert(printer)
      .values({ restaurantId: db.restaurant.id, name: 'Konyha', host: '127.0.0.1', port })
      .returning({ id: printer.id });
    await database.db
      .insert(printerCategory)
      .values({ printerId: row?.id as number, categoryId: db.restaurant.categories.all as number });
    await database.db
      .update(restaurant)
      .set({ printTrigger: 'PLACED' })
      .where(eq(restaurant.id, db.restaurant.id));
    await database.close();
  });

  afterAll(async () => {
    for (const server of started) await server.kill();
    await kitchen?.stop();
    await db?.remove();
  });

  async function start(): Promise<ServerProcess> {
    const server = await startProductionServer({ env: db.env });
    started.push(server);
    return server;
  }

  it('loses none and prints none twice after a restart', { timeout: 120_000 }, async () => {
    const first = await start();
    const tableId = Object.values(db.restaurant.tables)[0] as number;
    const diner = await joinedDiner(first.baseUrl, db, tableId);
    const ids: number[] = [];
    for (let i = 0; i < 5; i += 1) ids.push(await placedOrderId(first.baseUrl, orderRequest(db, diner, i)));
    await sleep(1500); // the worker has tried the printer, refused, and waits to retry
    await first.kill();

    kitchen = await TestPrinter.start(port);
    const second = await start();
    const tickets = await kitchen.waitForTickets(5, 60_000);
    await sleep(1500); // a duplicate would have come by now
    expect(kitchen.raw.length).toBe(5);
    expect(orderNumbersOn(tickets)).toEqual(ids);

    await second.stop();
    const database = await db.open();
    try {
      const waiting = await database.db
        .select({ id: printJob.id })
        .from(printJob)
        .where(and(eq(printJob.restaurantId, db.restaurant.id), eq(printJob.state, 'WAITING')));
      expect(waiting).toEqual([]);
    } finally {
      await database.close();
    }
  });
});

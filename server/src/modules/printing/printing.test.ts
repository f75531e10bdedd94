import { FailedPrintJobsSchema, PrinterStatusesSchema, PrintersSchema } from '@tablo/contract/printing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderNumbersOn, sleep, TestPrinter } from '../../../test/helpers/printers.ts';
import {
  addPrinter,
  FAST_PRINTING,
  insertPub,
  moveOrder,
  type Pub,
  placeOrder,
} from '../../../test/helpers/printing-kit.ts';
import { asStaff } from '../../../test/helpers/staff.ts';
import { staffSocket } from '../../../test/helpers/staff-live.ts';
import { testConfig } from '../../../test/helpers/test-app.ts';
import {
  createTestDatabase,
  type TestDatabaseKind,
  testDatabaseKinds,
} from '../../../test/helpers/test-database.ts';
import { buildApp } from '../../app.ts';
import type { Database } from '../../db/database.ts';
import type { App } from '../../lib/app-type.ts';

describe.each(testDatabaseKinds())('kitchen tickets (%s)', (kind: TestDatabaseKind) => {
  let database: Database;
  let app: App;
  let http: string;
  let pub: Pub;
  let bar: TestPrinter;
  let kitchen: TestPrinter;
  let barId: number;
  let kitchenId: number;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await buildApp({ database, config: testConfig(), logger: false, printing: FAST_PRINTING });
    http = await app.listen({ host: '127.0.0.1', port: 0 });
    pub = await insertPub(app, database);
    bar = await TestPrinter.start();
    kitchen = await TestPrinter.start();
    barId = await addPrinter(app, pub.manager, {
      name: 'Pult',
      address: bar.address,
      categoryIds: [pub.restaurant.categories.drinks as number],
      paperWidth: 58,
    });
    kitchenId = await addPrinter(app, pub.manager, {
      name: 'Konyha',
      address: kitchen.address,
      categoryIds: [pub.restaurant.categories.soups as number],
    });
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await bar?.stop();
    await kitchen?.stop();
  });

  async function statuses() {
    const response = await asStaff(app, pub.waiter, 'GET', '/api/staff/printers/status');
    expect(response.statusCode).toBe(200);
    return PrinterStatusesSchema.parse(response.json()).printers;
  }

  async function until(check: () => Promise<boolean>, what: string, timeoutMs = 10_000) {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await sleep(25);
    }
  }

  it('a beer and a goulash with a choice and a note: the bar prints the beer, the kitchen the goulash', async () => {
    const orderId = await placeOrder(app, database, pub, 1, [
      { ref: 'beer', quantity: 2 },
      { ref: 'goulash', hot: true, note: 'Sűrű legyen, tejföl nélkül' },
    ]);
    // The trigger is ACCEPTED (the default): nothing prints while the order is only placed.
    await sleep(300);
    expect(bar.raw.length + kitchen.raw.length).toBe(0);
    await moveOrder(app, pub.waiter, orderId, 'ACCEPTED');

    const [beerTicket] = await bar.waitForTickets(1);
    const [soupTicket] = await kitchen.waitForTickets(1);
    expect(beerTicket).toContain('2 × Kőbányai sör');
    expect(beerTicket).toContain('Asztal 1');
    expect(beerTicket).toContain(`Rendelés #${orderId}`);
    expect(beerTicket).not.toContain('Gulyás');
    expect(soupTicket).toContain('1 × Gulyásleves');
    expect(soupTicket).toContain('+ Csípős-erős');
    expect(soupTicket).toContain('! Sűrű legyen, tejföl nélkül');
    expect(soupTicket).toContain('Konyha - Kőbánya Söröző');
    expect(soupTicket).not.toContain('sör\n');
    // The ticket bears the order's time on the restaurant's clock (Europe/Budapest).
    expect(soupTicket).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    // The bytes arrive a moment before the job's PRINTED commits.
    await until(async () => (await statuses()).every((s) => s.waitingJobs === 0), 'no waiting job');
    expect((await statuses()).map((s) => [s.name, s.online, s.waitingJobs, s.failedJobs])).toEqual([
      ['Pult', true, 0, 0],
      ['Konyha', true, 0, 0],
    ]);
  });

  it('the kitchen printer off, two more orders, on again: each ticket once, in order; staff are alerted', async () => {
    const board = staffSocket(http, { cookie: pub.waiter.cookie });
    await board.ready();
    const before = kitchen.raw.length;
    await kitchen.stop();
    const first = await placeOrder(app, database, pub, 2, [{ ref: 'goulash' }]);
    await moveOrder(app, pub.waiter, first, 'ACCEPTED');
    const second = await placeOrder(app, database, pub, 3, [{ ref: 'goulash', quantity: 3 }]);
    await moveOrder(app, pub.waiter, second, 'ACCEPTED');

    // The board hears that the kitchen printer is off, with its waiting tickets.
    await board.until((messages) =>
      messages.some((m) => m.type === 'printer.status' && m.printerId === kitchenId && m.online === false),
    );
    await until(
      async () => (await statuses()).find((s) => s.printerId === kitchenId)?.waitingJobs === 2,
      `2 waiting: ${JSON.stringify(await statuses())} ${kitchen.raw.length}`,
    );
    const off = (await statuses()).find((s) => s.printerId === kitchenId);
    expect(off?.online).toBe(false);
    expect(off?.lastError).toMatch(/ECONNREFUSED/);
    await sleep(500); // several retries fail meanwhile
    expect(kitchen.raw.length).toBe(before);

    await kitchen.start();
    const tickets = await kitchen.waitForTickets(before + 2);
    await board.until((messages) =>
      messages.some(
        (m) =>
          m.type === 'printer.status' &&
          m.printerId === kitchenId &&
          m.online === true &&
          m.waitingJobs === 0,
      ),
    );
    await sleep(500); // nothing more comes
    expect(kitchen.raw.length).toBe(before + 2);
    expect(orderNumbersOn(tickets.slice(before))).toEqual([first, second]);
    expect(tickets[before + 1]).toContain('3 × Gulyásleves');
    board.terminate();
  });

  it('Reprint prints a ticket marked REPRINT at each station that printed the order', async () => {
    const orderId = await placeOrder(app, database, pub, 4, [{ ref: 'beer' }, { ref: 'goulash' }]);
    const [barFirst, kitchenFirst] = [bar.raw.length, kitchen.raw.length];
    await moveOrder(app, pub.waiter, orderId, 'ACCEPTED');
    const barBefore = (await bar.waitForTickets(barFirst + 1)).length;
    const kitchenBefore = (await kitchen.waitForTickets(kitchenFirst + 1)).length;
    const response = await asStaff(app, pub.waiter, 'POST', `/api/staff/orders/${orderId}/reprint`, {});
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ jobs: 2 });
    const barTickets = await bar.waitForTickets(barBefore + 1);
    const kitchenTickets = await kitchen.waitForTickets(kitchenBefore + 1);
    expect(barTickets[barBefore]).toContain('REPRINT');
    expect(barTickets[barBefore]).toContain('1 × Kőbányai sör');
    expect(kitchenTickets[kitchenBefore]).toContain('REPRINT');
    expect(kitchenTickets[kitchenBefore]).toContain(`Rendelés #${orderId}`);
    // Only the bar, when asked.
    const one = await asStaff(app, pub.waiter, 'POST', `/api/staff/orders/${orderId}/reprint`, {
      printerId: barId,
    });
    expect(one.json()).toEqual({ jobs: 1 });
    await bar.waitForTickets(barBefore + 2);
    await sleep(300);
    expect(kitchen.raw.length).toBe(kitchenBefore + 1);
  });

  it('a rejected order prints VOID at the stations that printed it; a waiting ticket of it never prints', async () => {
    const put = await asStaff(app, pub.manager, 'PUT', '/api/staff/print-settings', { trigger: 'PLACED' });
    expect(put.statusCode).toBe(200);
    const barBefore = bar.raw.length;
    const kitchenBefore = kitchen.raw.length;
    // Printed when placed (the trigger), then rejected: VOID at both.
    const printed = await placeOrder(app, database, pub, 1, [{ ref: 'beer' }, { ref: 'goulash' }]);
    await bar.waitForTickets(barBefore + 1);
    await kitchen.waitForTickets(kitchenBefore + 1);
    await moveOrder(app, pub.waiter, printed, 'REJECTED');
    const barTickets = await bar.waitForTickets(barBefore + 2);
    const kitchenTickets = await kitchen.waitForTickets(kitchenBefore + 2);
    expect(barTickets[barBefore + 1]).toContain('STORNO / VOID');
    expect(barTickets[barBefore + 1]).toContain(`Rendelés #${printed}`);
    expect(kitchenTickets[kitchenBefore + 1]).toContain('STORNO / VOID');

    // The kitchen is off: its ticket of a second order waits; the order is rejected; back on, it never prints.
    await kitchen.stop();
    const waiting = await placeOrder(app, database, pub, 2, [{ ref: 'beer' }, { ref: 'goulash' }]);
    await bar.waitForTickets(barBefore + 3);
    await moveOrder(app, pub.waiter, waiting, 'REJECTED');
    await bar.waitForTickets(barBefore + 4);
    await kitchen.start();
    await sleep(700);
    expect(kitchen.raw.length).toBe(kitchenBefore + 2);
    expect((await statuses()).find((s) => s.printerId === kitchenId)?.waitingJobs).toBe(0);
    await asStaff(app, pub.manager, 'PUT', '/api/staff/print-settings', { trigger: 'ACCEPTED' });
  });

  it('a test ticket, and a printer switched off fails its waiting tickets; retry prints one again', async () => {
    const before = bar.raw.length;
    expect((await asStaff(app, pub.manager, 'POST', `/api/staff/printers/${barId}/test`)).statusCode).toBe(
      202,
    );
    const [ticket] = (await bar.waitForTickets(before + 1)).slice(before);
    expect(ticket).toContain('TESZT / TEST');
    expect(ticket).toContain('árvíztűrő tükörfúrógép');
    expect(ticket).toContain('ÁRVÍZTŰRŐ TÜKÖRFÚRÓGÉP');

    await bar.stop();
    const orderId = await placeOrder(app, database, pub, 3, [{ ref: 'beer' }]);
    await moveOrder(app, pub.waiter, orderId, 'ACCEPTED');
    const list = PrintersSchema.parse((await asStaff(app, pub.manager, 'GET', '/api/staff/printers')).json());
    const barNow = list.printers.find((p) => p.id === barId);
    if (!barNow) throw new Error('no bar');
    const save = (isEnabled: boolean) =>
      asStaff(app, pub.manager, 'PUT', `/api/staff/printers/${barId}`, {
        name: barNow.name,
        address: barNow.address,
        paperWidth: barNow.paperWidth,
        categoryIds: barNow.categoryIds,
        isEnabled,
      });
    expect((await save(false)).statusCode).toBe(200);
    const failed = (await statuses()).find((s) => s.printerId === barId);
    expect(failed).toBeUndefined(); // statuses list enabled printers only
    const all = PrintersSchema.parse((await asStaff(app, pub.manager, 'GET', '/api/staff/printers')).json());
    expect(all.printers.find((p) => p.id === barId)?.status.failedJobs).toBe(1);
    await bar.start();
    expect((await save(true)).statusCode).toBe(200);
    await sleep(300);
    expect(bar.raw.length).toBe(before + 1);
    const { rows } = (await database.db.execute(
      `select id from print_job where printer_id = ${barId} and state = 'FAILED'` as never,
    )) as unknown as { rows: { id: number }[] };
    const jobId = Number(rows[0]?.id);
    const retry = await asStaff(app, pub.manager, 'POST', `/api/staff/print-jobs/${jobId}/retry`);
    expect(retry.statusCode).toBe(202);
    const tickets = await bar.waitForTickets(before + 2);
    expect(tickets[before + 1]).toContain(`Rendelés #${orderId}`);
    const again = await asStaff(app, pub.manager, 'POST', `/api/staff/print-jobs/${jobId}/retry`);
    expect(again.statusCode).toBe(409);
  });

  it('a printer switched off mid-service: its failed tickets are listed newest first and print again once each', async () => {
    const grill = await TestPrinter.start();
    try {
      const soups = pub.restaurant.categories.soups as number;
      const grillId = await addPrinter(app, pub.manager, {
        name: 'Grill',
        address: grill.address,
        categoryIds: [soups],
      });
      const failedJobs = async () => {
        const response = await asStaff(app, pub.manager, 'GET', `/api/staff/printers/${grillId}/failed-jobs`);
        expect(response.statusCode, response.body).toBe(200);
        return FailedPrintJobsSchema.parse(response.json()).jobs;
      };
      const save = (isEnabled: boolean) =>
        asStaff(app, pub.manager, 'PUT', `/api/staff/printers/${grillId}`, {
          name: 'Grill',
          address: grill.address,
          categoryIds: [soups],
          isEnabled,
        });
      const retry = (jobId: number) =>
        asStaff(app, pub.manager, 'POST', `/api/staff/print-jobs/${jobId}/retry`);
      expect(await failedJobs()).toEqual([]);

      // Off while two orders come in: their tickets wait; switched off in Tablo, they fail.
      await grill.stop();
      const first = await placeOrder(app, database, pub, 2, [{ ref: 'goulash' }]);
      await moveOrder(app, pub.waiter, first, 'ACCEPTED');
      const second = await placeOrder(app, database, pub, 3, [{ ref: 'goulash', quantity: 2 }]);
      await moveOrder(app, pub.waiter, second, 'ACCEPTED');
      await until(
        async () => (await statuses()).find((s) => s.printerId === grillId)?.waitingJobs === 2,
        'two tickets waiting at the grill',
      );
      expect((await save(false)).statusCode).toBe(200);
      const listed = await failedJobs();
      expect(listed).toMatchObject([
        {
          kind: 'ORDER',
          orderId: second,
          orderNumber: second,
          tableNumber: 3,
          lastError: 'the printer was switched off in Tablo',
        },
        {
          kind: 'ORDER',
          orderId: first,
          orderNumber: first,
          tableNumber: 2,
          lastError: 'the printer was switched off in Tablo',
        },
      ]);
      const [newest, oldest] = listed;
      if (!newest || !oldest) throw new Error('two failed tickets');
      expect(Date.parse(newest.createdAt)).toBeGreaterThanOrEqual(Date.parse(oldest.createdAt));
      // While the printer is off in Tablo a ticket cannot be printed again.
      const refused = await retry(newest.jobId);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe('This printer is switched off in Tablo: switch it on first');

      // Back on: a failed ticket stays failed until asked for; each one asked for prints once.
      await grill.start();
      expect((await save(true)).statusCode).toBe(200);
      await sleep(300);
      expect(grill.raw.length).toBe(0);
      expect((await retry(newest.jobId)).statusCode).toBe(202);
      const [again] = await grill.waitForTickets(1);
      expect(again).toContain(`Rendelés #${second}`);
      expect(again).toContain('2 × Gulyásleves');
      await until(async () => (await failedJobs()).length === 1, 'one failed ticket left');
      expect((await failedJobs()).map((job) => job.orderNumber)).toEqual([first]);
      expect((await retry(oldest.jobId)).statusCode).toBe(202);
      const tickets = await grill.waitForTickets(2);
      await sleep(300); // nothing more comes
      expect(grill.raw.length).toBe(2);
      expect(orderNumbersOn(tickets)).toEqual([second, first]);
      expect(await failedJobs()).toEqual([]);
      expect((await asStaff(app, pub.manager, 'DELETE', `/api/staff/printers/${grillId}`)).statusCode).toBe(
        204,
      );
    } finally {
      await grill.stop();
    }
  });
});

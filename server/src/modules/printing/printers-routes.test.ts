import { FailedPrintJobsSchema, PrintersSchema } from '@tablo/contract/printing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRestaurant } from '../../../test/helpers/fixtures.ts';
import { FAST_PRINTING, insertPub, type Pub, placeOrder } from '../../../test/helpers/printing-kit.ts';
import { asStaff } from '../../../test/helpers/staff.ts';
import { testConfig } from '../../../test/helpers/test-app.ts';
import {
  createTestDatabase,
  type TestDatabaseKind,
  testDatabaseKinds,
} from '../../../test/helpers/test-database.ts';
import { buildApp } from '../../app.ts';
import type { Database } from '../../db/database.ts';
import type { App } from '../../lib/app-type.ts';

/** Managing printers: what is stored is what is read back; bad input is a clear 4xx, another restaurant's ids 404. */
describe.each(testDatabaseKinds())('printers and print settings (%s)', (kind: TestDatabaseKind) => {
  let database: Database;
  let app: App;
  let pub: Pub;
  let rival: Pub;
  let rivalPrinter: number;
  let rivalOrder: number;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await buildApp({ database, config: testConfig(), logger: false, printing: FAST_PRINTING });
    await app.ready();
    pub = await insertPub(app, database);
    rival = await insertPub(app, database, 'rival');
    const made = await asStaff(app, rival.manager, 'POST', '/api/staff/printers', {
      name: 'Rival bar',
      address: '127.0.0.1:9',
      categoryIds: [rival.restaurant.categories.drinks],
      isEnabled: false,
    });
    rivalPrinter = (made.json() as { id: number }).id;
    rivalOrder = await placeOrder(app, database, rival, 1, [{ ref: 'beer' }]);
    await insertRestaurant(database.db, { shortName: 'empty', tables: [1] });
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const list = async () =>
    PrintersSchema.parse((await asStaff(app, pub.manager, 'GET', '/api/staff/printers')).json());

  it('adds, changes and deletes a printer; the list reads back what was saved', async () => {
    expect(await list()).toEqual({ trigger: 'ACCEPTED', printers: [] });
    const soups = pub.restaurant.categories.soups as number;
    const drinks = pub.restaurant.categories.drinks as number;
    const created = await asStaff(app, pub.manager, 'POST', '/api/staff/printers', {
      name: ' Konyha ',
      address: 'kitchen-printer.local',
      categoryIds: [soups, soups],
      isEnabled: false,
    });
    expect(created.statusCode).toBe(201);
    const id = (created.json() as { id: number }).id;
    expect(created.json()).toMatchObject({
      name: 'Konyha',
      address: 'kitchen-printer.local:9100',
      commandSet: 'ESC_POS',
      paperWidth: 80,
      categoryIds: [soups],
      isEnabled: false,
      status: { online: null, waitingJobs: 0, failedJobs: 0 },
    });
    const changed = await asStaff(app, pub.manager, 'PUT', `/api/staff/printers/${id}`, {
      name: 'Bár és konyha',
      address: '[::1]:9101',
      commandSet: 'STAR',
      paperWidth: 58,
      categoryIds: [drinks, soups],
      isEnabled: false,
    });
    expect(changed.statusCode).toBe(200);
    expect((await list()).printers).toMatchObject([
      {
        id,
        name: 'Bár és konyha',
        address: '[::1]:9101',
        commandSet: 'STAR',
        paperWidth: 58,
        categoryIds: [Math.min(drinks, soups), Math.max(drinks, soups)],
      },
    ]);
    const settings = await asStaff(app, pub.manager, 'PUT', '/api/staff/print-settings', {
      trigger: 'PLACED',
    });
    expect(settings.json()).toEqual({ trigger: 'PLACED' });
    expect((await list()).trigger).toBe('PLACED');
    await asStaff(app, pub.manager, 'PUT', '/api/staff/print-settings', { trigger: 'ACCEPTED' });
    expect((await asStaff(app, pub.manager, 'DELETE', `/api/staff/printers/${id}`)).statusCode).toBe(204);
    expect((await list()).printers).toEqual([]);
    expect((await asStaff(app, pub.manager, 'DELETE', `/api/staff/printers/${id}`)).statusCode).toBe(404);
  });

  it('refuses bad input with a clear message and stores nothing', async () => {
    const post = (body: Record<string, unknown>) =>
      asStaff(app, pub.manager, 'POST', '/api/staff/printers', {
        name: 'Pult',
        address: '127.0.0.1:9100',
        categoryIds: [],
        ...body,
      });
    const foreign = rival.restaurant.categories.drinks as number;
    const unknownCategory = await post({ categoryIds: [pub.restaurant.categories.drinks, foreign] });
    expect(unknownCategory.statusCode).toBe(422);
    expect(unknownCategory.json().message).toContain(`not on this restaurant's menu: ${foreign}`);
    for (const [body, text] of [
      [{ address: 'printer:99999' }, 'port'],
      [{ address: 'http://printer/' }, 'host:port'],
      [{ name: '' }, 'name'],
      [{ paperWidth: 70 }, 'paperWidth'],
      [{ commandSet: 'PCL' }, 'commandSet'],
      [{ categoryIds: [0] }, 'categoryIds'],
      [{ categoryIds: [2_147_483_648] }, 'categoryIds'],
    ] as const) {
      const response = await post(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message, JSON.stringify(body)).toContain(text);
    }
    const trigger = await asStaff(app, pub.manager, 'PUT', '/api/staff/print-settings', {
      trigger: 'SERVED',
    });
    expect(trigger.statusCode).toBe(400);
    expect((await list()).printers).toEqual([]);
  });

  it("answers 404 for another restaurant's printers, orders and jobs", async () => {
    const body = { name: 'x', address: '127.0.0.1:9', categoryIds: [] };
    for (const [method, url, payload] of [
      ['PUT', `/api/staff/printers/${rivalPrinter}`, body],
      ['DELETE', `/api/staff/printers/${rivalPrinter}`, undefined],
      ['POST', `/api/staff/printers/${rivalPrinter}/test`, undefined],
      ['GET', `/api/staff/printers/${rivalPrinter}/failed-jobs`, undefined],
      ['POST', `/api/staff/orders/${rivalOrder}/reprint`, {}],
      ['POST', '/api/staff/print-jobs/999999/retry', undefined],
    ] as const) {
      const response = await asStaff(app, pub.manager, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().message).toMatch(/no such/);
    }
    // Own order, the rival's printer as the station.
    const own = await placeOrder(app, database, pub, 2, [{ ref: 'beer' }]);
    const station = await asStaff(app, pub.manager, 'POST', `/api/staff/orders/${own}/reprint`, {
      printerId: rivalPrinter,
    });
    expect(station.statusCode).toBe(404);
    // An order no station has printed yet: nothing to reprint.
    const none = await asStaff(app, pub.waiter, 'POST', `/api/staff/orders/${own}/reprint`);
    expect(none.statusCode, none.body).toBe(202);
    expect(none.json()).toEqual({ jobs: 0 });
  });

  it("lists a printer's failed tickets to those who manage printers only; a deleted printer's are not found", async () => {
    const id = (
      await asStaff(app, pub.manager, 'POST', '/api/staff/printers', {
        name: 'Terasz',
        address: '127.0.0.1:9',
        categoryIds: [],
      })
    ).json().id as number;
    // A test ticket waits (nothing listens on port 9); switched off in Tablo, it fails.
    expect((await asStaff(app, pub.manager, 'POST', `/api/staff/printers/${id}/test`)).statusCode).toBe(202);
    const off = await asStaff(app, pub.manager, 'PUT', `/api/staff/printers/${id}`, {
      name: 'Terasz',
      address: '127.0.0.1:9',
      categoryIds: [],
      isEnabled: false,
    });
    expect(off.statusCode).toBe(200);
    const url = `/api/staff/printers/${id}/failed-jobs`;
    const listed = await asStaff(app, pub.manager, 'GET', url);
    expect(listed.statusCode).toBe(200);
    expect(FailedPrintJobsSchema.parse(listed.json()).jobs).toMatchObject([
      { kind: 'ORDER', orderId: null, orderNumber: null, tableNumber: null },
    ]);
    const waiter = await asStaff(app, pub.waiter, 'GET', url);
    expect(waiter.statusCode).toBe(403);
    expect(waiter.body).not.toContain('jobId');
    expect((await asStaff(app, pub.manager, 'DELETE', `/api/staff/printers/${id}`)).statusCode).toBe(204);
    const gone = await asStaff(app, pub.manager, 'GET', url);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('There is no such printer in this restaurant');
  });
});

import { STATUS_CODES } from 'node:http';
import { ErrorBodySchema } from '@tablo/contract/errors';
import { IDEMPOTENCY_HEADER } from '@tablo/contract/order';
import { SESSION_HEADER } from '@tablo/contract/session';
import { CSRF_HEADER } from '@tablo/contract/staff';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import type { Database } from '../../src/db/database.ts';
import type { App } from '../../src/lib/app-type.ts';
import { testConfig } from '../helpers/test-app.ts';
import { createTestDatabase, testDatabaseKinds } from '../helpers/test-database.ts';
import { type Fingerprint, fingerprintReader } from './database-fingerprint.ts';
import { createWorld, type FuzzWorld } from './fuzz-world.ts';

/**
 * The defects the fuzzer found, each as the request that showed it: they stay fixed whatever seed the fuzzer
 * draws. Each answered 500 or an answer out of the error shape before its fix.
 */
const TOO_BIG = 2 ** 31;

describe.each(testDatabaseKinds())('requests the fuzzer found answering wrongly, on %s', (kind) => {
  let database: Database;
  let app: App;
  let world: FuzzWorld;
  let fingerprint: () => Promise<Fingerprint>;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await buildApp({ database, config: testConfig({ PAYMENT_PROVIDER: 'sandbox' }), logger: false });
    await app.ready();
    world = await createWorld(app, database);
    fingerprint = await fingerprintReader(database.db);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const staff = () => ({ cookie: world.staff.cookie, [CSRF_HEADER]: world.staff.csrf });
  const diner = () => ({ [SESSION_HEADER]: world.sessionId });

  /** Ids past PostgreSQL's integer reached the database, which refused them: 500 (issue 11 point 7). */
  const idCases: [string, () => InjectOptions, string][] = [
    [
      'the orders of a table',
      () => ({ method: 'GET', url: `/api/tables/${TOO_BIG}/orders`, headers: diner() }),
      'params/tableId',
    ],
    [
      'the payable lines',
      () => ({ method: 'GET', url: `/api/tables/${TOO_BIG}/payable`, headers: diner() }),
      'params/tableId',
    ],
    [
      'a table call',
      () => ({
        method: 'POST',
        url: `/api/tables/${TOO_BIG}/calls`,
        headers: diner(),
        payload: { kind: 'WAITER' },
      }),
      'params/tableId',
    ],
    [
      'an order status',
      () => ({
        method: 'PATCH',
        url: `/api/staff/orders/${TOO_BIG}`,
        headers: staff(),
        payload: { status: 'ACCEPTED' },
      }),
      'params/orderId',
    ],
    [
      'closing a table',
      () => ({ method: 'POST', url: `/api/staff/tables/${TOO_BIG}/close`, headers: staff(), payload: {} }),
      'params/tableId',
    ],
    [
      'acknowledging a call',
      () => ({
        method: 'POST',
        url: `/api/staff/tables/${TOO_BIG}/calls/WAITER/acknowledge`,
        headers: staff(),
      }),
      'params/tableId',
    ],
    [
      'a table QR code',
      () => ({ method: 'GET', url: `/api/staff/tables/${TOO_BIG}/qr.svg`, headers: staff() }),
      'params/tableId',
    ],
    [
      'an order',
      () => ({
        method: 'POST',
        url: '/api/orders',
        headers: { [IDEMPOTENCY_HEADER]: 'too-big-ids' },
        payload: {
          sessionId: world.sessionId,
          tableId: world.tableId,
          items: [{ menuItemId: TOO_BIG, quantity: 1 }],
        },
      }),
      'body/items/0/menuItemId',
    ],
    [
      'joining a table',
      () => ({
        method: 'POST',
        url: '/api/table-sessions',
        payload: {
          shortName: world.shortName,
          tableId: TOO_BIG,
          token: world.tableToken,
          sessionId: world.sessionId,
        },
      }),
      'body/tableId',
    ],
    [
      'a rating',
      () => ({
        method: 'POST',
        url: '/api/menu-item-ratings',
        payload: { sessionId: world.sessionId, menuItemId: TOO_BIG, rating: 'LIKE' },
      }),
      'body/menuItemId',
    ],
    [
      'a payment',
      () => ({
        method: 'POST',
        url: '/api/payments',
        headers: { ...diner(), [IDEMPOTENCY_HEADER]: 'too-big-ids' },
        payload: {
          tableId: world.tableId,
          method: 'CASH',
          selection: { kind: 'items', items: [{ orderItemId: TOO_BIG, quantity: 1 }] },
          expectedAmount: world.unitPrice,
        },
      }),
      'body/selection/items/0/orderItemId',
    ],
  ];

  it.each(idCases)('an id over 32 bits in %s → 400 naming it, nothing changed', async (_, request, where) => {
    const before = await fingerprint();
    const response = await app.inject(request());
    expect(response.statusCode).toBe(400);
    expect([ErrorBodySchema.parse(response.json()).message].flat().join(' ')).toContain(where);
    expect(await fingerprint()).toEqual(before);
  });

  it('a path parameter longer than the router takes → 414 "URI Too Long" with a message, the path not echoed', async () => {
    const long = 'x'.repeat(101);
    const response = await app.inject({
      method: 'GET',
      url: `/api/menu/current/${long}?session_id=${world.sessionId}`,
    });
    expect(response.statusCode).toBe(414);
    expect(ErrorBodySchema.parse(response.json())).toEqual({
      statusCode: 414,
      error: STATUS_CODES[414],
      message: 'The URL is too long: a part of its path is longer than 100 characters',
    });
    expect(response.body).not.toContain(long);
  });

  it.each([
    [
      'a short name longer than the router takes',
      `/api/restaurant/one/${'r'.repeat(200)}`,
      'a part of its path',
    ],
    ['an unknown API path longer than the router takes', `/api/${'a'.repeat(300)}`, 'a part of its path'],
    ['a path of 5,000 characters', `/api/${'a/'.repeat(2500)}`, 'its path is longer than 2048'],
    ['a page path of 5,000 characters', `/menu/${'m'.repeat(5000)}/en`, 'its path is longer than 2048'],
  ])('%s → 414 "URI Too Long" saying so, the path not echoed', async (_, url, says) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(414);
    const body = ErrorBodySchema.parse(response.json());
    expect(body.error).toBe(STATUS_CODES[414]);
    expect(body.message).toContain(`The URL is too long: ${says}`);
    expect(response.body.length).toBeLessThan(200);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

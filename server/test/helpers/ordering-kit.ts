import type { JoinTableResponse } from '@tablo/contract/table-session';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../src/app.ts';
import type { Database } from '../../src/db/database.ts';
import { diningTable, restaurant } from '../../src/db/schema.ts';
import type { App } from '../../src/lib/app-type.ts';
import type { Clock } from '../../src/lib/clock.ts';
import { BISTRO, type InsertedRestaurant, insertRestaurant } from './fixtures.ts';
import { testConfig } from './test-app.ts';
import { createTestDatabase, type TestDatabaseKind } from './test-database.ts';

/** Test kit of the ordering modules: the real app, two restaurants, sessions joined with real tokens. */

export interface OrderingContext {
  app: App;
  database: Database;
  bistro: InsertedRestaurant;
  other: InsertedRestaurant;
  close(): Promise<void>;
}

export async function createOrderingApp(
  kind: TestDatabaseKind,
  options: { clock?: Clock } = {},
): Promise<OrderingContext> {
  const database = await createTestDatabase(kind);
  const app = await buildApp({
    database,
    config: testConfig(),
    logger: false,
    cacheCoalesceMs: 20,
    ...(options.clock ? { clock: options.clock } : {}),
  });
  await app.ready();
  const bistro = await insertRestaurant(database.db, BISTRO);
  const other = await insertRestaurant(database.db, {
    shortName: 'other',
    tables: [1, 2],
    categories: [{ ref: 'mains', items: [{ ref: 'steak', priceGross: 5900 }] }],
  });
  return {
    app,
    database,
    bistro,
    other,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export async function newSession(app: App): Promise<string> {
  const response = await app.inject({ method: 'GET', url: '/api/order/uuid' });
  return (response.json() as { uuid: string }).uuid;
}

export async function tableToken(database: Database, tableId: number): Promise<string> {
  const [row] = await database.db
    .select({ token: diningTable.qrToken })
    .from(diningTable)
    .where(eq(diningTable.id, tableId));
  if (!row) throw new Error(`no table ${tableId}`);
  return row.token;
}

export function joinRequest(app: App, body: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/api/table-sessions', payload: body });
}

/** A new session joined to the table with its real token. */
export async function joinedSession(
  ctx: OrderingContext,
  shortName: string,
  tableId: number,
): Promise<{ sessionId: string; joined: JoinTableResponse }> {
  const sessionId = await newSession(ctx.app);
  const response = await joinRequest(ctx.app, {
    shortName,
    tableId,
    token: await tableToken(ctx.database, tableId),
    sessionId,
  });
  if (response.statusCode !== 200) throw new Error(`join failed: ${response.statusCode} ${response.body}`);
  return { sessionId, joined: response.json() as JoinTableResponse };
}

export function postOrder(app: App, key: string | null, body: Record<string, unknown>) {
  return app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: key === null ? {} : { 'idempotency-key': key },
    payload: body,
  });
}

export function getTableOrders(app: App, tableId: number, sessionId: string | null) {
  return app.inject({
    method: 'GET',
    url: `/api/tables/${tableId}/orders`,
    headers: sessionId === null ? {} : { 'x-session-id': sessionId },
  });
}

export async function setRestaurant(
  database: Database,
  id: number,
  values: Partial<{ isEnabled: boolean; isOrderingEnabled: boolean; requireTableToken: boolean }>,
): Promise<void> {
  await database.db.update(restaurant).set(values).where(eq(restaurant.id, id));
}

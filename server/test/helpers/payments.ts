import { randomUUID } from 'node:crypto';
import { OrderSchema } from '@tablo/contract/order';
import { type PayableResponse, PayableResponseSchema, type PaymentSelection } from '@tablo/contract/payment';
import { StaffMeSchema } from '@tablo/contract/staff';
import { buildApp } from '../../src/app.ts';
import type { Database } from '../../src/db/database.ts';
import type { App } from '../../src/lib/app-type.ts';
import type { PaymentSweeper } from '../../src/modules/payments/sweeper.ts';
import { createStaff } from '../../src/modules/staff/create-staff.ts';
import { type InsertedRestaurant, insertRestaurant } from './fixtures.ts';
import { joinedSession, postOrder } from './ordering-kit.ts';
import { testConfig } from './test-app.ts';
import { createTestDatabase, type TestDatabaseKind } from './test-database.ts';

/** Test kit of the payments module: the real app with a pub (beer 27 %, food 5 %), staff and diners. */

export const PASSWORD = 'correct horse battery';

export interface StaffLogin {
  cookie: string;
  csrf: string;
}

export interface PaymentsContext {
  app: App;
  database: Database;
  pub: InsertedRestaurant;
  other: InsertedRestaurant;
  waiter: StaffLogin;
  close(): Promise<void>;
}

export const PUB_MENU = {
  shortName: 'pub',
  name: 'Kocsma',
  tables: [1, 2, 3, 4, 5, 6],
  categories: [
    {
      ref: 'all',
      items: [
        { ref: 'beer', priceGross: 990, vat: 'alcohol' as const, titles: { hu: 'Sör', en: 'Beer' } },
        { ref: 'goulash', priceGross: 2490, titles: { hu: 'Gulyásleves', en: 'Goulash soup' } },
        { ref: 'langos', priceGross: 1290, titles: { hu: 'Lángos', en: 'Lángos' } },
      ],
    },
  ],
};

export async function createPaymentsApp(
  kind: TestDatabaseKind,
  env: Record<string, string> = {},
): Promise<PaymentsContext> {
  const database = await createTestDatabase(kind);
  const app = await buildApp({
    database,
    config: testConfig({ PAYMENT_PROVIDER: 'sandbox', RATE_LIMIT_ORDERS_PER_MINUTE: '100000', ...env }),
    logger: false,
    cacheCoalesceMs: 20,
  });
  await app.ready();
  const pub = await insertRestaurant(database.db, PUB_MENU);
  const other = await insertRestaurant(database.db, {
    shortName: 'other',
    tables: [1],
    categories: [{ ref: 'mains', items: [{ ref: 'steak', priceGross: 5900 }] }],
  });
  await createStaff(database, {
    shortName: 'pub',
    email: 'wendy@pub.test',
    password: PASSWORD,
    role: 'WAITER',
  });
  const waiter = await logIn(app, 'wendy@pub.test');
  return {
    app,
    database,
    pub,
    other,
    waiter,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export async function logIn(app: App, email: string): Promise<StaffLogin> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/staff/login',
    payload: { email, password: PASSWORD },
  });
  if (response.statusCode !== 200) throw new Error(`login ${response.statusCode} ${response.body}`);
  const cookie = response.cookies.find((c) => c.name === 'tablo_staff');
  if (!cookie) throw new Error('no cookie');
  return { cookie: `tablo_staff=${cookie.value}`, csrf: StaffMeSchema.parse(response.json()).csrfToken };
}

export function asStaff(
  app: App,
  who: StaffLogin,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  payload?: object,
) {
  return app.inject({
    method,
    url,
    headers: { cookie: who.cookie, 'x-csrf-token': who.csrf },
    ...(payload === undefined ? {} : { payload }),
  });
}

export async function diner(ctx: PaymentsContext, tableId: number, shortName = 'pub'): Promise<string> {
  const { sessionId } = await joinedSession({ ...ctx, bistro: ctx.pub }, shortName, tableId);
  return sessionId;
}

/** Places an order and has the waiter accept it (payable from then on); answers the order and its line ids. */
export async function acceptedOrder(
  ctx: PaymentsContext,
  sessionId: string,
  tableId: number,
  lines: [ref: string, quantity: number][],
  restaurant: InsertedRestaurant = ctx.pub,
  waiter: StaffLogin = ctx.waiter,
): Promise<{ orderId: number; lineIds: Record<string, number> }> {
  const response = await postOrder(ctx.app, `order-${randomUUID()}`, {
    sessionId,
    tableId,
    items: lines.map(([ref, quantity]) => ({ menuItemId: restaurant.items[ref], quantity })),
  });
  if (response.statusCode !== 201) throw new Error(`order ${response.statusCode} ${response.body}`);
  const order = OrderSchema.parse(response.json());
  await moveOrder(ctx, order.id, 'ACCEPTED', waiter);
  const lineIds: Record<string, number> = {};
  for (const item of order.items) {
    const ref = Object.entries(restaurant.items).find(([, id]) => id === item.menuItemId)?.[0];
    if (ref) lineIds[ref] = item.id;
  }
  return { orderId: order.id, lineIds };
}

export async function moveOrder(
  ctx: PaymentsContext,
  orderId: number,
  status: 'ACCEPTED' | 'SERVED',
  waiter: StaffLogin = ctx.waiter,
) {
  const response = await asStaff(ctx.app, waiter, 'PATCH', `/api/staff/orders/${orderId}`, { status });
  if (response.statusCode !== 200) throw new Error(`move ${response.statusCode} ${response.body}`);
  return OrderSchema.parse(response.json());
}

export async function payable(
  ctx: PaymentsContext,
  sessionId: string,
  tableId: number,
): Promise<PayableResponse> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/tables/${tableId}/payable`,
    headers: { 'x-session-id': sessionId },
  });
  if (response.statusCode !== 200) throw new Error(`payable ${response.statusCode} ${response.body}`);
  return PayableResponseSchema.parse(response.json());
}

export interface PayBody {
  tableId: number;
  method: 'CASH' | 'CARD' | 'ONLINE';
  selection: PaymentSelection;
  expectedAmount: number;
  tip?: number;
  lang?: string;
}

export function pay(
  ctx: PaymentsContext,
  sessionId: string,
  body: PayBody,
  key: string = `pay-${randomUUID()}`,
) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/payments',
    headers: { 'x-session-id': sessionId, 'idempotency-key': key },
    payload: body,
  });
}

export function getPayment(ctx: PaymentsContext, sessionId: string, paymentId: string, suffix = '') {
  return ctx.app.inject({
    method: 'GET',
    url: `/api/payments/${paymentId}${suffix}`,
    headers: { 'x-session-id': sessionId },
  });
}

export type { PaymentSweeper };

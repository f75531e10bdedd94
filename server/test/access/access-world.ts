import { randomBytes, randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { OrderSchema } from '@tablo/contract/order';
import { PaymentSchema } from '@tablo/contract/payment';
import { STAFF_ROLES, type StaffRole } from '@tablo/contract/staff';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { buildApp } from '../../src/app.ts';
import type { Database } from '../../src/db/database.ts';
import { diningTable, payment, staffUser } from '../../src/db/schema.ts';
import type { App } from '../../src/lib/app-type.ts';
import { loggerOptions } from '../../src/lib/logger.ts';
import { insertOptionGroup, MILK } from '../helpers/choices.ts';
import { BISTRO, type InsertedRestaurant, insertRestaurant } from '../helpers/fixtures.ts';
import { joinedSession, newSession, postOrder, tableToken } from '../helpers/ordering-kit.ts';
import { asStaff, type LoggedIn, logIn, staffOfEveryRole, TEST_STAFF_PASSWORD } from '../helpers/staff.ts';
import { testConfig } from '../helpers/test-app.ts';
import { createTestDatabase, type TestDatabaseKind } from '../helpers/test-database.ts';

/**
 * The world the access matrix runs in: two restaurants, diners at three tables, staff of every role and
 * of the other restaurant, orders with notes only their tables may read, payments — and every line the
 * app logs, captured.
 */

export const DINERS = [
  /** The session that joined table A and placed its order and payment. */
  'same',
  /** Another session joined to table A. */
  'sameTable',
  /** A session at table B of the same restaurant. */
  'otherTable',
  /** A session at a table of another restaurant. */
  'otherRestaurant',
  /** A session the server issued that never joined a table. */
  'unjoined',
  /** A well-formed session id the server never issued. */
  'forged',
  /** No session at all. */
  'none',
] as const;
export type Diner = (typeof DINERS)[number];
export type Actor = Diner | StaffRole | 'outsider';
export const ACTORS: readonly Actor[] = [...DINERS, ...STAFF_ROLES, 'outsider'];

export function isStaff(actor: Actor): actor is StaffRole | 'outsider' {
  return !(DINERS as readonly string[]).includes(actor);
}

/** Texts only one table (and its restaurant's staff) may ever read. */
export const NOTES = {
  A: 'note-of-table-A-7f3a',
  B: 'note-of-table-B-91c2',
  O: 'note-of-the-other-restaurant-44de',
} as const;

export interface World {
  app: App;
  database: Database;
  /** Every line the app logged (pino, level debug). */
  logLines: string[];
  bistro: InsertedRestaurant;
  other: InsertedRestaurant;
  tables: { A: number; B: number; J: number; O: number };
  /** An option of the bistro's choices (issue 27): the option sold-out route's target. */
  bistroOption: number;
  sessions: Record<Exclude<Diner, 'none'>, string>;
  staff: Record<StaffRole | 'outsider', LoggedIn>;
  orderA: { id: number; lineId: number; lineTotal: number };
  /** A succeeded cash payment of `same` at table A (result and receipt). */
  paidA: string;
  /** A pending online (sandbox) payment of `same` at table A. */
  onlineA: string;
  /** Its checkout page as the payer's phone has it (path and query, with the payer's key). */
  onlineACheckout: string;
  /** That key: only the payer may read it (decision 053). */
  onlineAKey: string;
  /** Staff session cookies and CSRF tokens of sessions that have ended (log-out): secret all the same. */
  retired: string[];
  /** Strings that must never reach a response body or a log line, whoever asks. */
  alwaysSecret(): string[];
  /** Table tokens by restaurant (managers of that restaurant may see theirs). */
  tokens: { bistro: string[]; other: string[] };
  close(): Promise<void>;
}

function collect(lines: string[]): Writable {
  return new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
}

/** The headers (and body session id) an actor sends: its session, or its staff cookie and CSRF token. */
export function credentials(
  world: World,
  actor: Actor,
): { headers: Record<string, string>; sessionId?: string } {
  if (isStaff(actor)) {
    const who = world.staff[actor];
    return { headers: { cookie: who.cookie, 'x-csrf-token': who.csrf } };
  }
  if (actor === 'none') return { headers: {} };
  const sessionId = world.sessions[actor];
  return { headers: { 'x-session-id': sessionId }, sessionId };
}

export function inject(world: World, actor: Actor, options: InjectOptions) {
  const { headers } = credentials(world, actor);
  return world.app.inject({ ...options, headers: { ...headers, ...(options.headers ?? {}) } });
}

const ORDER_RATE = '100000';

export async function buildWorld(kind: TestDatabaseKind): Promise<World> {
  const database = await createTestDatabase(kind);
  const logLines: string[] = [];
  const app = await buildApp({
    database,
    config: testConfig({
      PAYMENT_PROVIDER: 'sandbox',
      RATE_LIMIT_ORDERS_PER_MINUTE: ORDER_RATE,
      RATE_LIMIT_JOINS_PER_MINUTE: ORDER_RATE,
      RATE_LIMIT_SIGNUPS_PER_HOUR: ORDER_RATE,
    }),
    logger: { ...loggerOptions('debug'), stream: collect(logLines) },
    cacheCoalesceMs: 20,
  });
  await app.ready();
  const bistro = await insertRestaurant(database.db, BISTRO);
  const other = await insertRestaurant(database.db, {
    shortName: 'other',
    tables: [1, 2],
    categories: [{ ref: 'mains', items: [{ ref: 'steak', priceGross: 5900 }] }],
  });
  const kit = { app, database, bistro, other, close: async () => {} };
  const milk = await insertOptionGroup(database.db, bistro.id, MILK, [bistro.items.goulash as number]);
  const tables = {
    A: bistro.tables[1] as number,
    B: bistro.tables[2] as number,
    J: bistro.tables[3] as number,
    O: other.tables[1] as number,
  };
  const same = (await joinedSession(kit, 'bistro', tables.A)).sessionId;
  const sessions = {
    same,
    sameTable: (await joinedSession(kit, 'bistro', tables.A)).sessionId,
    otherTable: (await joinedSession(kit, 'bistro', tables.B)).sessionId,
    otherRestaurant: (await joinedSession(kit, 'other', tables.O)).sessionId,
    unjoined: await newSession(app),
    forged: randomUUID(),
  };
  const bistroStaff = await staffOfEveryRole(app, database, 'bistro');
  const outsider = (await staffOfEveryRole(app, database, 'other')).OWNER;
  const staff = { ...bistroStaff, outsider };

  await orderAt(app, sessions.otherTable, tables.B, bistro.items.goulash as number, NOTES.B);
  await orderAt(app, sessions.otherRestaurant, tables.O, other.items.steak as number, NOTES.O);
  // A waiter call at table B, for the acknowledgement.
  const call = await app.inject({
    method: 'POST',
    url: `/api/tables/${tables.B}/calls`,
    headers: { 'x-session-id': sessions.otherTable },
    payload: { kind: 'WAITER' },
  });
  if (call.statusCode !== 200) throw new Error(`call ${call.statusCode} ${call.body}`);

  const world: World = {
    app,
    database,
    logLines,
    bistro,
    other,
    tables,
    bistroOption: milk.options.oat as number,
    sessions,
    staff,
    orderA: { id: 0, lineId: 0, lineTotal: 0 },
    paidA: '',
    onlineA: '',
    onlineACheckout: '',
    onlineAKey: '',
    tokens: { bistro: [], other: [] },
    retired: [],
    alwaysSecret: () => [],
    close: async () => {
      await app.close();
      await database.close();
    },
  };
  world.orderA = await acceptedOrderAt(world, 'same', tables.A);
  world.paidA = await paymentAt(world, 'same', tables.A, world.orderA, 'CASH');
  const confirmed = await asStaff(
    app,
    staff.WAITER,
    'POST',
    `/api/staff/payments/${world.paidA}/confirm`,
    {},
  );
  if (confirmed.statusCode !== 200) throw new Error(`confirm ${confirmed.statusCode} ${confirmed.body}`);
  world.onlineA = await paymentAt(
    world,
    'same',
    tables.A,
    await acceptedOrderAt(world, 'same', tables.A),
    'ONLINE',
  );
  const [online] = await database.db
    .select({ checkoutUrl: payment.checkoutUrl })
    .from(payment)
    .where(eq(payment.id, world.onlineA));
  const checkout = new URL(online?.checkoutUrl ?? '');
  world.onlineACheckout = `${checkout.pathname}${checkout.search}`;
  world.onlineAKey = checkout.searchParams.get('key') ?? '';
  // Rated by `same` only: nobody else may read it as theirs.
  await app.inject({
    method: 'POST',
    url: '/api/menu-item-ratings',
    payload: { sessionId: same, menuItemId: bistro.items.goulash, rating: 'LIKE' },
  });

  const tokensOf = (restaurant: InsertedRestaurant) =>
    Promise.all(Object.values(restaurant.tables).map((id) => tableToken(database, id)));
  world.tokens = { bistro: await tokensOf(bistro), other: await tokensOf(other) };
  const hashes = (await database.db.select({ hash: staffUser.passwordHash }).from(staffUser)).map(
    (r) => r.hash,
  );
  world.alwaysSecret = () => [
    ...Object.values(world.sessions),
    ...Object.values(world.staff).map((who) => who.cookie.replace(/^tablo_staff=/, '')),
    ...world.retired,
    TEST_STAFF_PASSWORD,
    ...hashes,
    // The scrypt hash's salt and key apart, in case a format splits them.
    ...hashes.flatMap((hash) => hash.split(/[$:]/).filter((part) => part.length >= 16)),
  ];
  return world;
}

export async function orderAt(
  app: App,
  sessionId: string,
  tableId: number,
  menuItemId: number,
  note: string,
): Promise<{ id: number; lineId: number; lineTotal: number }> {
  const placed = await postOrder(app, `key-${randomBytes(8).toString('hex')}`, {
    sessionId,
    tableId,
    note,
    items: [{ menuItemId, quantity: 1, note: `${note}-line` }],
  });
  if (placed.statusCode !== 201) throw new Error(`order ${placed.statusCode} ${placed.body}`);
  const order = OrderSchema.parse(placed.json());
  const line = order.items[0];
  if (!line) throw new Error('no line');
  return { id: order.id, lineId: line.id, lineTotal: line.lineTotal };
}

/** A new order of the diner at the table, with the table's note, accepted by the bistro's waiter. */
export async function acceptedOrderAt(world: World, diner: Diner, tableId: number) {
  const note = tableId === world.tables.B ? NOTES.B : NOTES.A;
  const order = await orderAt(
    world.app,
    world.sessions[diner as 'same'],
    tableId,
    world.bistro.items.goulash as number,
    note,
  );
  const accepted = await asStaff(world.app, world.staff.WAITER, 'PATCH', `/api/staff/orders/${order.id}`, {
    status: 'ACCEPTED',
  });
  if (accepted.statusCode !== 200) throw new Error(`accept ${accepted.statusCode} ${accepted.body}`);
  return order;
}

export function paymentRequest(
  tableId: number,
  order: { lineId: number; lineTotal: number },
  method: 'CASH' | 'ONLINE',
) {
  return {
    tableId,
    method,
    selection: { kind: 'items', items: [{ orderItemId: order.lineId, quantity: 1 }] },
    expectedAmount: order.lineTotal,
    lang: 'en',
  };
}

/** A pending payment of the diner's for the order's line; answers its id. */
export async function paymentAt(
  world: World,
  diner: Diner,
  tableId: number,
  order: { lineId: number; lineTotal: number },
  method: 'CASH' | 'ONLINE',
): Promise<string> {
  const paid = await world.app.inject({
    method: 'POST',
    url: '/api/payments',
    headers: {
      'x-session-id': world.sessions[diner as 'same'],
      'idempotency-key': `pay-${randomBytes(8).toString('hex')}`,
    },
    payload: paymentRequest(tableId, order, method),
  });
  if (paid.statusCode !== 201) throw new Error(`payment ${paid.statusCode} ${paid.body}`);
  return PaymentSchema.parse(paid.json()).id;
}

/** A new enabled bistro table with an open visit (one diner joined): closing or rotating it harms nobody. */
export async function spareTable(world: World): Promise<number> {
  const number = 100 + Math.floor(Math.random() * 1_000_000);
  const [row] = await world.database.db
    .insert(diningTable)
    .values({ restaurantId: world.bistro.id, tableNumber: number, qrToken: randomBytes(16).toString('hex') })
    .returning({ id: diningTable.id });
  if (!row) throw new Error('no table');
  const kit = {
    app: world.app,
    database: world.database,
    bistro: world.bistro,
    other: world.other,
    close: async () => {},
  };
  await joinedSession(kit, 'bistro', row.id);
  return row.id;
}

/** After a cell that ended a staff session (log-out), that actor logs in again. */
export async function stayLoggedIn(world: World, actor: StaffRole | 'outsider'): Promise<void> {
  const me = await inject(world, actor, { method: 'GET', url: '/api/staff/me' });
  if (me.statusCode !== 401) return;
  const ended = world.staff[actor];
  world.retired.push(ended.cookie.replace(/^tablo_staff=/, ''), ended.csrf);
  world.staff[actor] = await logIn(world.app, ended.email);
}

export { STAFF_ROLES };

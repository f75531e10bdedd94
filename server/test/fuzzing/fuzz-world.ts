import { randomBytes, scryptSync } from 'node:crypto';
import { IDEMPOTENCY_HEADER, OrderSchema } from '@tablo/contract/order';
import { PaymentSchema } from '@tablo/contract/payment';
import { SESSION_HEADER } from '@tablo/contract/session';
import { CSRF_HEADER, STAFF_SESSION_COOKIE } from '@tablo/contract/staff';
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/database.ts';
import type { App } from '../../src/lib/app-type.ts';
import { insertStaffSession, insertStaffUser } from '../../src/modules/staff/repository.ts';
import { hashToken } from '../../src/modules/staff/service.ts';
import { staffRoutesOf } from '../../src/modules/staff/staff-auth.ts';
import { insertRestaurant } from '../helpers/fixtures.ts';
import {
  joinedSession,
  newSession,
  type OrderingContext,
  postOrder,
  tableToken,
} from '../helpers/ordering-kit.ts';
import { percentEncode } from './hostile-values.ts';
import { exampleOf, fillPath, type Operation } from './openapi-operations.ts';
import type { Headers } from './request-arbitraries.ts';

/**
 * A restaurant in the middle of service, for the fuzzer to aim at: a diner joined to a table with a placed
 * order, an accepted order and a pending cash payment, a waiter call, and an owner logged in. Its ids fill
 * the valid request of every operation, so a fuzzed request reaches the handler unless what was changed
 * stops it. A valid request may use the world up (accept the order, close the table): `checkWorld` says so
 * and the test builds a new one. Every world is another restaurant in the same database, so old worlds are
 * "another restaurant".
 */
export interface FuzzWorld {
  shortName: string;
  tableId: number;
  tableToken: string;
  menuItemId: number;
  /** The diner joined to the table, and a diner who joined nothing. */
  sessionId: string;
  strangerSessionId: string;
  placedOrderId: number;
  /** A line of the accepted order with one unit free to pay, and its price. */
  orderItemId: number;
  unitPrice: number;
  paymentId: string;
  idempotencyKey: string;
  staff: { email: string; password: string; cookie: string; csrf: string; staffUserId: number };
}

export const FUZZ_PASSWORD = 'fuzzing is fun, really';
let worlds = 0;

/**
 * The owner's password hash in the stored format (password.ts), with scrypt's cost at N = 1024 instead of
 * 16384: the verifier reads the cost from the hash, so log-ins with it run the same code, 16 times faster —
 * the fuzzer logs in thousands of times. Unknown e-mail addresses still pay the full cost.
 */
const passwordHash = (() => {
  const salt = randomBytes(16);
  const key = scryptSync(FUZZ_PASSWORD.normalize('NFKC'), salt, 64, { N: 1024, r: 8, p: 1 });
  return ['scrypt', 1024, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
})();

async function loggedInOwner(database: Database, restaurantId: number, shortName: string) {
  const email = `owner@${shortName}.test`;
  const staffUserId = await insertStaffUser(database.db, {
    restaurantId,
    email,
    role: 'OWNER',
    passwordHash,
  });
  // A session written as log-in writes it: the scrypt of a real log-in per world would dominate the run.
  const token = randomBytes(32).toString('base64url');
  const csrf = randomBytes(32).toString('base64url');
  await insertStaffSession(database.db, {
    tokenHash: hashToken(token),
    staffUserId,
    csrfToken: csrf,
    ttlSeconds: 24 * 3600,
  });
  return { email, password: FUZZ_PASSWORD, cookie: `${STAFF_SESSION_COOKIE}=${token}`, csrf, staffUserId };
}

function staffToken(world: FuzzWorld): string {
  return world.staff.cookie.slice(STAFF_SESSION_COOKIE.length + 1);
}

/**
 * Whether every valid request still has what it needs: the owner's session, the open visit the diner
 * joined at an enabled table with the same token, the placed order still PLACED, the payment PENDING, the
 * item available and a unit of the accepted order free to pay. A world whose only loss is the owner's
 * session (a valid log-out) gets it back; any other loss answers false.
 */
export async function checkWorld(database: Database, world: FuzzWorld): Promise<boolean> {
  const tokenHash = hashToken(staffToken(world));
  const result = await database.db.execute(sql`
    select
      exists (select 1 from staff_session where token_hash = ${tokenHash}) as "staffSession",
      exists (
        select 1 from dining_table t
        join table_visit v on v.table_id = t.id and v.closed_at is null
        join visit_session vs on vs.visit_id = v.id and vs.session_id = ${world.sessionId}
        where t.id = ${world.tableId} and t.is_enabled and t.qr_token = ${world.tableToken}
      ) as "visit",
      (select status from orders where id = ${world.placedOrderId}) = 'PLACED' as "placedOrder",
      (select status from payment where id = ${world.paymentId}) = 'PENDING' as "payment",
      (select availability_type from menu_item where id = ${world.menuItemId}) = 'AVAILABLE' as "item",
      (select oi.quantity - oi.paid_quantity - coalesce((
          select sum(pi.quantity) from payment_item pi join payment p on p.id = pi.payment_id
          where pi.order_item_id = oi.id and p.status = 'PENDING'), 0)
        from order_item oi where oi.id = ${world.orderItemId}) >= 1 as "freeUnit"`);
  const [row] = (result as unknown as { rows: Record<string, boolean>[] }).rows;
  if (!row) return false;
  const { staffSession, ...rest } = row;
  if (!Object.values(rest).every(Boolean)) return false;
  if (!staffSession) {
    await insertStaffSession(database.db, {
      tokenHash,
      staffUserId: world.staff.staffUserId,
      csrfToken: world.staff.csrf,
      ttlSeconds: 24 * 3600,
    });
  }
  return true;
}

export async function createWorld(app: App, database: Database): Promise<FuzzWorld> {
  worlds += 1;
  const shortName = `fuzz-${worlds}`;
  const inserted = await insertRestaurant(database.db, {
    shortName,
    tables: [1, 2, -3],
    categories: [
      {
        ref: 'mains',
        items: [
          { ref: 'goulash', priceGross: 2490 },
          { ref: 'fishsoup', priceGross: 3290, availabilityType: 'SOLD_OUT' },
          { ref: 'hidden', priceGross: 100, isActive: false },
        ],
      },
    ],
  });
  const tableId = inserted.tables[1] as number;
  const menuItemId = inserted.items.goulash as number;
  const staff = await loggedInOwner(database, inserted.id, shortName);
  const ctx = { app, database } as OrderingContext;
  const { sessionId } = await joinedSession(ctx, shortName, tableId);
  const order = (key: string, quantity: number) =>
    postOrder(app, key, { sessionId, tableId, items: [{ menuItemId, quantity }] }).then((response) =>
      OrderSchema.parse(response.json()),
    );
  const placed = await order('fuzz-placed', 1);
  const accepted = await order('fuzz-accepted', 3);
  await app.inject({
    method: 'PATCH',
    url: `/api/staff/orders/${accepted.id}`,
    headers: { cookie: staff.cookie, [CSRF_HEADER]: staff.csrf },
    payload: { status: 'ACCEPTED' },
  });
  const orderItem = accepted.items[0];
  if (!orderItem) throw new Error('the accepted order has no line');
  const payment = await app.inject({
    method: 'POST',
    url: '/api/payments',
    headers: { [SESSION_HEADER]: sessionId, [IDEMPOTENCY_HEADER]: 'fuzz-payment' },
    payload: {
      tableId,
      method: 'CASH',
      selection: { kind: 'items', items: [{ orderItemId: orderItem.id, quantity: 1 }] },
      expectedAmount: orderItem.unitPrice,
    },
  });
  await app.inject({
    method: 'POST',
    url: `/api/tables/${tableId}/calls`,
    headers: { [SESSION_HEADER]: sessionId },
    payload: { kind: 'WAITER' },
  });
  return {
    shortName,
    tableId,
    tableToken: await tableToken(database, tableId),
    menuItemId,
    sessionId,
    strangerSessionId: await newSession(app),
    placedOrderId: placed.id,
    orderItemId: orderItem.id,
    unitPrice: orderItem.unitPrice,
    paymentId: PaymentSchema.parse(payment.json()).id,
    idempotencyKey: `fuzz-key-${worlds}`,
    staff,
  };
}

/** Valid values by parameter or property name; anything else comes from the schema (`exampleOf`). */
export function hintsOf(world: FuzzWorld): Record<string, unknown> {
  return {
    shortName: world.shortName,
    tableId: world.tableId,
    menuItemId: world.menuItemId,
    orderId: world.placedOrderId,
    orderItemId: world.orderItemId,
    paymentId: world.paymentId,
    sessionId: world.sessionId,
    token: world.tableToken,
    email: world.staff.email,
    password: world.staff.password,
    status: 'ACCEPTED',
    rating: 'LIKE',
    method: 'CASH',
    isEnabled: true,
    force: true,
    expectedAmount: world.unitPrice,
    [SESSION_HEADER]: world.sessionId,
    [IDEMPOTENCY_HEADER]: world.idempotencyKey,
  };
}

/** A request as `app.inject` takes it. */
export interface FuzzRequest {
  method: string;
  url: string;
  headers: Headers;
  payload?: string | Buffer;
}

/** The operation's valid request in the world, and the parts the fuzzer varies. */
export interface ValidRequest {
  pathValues: Record<string, string>;
  query: string;
  headers: Headers;
  body: unknown;
  /** The request with the given parts replaced. */
  build(parts: {
    path?: Record<string, string>;
    query?: string;
    headers?: Headers;
    payload?: string | Buffer;
  }): FuzzRequest;
}

/** Whether the staff guard checks the route (staff-auth.ts records every /api/staff route it guards). */
export function needsStaff(app: App, operation: Operation): boolean {
  const url = operation.path.replace(/\{([^}]+)\}/g, ':$1');
  return staffRoutesOf(app).some(
    (route) => route.url === url && route.method === operation.method && route.permission !== null,
  );
}

export function validRequest(app: App, operation: Operation, world: FuzzWorld): ValidRequest {
  const hints = hintsOf(world);
  const pathValues = Object.fromEntries(
    operation.pathParams.map((p) => [p.name, String(exampleOf(p.schema, hints, p.name))]),
  );
  const query = operation.queryParams
    .filter((p) => p.required)
    .map((p) => `${p.name}=${percentEncode(String(exampleOf(p.schema, hints, p.name)))}`)
    .join('&');
  const headers: Headers = {};
  for (const parameter of operation.headerParams) {
    headers[parameter.name] = String(exampleOf(parameter.schema, hints, parameter.name));
  }
  if (needsStaff(app, operation)) {
    headers.cookie = world.staff.cookie;
    headers[CSRF_HEADER] = world.staff.csrf;
  }
  const body = operation.body ? exampleOf(operation.body, hints) : undefined;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const encodedPath = Object.fromEntries(Object.entries(pathValues).map(([k, v]) => [k, percentEncode(v)]));
  return {
    pathValues,
    query,
    headers,
    body,
    build(parts) {
      const path = fillPath(operation.path, parts.path ?? encodedPath);
      const search = parts.query ?? query;
      const payload =
        'payload' in parts ? parts.payload : body === undefined ? undefined : JSON.stringify(body);
      return {
        method: operation.method,
        url: search ? `${path}?${search}` : path,
        headers: parts.headers ?? headers,
        ...(payload === undefined ? {} : { payload }),
      };
    },
  };
}

import { randomUUID } from 'node:crypto';
import { OrderSchema } from '@tablo/contract/order';
import { type PayableResponse, PayableResponseSchema } from '@tablo/contract/payment';
import { StaffMeSchema } from '@tablo/contract/staff';
import { type PreparedDatabase, WAITER } from './prepared-database.ts';

/** What a phone or a staff tablet does over HTTP, for the reliability suites (a real client: fetch). */

export type Outcome =
  | { answered: true; status: number; body: unknown; headers: Headers }
  | { answered: false; error: string };

/** One request; a refused, reset or timed-out connection is an answer too (`answered: false`). */
export async function call(
  baseUrl: string,
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: unknown; timeoutMs?: number } = {},
): Promise<Outcome> {
  try {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...options.headers,
      },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      signal: AbortSignal.timeout(options.timeoutMs ?? 20_000),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: kept as text
    }
    return { answered: true, status: response.status, body, headers: response.headers };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return { answered: false, error: cause ?? (error instanceof Error ? error.name : String(error)) };
  }
}

async function expectStatus(outcome: Promise<Outcome>, status: number, what: string): Promise<unknown> {
  const result = await outcome;
  if (!result.answered || result.status !== status) {
    throw new Error(
      `${what}: ${result.answered ? `${result.status} ${JSON.stringify(result.body)}` : result.error}`,
    );
  }
  return result.body;
}

export interface Diner {
  sessionId: string;
  tableId: number;
}

/** A new session joined to the table with its real token. */
export async function joinedDiner(baseUrl: string, db: PreparedDatabase, tableId: number): Promise<Diner> {
  const { uuid } = (await expectStatus(call(baseUrl, 'GET', '/api/order/uuid'), 200, 'session')) as {
    uuid: string;
  };
  await expectStatus(
    call(baseUrl, 'POST', '/api/table-sessions', {
      body: { shortName: db.restaurant.shortName, tableId, token: db.tokens[tableId], sessionId: uuid },
    }),
    200,
    'join',
  );
  return { sessionId: uuid, tableId };
}

export interface OrderRequest {
  key: string;
  body: { sessionId: string; tableId: number; items: { menuItemId: number; quantity: number }[] };
}

/** A cart of one to three lines of the rush menu, with a fresh idempotency key. */
export function orderRequest(db: PreparedDatabase, diner: Diner, seed: number): OrderRequest {
  const ids = Object.values(db.restaurant.items);
  const lines = 1 + (seed % 3);
  return {
    key: `order-${randomUUID()}`,
    body: {
      sessionId: diner.sessionId,
      tableId: diner.tableId,
      items: Array.from({ length: lines }, (_, line) => ({
        menuItemId: ids[(seed + line) % ids.length] as number,
        quantity: 1 + ((seed + line) % 4),
      })),
    },
  };
}

export function placeOrder(baseUrl: string, request: OrderRequest, timeoutMs?: number): Promise<Outcome> {
  return call(baseUrl, 'POST', '/api/orders', {
    headers: { 'idempotency-key': request.key },
    body: request.body,
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  });
}

export async function placedOrderId(baseUrl: string, request: OrderRequest): Promise<number> {
  return OrderSchema.parse(await expectStatus(placeOrder(baseUrl, request), 201, 'order')).id;
}

export interface StaffLogin {
  cookie: string;
  csrf: string;
}

export async function waiterLogin(baseUrl: string): Promise<StaffLogin> {
  const response = await fetch(`${baseUrl}/api/staff/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(WAITER),
  });
  if (response.status !== 200) throw new Error(`login ${response.status} ${await response.text()}`);
  const cookie = /tablo_staff=[^;]+/.exec(response.headers.get('set-cookie') ?? '')?.[0];
  if (!cookie) throw new Error('no staff cookie');
  return { cookie, csrf: StaffMeSchema.parse(await response.json()).csrfToken };
}

export async function acceptOrder(baseUrl: string, staff: StaffLogin, orderId: number): Promise<void> {
  await expectStatus(
    call(baseUrl, 'PATCH', `/api/staff/orders/${orderId}`, {
      headers: { cookie: staff.cookie, 'x-csrf-token': staff.csrf },
      body: { status: 'ACCEPTED' },
    }),
    200,
    'accept',
  );
}

export async function payable(baseUrl: string, diner: Diner): Promise<PayableResponse> {
  return PayableResponseSchema.parse(
    await expectStatus(
      call(baseUrl, 'GET', `/api/tables/${diner.tableId}/payable`, {
        headers: { 'x-session-id': diner.sessionId },
      }),
      200,
      'payable',
    ),
  );
}

export interface PaymentRequest {
  key: string;
  sessionId: string;
  body: {
    tableId: number;
    method: 'CASH';
    selection: { kind: 'items'; items: { orderItemId: number; quantity: number }[] };
    expectedAmount: number;
  };
}

export function pay(baseUrl: string, request: PaymentRequest, timeoutMs?: number): Promise<Outcome> {
  return call(baseUrl, 'POST', '/api/payments', {
    headers: { 'x-session-id': request.sessionId, 'idempotency-key': request.key },
    body: request.body,
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  });
}

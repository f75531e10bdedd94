import { randomUUID } from 'node:crypto';
import { MenuSchema } from '@tablo/contract/menu';
import { OrderSchema, TableOrdersResponseSchema } from '@tablo/contract/order';
import { PayableResponseSchema, PaymentSchema } from '@tablo/contract/payment';
import { SESSION_HEADER, SessionUuidResponseSchema } from '@tablo/contract/session';
import { JoinTableResponseSchema } from '@tablo/contract/table-session';
import { DinerLive } from './diner-live.ts';

/**
 * A diner's phone against a base URL (nginx or an instance): a server-issued session joined with the
 * table's QR token, orders and payments each sent with one idempotency key and sent again with that key
 * until an answer comes (a dropped connection, 502 from the balancer, 503 from an instance whose database
 * blipped, 409 "still running"), "My Table", and the live socket.
 */

/** Answers after which the same request is sent again (nothing was decided, or we cannot know). */
const RETRY_STATUSES = new Set([502, 503, 504]);
const ATTEMPT_TIMEOUT_MS = 10_000;
const GIVE_UP_AFTER_MS = 30_000;

export interface Sent {
  response: Response;
  attempts: number;
}

/** Sends until an answer that decides something; network errors and 502–504 are retried with a short pause. */
export async function sendUntilAnswered(
  send: () => Promise<Response>,
  options: { retryStillRunning?: boolean } = {},
): Promise<Sent> {
  const deadline = Date.now() + GIVE_UP_AFTER_MS;
  for (let attempts = 1; ; attempts++) {
    let response: Response | null = null;
    try {
      response = await send();
    } catch {
      response = null;
    }
    const retry =
      response === null ||
      RETRY_STATUSES.has(response.status) ||
      (options.retryStillRunning === true && response.status === 409 && (await stillRunning(response)));
    if (!retry && response) return { response, attempts };
    if (Date.now() > deadline)
      throw new Error(
        `no decisive answer after ${attempts} attempts (last: ${response?.status ?? 'network'})`,
      );
    await response?.body?.cancel();
    await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
  }
}

/** The 409 of a request whose key is held by a first attempt still running (orders and payments say so). */
async function stillRunning(response: Response): Promise<boolean> {
  const body = (await response
    .clone()
    .json()
    .catch(() => ({}))) as { message?: unknown };
  return typeof body.message === 'string' && body.message.includes('still being processed');
}

export async function orderableItems(base: string, shortName: string): Promise<number[]> {
  const { response } = await sendUntilAnswered(() => fetch(`${base}/api/menu/current/${shortName}`));
  const menu = MenuSchema.parse(await response.json());
  // Dishes ordered as they are: one with choices (issue 27) is ordered from its dialog, with them.
  return menu.flatMap((category) =>
    category.menuItems
      .filter((item) => item.availabilityType === 'AVAILABLE' && item.optionGroupIds.length === 0)
      .map((item) => item.id),
  );
}

export class Diner {
  /** Idempotency key → the order id the server acknowledged. */
  readonly orders = new Map<string, number>();
  /** Idempotency key → the payment id the server acknowledged. */
  readonly payments = new Map<string, string>();
  /** Requests that needed more than one attempt. */
  retried = 0;
  /** Orders acknowledged but missing from the next "My Table" read. */
  readonly missingFromMyTable: number[] = [];
  live: DinerLive | null = null;

  private constructor(
    readonly base: string,
    readonly sessionId: string,
    readonly tableId: number,
    readonly visitId: number,
    readonly joinCursor: number,
  ) {}

  static async join(base: string, shortName: string, table: { id: number; token: string }): Promise<Diner> {
    const issued = await sendUntilAnswered(() => fetch(`${base}/api/order/uuid`));
    const { uuid } = SessionUuidResponseSchema.parse(await issued.response.json());
    const { response } = await sendUntilAnswered(() =>
      fetch(`${base}/api/table-sessions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ shortName, tableId: table.id, token: table.token, sessionId: uuid }),
      }),
    );
    if (response.status !== 200) throw new Error(`join: ${response.status} ${await response.text()}`);
    const joined = JoinTableResponseSchema.parse(await response.json());
    return new Diner(base, uuid, table.id, joined.visitId, joined.cursor);
  }

  /** Opens the live socket (through `base` unless another address is given). */
  connect(base = this.base): DinerLive {
    this.live = new DinerLive(base, this.tableId, this.visitId, this.sessionId, this.joinCursor).start();
    return this.live;
  }

  private post(path: string, key: string, body: unknown): Promise<Sent> {
    return sendUntilAnswered(
      () =>
        fetch(`${this.base}/api${path}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'idempotency-key': key,
            [SESSION_HEADER]: this.sessionId,
          },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
        }),
      { retryStillRunning: true },
    );
  }

  /** One cart, one key: sent until acknowledged. */
  async order(items: { menuItemId: number; quantity: number }[]): Promise<number> {
    const key = `cart-${randomUUID()}`;
    const { response, attempts } = await this.post('/orders', key, {
      sessionId: this.sessionId,
      tableId: this.tableId,
      items,
    });
    if (attempts > 1) this.retried++;
    if (response.status !== 201 && response.status !== 200)
      throw new Error(`order: ${response.status} ${await response.text()}`);
    const order = OrderSchema.parse(await response.json());
    this.orders.set(key, order.id);
    return order.id;
  }

  /** "My Table": the visit's orders as the diner's phone reads them. */
  async myTable(): Promise<Map<number, string>> {
    const { response } = await sendUntilAnswered(() =>
      fetch(`${this.base}/api/tables/${this.tableId}/orders`, {
        headers: { [SESSION_HEADER]: this.sessionId },
        signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
      }),
    );
    if (response.status !== 200) throw new Error(`my table: ${response.status} ${await response.text()}`);
    const { orders } = TableOrdersResponseSchema.parse(await response.json());
    return new Map(orders.map((order) => [order.id, order.status]));
  }

  /** Orders, then checks "My Table" shows the acknowledged order (whichever instance answers). */
  async orderAndCheck(items: { menuItemId: number; quantity: number }[]): Promise<void> {
    const id = await this.order(items);
    if (!(await this.myTable()).has(id)) this.missingFromMyTable.push(id);
  }

  /** Pays what is left at the table in cash (staff confirm it); null when nothing is left to pay. */
  async payRest(): Promise<string | null> {
    for (let tries = 0; tries < 5; tries++) {
      const read = await sendUntilAnswered(() =>
        fetch(`${this.base}/api/tables/${this.tableId}/payable`, {
          headers: { [SESSION_HEADER]: this.sessionId },
          signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
        }),
      );
      const payable = PayableResponseSchema.parse(await read.response.json());
      if (payable.leftAmount === 0) return null;
      const key = `pay-${randomUUID()}`;
      const { response, attempts } = await this.post('/payments', key, {
        tableId: this.tableId,
        method: 'CASH',
        selection: { kind: 'rest' },
        expectedAmount: payable.leftAmount,
      });
      if (attempts > 1) this.retried++;
      if (response.status === 201 || response.status === 200) {
        const payment = PaymentSchema.parse(await response.json());
        this.payments.set(key, payment.id);
        return payment.id;
      }
      // 409/422: the amount moved meanwhile (another diner paid, an order was served): read it again.
      await response.body?.cancel();
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error('payment: the amount kept moving');
  }
}

import { randomUUID } from 'node:crypto';
import { OrderSchema } from '@tablo/contract/order';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payment } from '../../src/db/schema.ts';
import { ensureServerBundle, type ServerProcess } from '../helpers/server-process.ts';
import { testDatabaseKinds } from '../helpers/test-database.ts';
import {
  acceptOrder,
  type Diner,
  joinedDiner,
  type OrderRequest,
  type Outcome,
  orderRequest,
  type PaymentRequest,
  pay,
  payable,
  placeOrder,
  type StaffLogin,
  waiterLogin,
} from './diner-client.ts';
import { type PreparedDatabase, prepareDatabase } from './prepared-database.ts';
import { startProductionServer } from './production-server.ts';
import { linesOf, partialOrders, partialPayments, storedOrders, storedPayments } from './stored-state.ts';

// Issue 11 point 2: SIGKILL while 200 orders and payments are in flight. RELIABILITY_LONG=1 runs 20 rounds.
const ROUNDS = process.env.RELIABILITY_LONG ? 20 : 3;
const IN_FLIGHT = 200;
const DINERS = 40;
const RESERVATION_SECONDS = 3;
const SERVER_ENV = {
  RATE_LIMIT_ORDERS_PER_MINUTE: '100000',
  PAYMENT_RESERVATION_MINUTES: String(RESERVATION_SECONDS / 60),
};

const acknowledged = (result: Outcome, status = 201) => result.answered && result.status === status;

/** Runs `work` with at most `limit` at a time. */
async function inBatches<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index] as T);
      }
    }),
  );
  return results;
}

describe.each(testDatabaseKinds())('SIGKILL with orders and payments in flight (%s)', (kind) => {
  let db: PreparedDatabase;
  let server: ServerProcess | null = null;
  const started: ServerProcess[] = [];

  beforeAll(async () => {
    ensureServerBundle();
    db = await prepareDatabase(kind, 20);
  });
  afterAll(async () => {
    for (const one of started) one.kill();
    await db?.remove();
  });

  async function start(): Promise<ServerProcess> {
    // For PGlite this is the proof that the data folder opens again after a SIGKILL.
    server = await startProductionServer({ env: { ...db.env, ...SERVER_ENV } });
    started.push(server);
    return server;
  }

  it(
    `stores every acknowledged one whole and nothing half, ${ROUNDS} rounds; retries give exactly one`,
    async ({ onTestFailed }) => {
      let round = -1;
      onTestFailed(() => {
        const last = server;
        console.error(
          `${kind}, round ${round}; the last server exited ${last?.process.exitCode ?? last?.process.signalCode ?? 'not'}:\n` +
            (last?.output().slice(-6000) ?? ''),
        );
      });
      let current = await start();
      const tableIds = Object.values(db.restaurant.tables);
      const diners: Diner[] = [];
      for (let index = 0; index < DINERS; index++)
        diners.push(await joinedDiner(current.baseUrl, db, tableIds[index % tableIds.length] as number));
      const staff: StaffLogin = await waiterLogin(current.baseUrl);

      const allOrders: OrderRequest[] = [];
      const allPayments: PaymentRequest[] = [];
      let unacknowledgedOrders: OrderRequest[] = [];
      let unacknowledgedPayments: PaymentRequest[] = [];

      async function retryUnacknowledged(base: string): Promise<void> {
        for (const request of unacknowledgedOrders) {
          const retry = await placeOrder(base, request);
          expect(retry.answered && retry.status, JSON.stringify(retry)).toBe(201);
        }
        for (const request of unacknowledgedPayments) {
          const retry = await pay(base, request);
          expect(retry.answered && retry.status, JSON.stringify(retry)).toBe(201);
        }
      }

      for (round = 0; round < ROUNDS; round++) {
        if (round > 0) current = await start();
        if (process.env.RELIABILITY_VERBOSE)
          console.log(`${kind} round ${round}: ${new Date().toISOString()}`);
        await retryUnacknowledged(current.baseUrl);
        const base = current.baseUrl;

        // Accepted orders to pay for: one payment per order, for its first line.
        const toPay = Array.from({ length: IN_FLIGHT / 2 }, (_, index) =>
          orderRequest(db, diners[index % DINERS] as Diner, round * 1000 + index),
        );
        const payments = await inBatches(toPay, 8, async (request): Promise<PaymentRequest> => {
          const placed = await placeOrder(base, request);
          if (!acknowledged(placed)) throw new Error(`setup order: ${JSON.stringify(placed)}`);
          const order = OrderSchema.parse((placed as { body: unknown }).body);
          await acceptOrder(base, staff, order.id);
          const line = order.items[0];
          if (!line) throw new Error('order without lines');
          return {
            key: `pay-${randomUUID()}`,
            sessionId: request.body.sessionId,
            body: {
              tableId: request.body.tableId,
              method: 'CASH',
              selection: { kind: 'items', items: [{ orderItemId: line.id, quantity: line.quantity }] },
              expectedAmount: line.unitPrice * line.quantity,
            },
          };
        });
        allOrders.push(...toPay);
        const orders = Array.from({ length: IN_FLIGHT / 2 }, (_, index) =>
          orderRequest(db, diners[index % DINERS] as Diner, round * 7919 + index),
        );

        // All 200 at once; SIGKILL once a random part of them has been answered.
        const killAfter = 1 + Math.floor(Math.random() * (IN_FLIGHT - 20));
        let answers = 0;
        let killed = false;
        const kill = () => {
          if (killed) return;
          killed = true;
          current.process.kill('SIGKILL');
        };
        const counted = (outcome: Promise<Outcome>) =>
          outcome.then((result) => {
            if (result.answered && ++answers >= killAfter) kill();
            return result;
          });
        const [orderResults, paymentResults] = await Promise.all([
          Promise.all(
            orders.map(async (request) => ({ request, result: await counted(placeOrder(base, request)) })),
          ),
          Promise.all(
            payments.map(async (request) => ({ request, result: await counted(pay(base, request)) })),
          ),
        ]);
        kill();
        await current.exited;
        allOrders.push(...orders);
        allPayments.push(...payments);

        const answeredBadly = [...orderResults, ...paymentResults].filter(
          ({ result }) => result.answered && result.status !== 201,
        );
        expect(answeredBadly.map(({ result }) => result)).toEqual([]);
        unacknowledgedOrders = orderResults.filter((o) => !acknowledged(o.result)).map((o) => o.request);
        unacknowledgedPayments = paymentResults.filter((p) => !acknowledged(p.result)).map((p) => p.request);
        // The kill landed with requests in flight.
        expect(unacknowledgedOrders.length + unacknowledgedPayments.length).toBeGreaterThan(0);
      }

      current = await start();
      await retryUnacknowledged(current.baseUrl);
      // Once the reservations have lapsed, nothing is held: every unpaid unit can be paid again.
      await new Promise((resolve) => setTimeout(resolve, RESERVATION_SECONDS * 1000 + 500));
      for (const tableId of tableIds) {
        const diner = diners.find((candidate) => candidate.tableId === tableId) as Diner;
        const lines = (await payable(current.baseUrl, diner)).lines;
        expect(lines.filter((line) => line.reservedQuantity > 0)).toEqual([]);
        for (const line of lines) expect(line.freeQuantity).toBe(line.quantity - line.paidQuantity);
      }
      await current.stop();

      const database = await db.open();
      try {
        const orders = await storedOrders(database.db);
        const payments = await storedPayments(database.db);
        expect(partialOrders(orders)).toEqual([]);
        expect(partialPayments(payments)).toEqual([]);
        for (const request of allOrders) {
          const list = orders.get(request.key) ?? [];
          expect(list.length, request.key).toBe(1);
          expect(linesOf(list[0]?.items ?? [])).toBe(linesOf(request.body.items));
        }
        for (const request of allPayments) {
          const list = payments.get(request.key) ?? [];
          expect(list.length, request.key).toBe(1);
          expect(list[0]?.items.map(({ orderItemId, quantity }) => ({ orderItemId, quantity }))).toEqual(
            request.body.selection.items,
          );
          expect(list[0]?.amount).toBe(request.body.expectedAmount);
        }
        const pending = await database.db.select().from(payment).where(eq(payment.status, 'PENDING'));
        expect(pending).toEqual([]);
      } finally {
        await database.close();
      }
    },
    ROUNDS * 60_000 + 60_000,
  );
});

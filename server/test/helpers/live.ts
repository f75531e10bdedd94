import { randomBytes, randomUUID } from 'node:crypto';
import { type ServerMessage, ServerMessageSchema } from '@tablo/contract/events';
import { and, eq, isNull, sql } from 'drizzle-orm';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import WebSocket from 'ws';
import type { Database } from '../../src/db/database.ts';
import {
  dinerSession,
  diningTable,
  menuCategory,
  menuItem,
  orderItem,
  orders,
  restaurant,
  tableVisit,
  vatKey,
  visitSession,
} from '../../src/db/schema.ts';
import { setupLiveChannel } from '../../src/modules/live/channel.ts';
import { appendTableEvent } from '../../src/modules/live/event-log.ts';
import { type LiveRoutesOptions, liveRoutes } from '../../src/modules/live/routes.ts';

/** Test helpers of the live module: rows for a table with an open visit, and a recording ws client. */

export interface SeededRestaurant {
  restaurantId: number;
  menuItemId: number;
  tableIds: number[];
}

export async function seedRestaurant(database: Database, tables = 2): Promise<SeededRestaurant> {
  const { db } = database;
  const [r] = await db
    .insert(restaurant)
    .values({ shortName: `live-${randomBytes(4).toString('hex')}`, name: 'Live test' })
    .returning({ id: restaurant.id });
  if (!r) throw new Error('no restaurant');
  const [vat] = await db
    .insert(vatKey)
    .values({ restaurantId: r.id, code: 'A', valuePercent: 27 })
    .returning({ id: vatKey.id });
  const [category] = await db
    .insert(menuCategory)
    .values({ restaurantId: r.id, ref: 'mains', sortOrder: 1 })
    .returning({ id: menuCategory.id });
  if (!vat || !category) throw new Error('no menu');
  const [item] = await db
    .insert(menuItem)
    .values({
      restaurantId: r.id,
      categoryId: category.id,
      ref: 'goulash',
      priceGross: 2490,
      vatKeyId: vat.id,
      sortOrder: 1,
    })
    .returning({ id: menuItem.id });
  if (!item) throw new Error('no item');
  const tableRows = await db
    .insert(diningTable)
    .values(
      Array.from({ length: tables }, (_, i) => ({
        restaurantId: r.id,
        tableNumber: i + 1,
        qrToken: randomBytes(16).toString('hex'),
      })),
    )
    .returning({ id: diningTable.id });
  return { restaurantId: r.id, menuItemId: item.id, tableIds: tableRows.map((row) => row.id) };
}

export async function openVisit(database: Database, tableId: number): Promise<number> {
  const [row] = await database.db.insert(tableVisit).values({ tableId }).returning({ id: tableVisit.id });
  if (!row) throw new Error('no visit');
  return row.id;
}

/** A new diner session joined to the visit. */
export async function joinedSession(database: Database, visitId: number): Promise<string> {
  const id = randomUUID();
  await database.db.insert(dinerSession).values({ id });
  await database.db.insert(visitSession).values({ visitId, sessionId: id });
  return id;
}

export async function newSession(database: Database): Promise<string> {
  const id = randomUUID();
  await database.db.insert(dinerSession).values({ id });
  return id;
}

/** An order row and its order.placed event, in one transaction (as the orders module does it). */
export async function placeOrder(
  database: Database,
  at: { tableId: number; visitId: number; sessionId: string; menuItemId: number },
): Promise<{ orderId: number; cursor: number }> {
  return database.transaction(async (tx) => {
    const [order] = await tx
      .insert(orders)
      .values({
        visitId: at.visitId,
        restaurantId: sql`(select ${diningTable.restaurantId} from ${diningTable} where ${diningTable.id} = ${at.tableId})`,
        sessionId: at.sessionId,
        total: 2490,
        idempotencyKey: randomUUID(),
        requestHash: 'test',
      })
      .returning();
    if (!order) throw new Error('no order');
    const [item] = await tx
      .insert(orderItem)
      .values({
        orderId: order.id,
        menuItemId: at.menuItemId,
        titles: [{ isoCode: 'en', title: 'Goulash' }],
        unitPrice: 2490,
        vatPercent: 27,
        quantity: 1,
      })
      .returning();
    if (!item) throw new Error('no order item');
    const cursor = await appendTableEvent(database, tx, {
      tableId: at.tableId,
      visitId: at.visitId,
      event: {
        type: 'order.placed',
        placedBy: at.sessionId,
        order: {
          id: order.id,
          visitId: at.visitId,
          tableId: at.tableId,
          status: 'PLACED',
          note: '',
          total: 2490,
          currency: 'HUF',
          rejectReason: null,
          items: [
            {
              id: item.id,
              menuItemId: at.menuItemId,
              titles: item.titles,
              unitPrice: 2490,
              vatPercent: 27,
              quantity: 1,
              paidQuantity: 0,
              note: '',
              lineTotal: 2490,
              choices: [],
            },
          ],
          createdAt: order.createdAt.toISOString(),
          updatedAt: order.updatedAt.toISOString(),
        },
      },
    });
    return { orderId: order.id, cursor };
  });
}

/** A status change event alone (cheap: no order row needed by the websocket). */
export function appendStatusChange(
  database: Database,
  at: { tableId: number; visitId: number; orderId?: number },
): Promise<number> {
  return database.transaction((tx) =>
    appendTableEvent(database, tx, {
      tableId: at.tableId,
      visitId: at.visitId,
      event: {
        type: 'order.status_changed',
        orderId: at.orderId ?? 1,
        status: 'ACCEPTED',
        rejectReason: null,
      },
    }),
  );
}

export async function closeVisit(database: Database, tableId: number, visitId: number): Promise<number> {
  return database.transaction(async (tx) => {
    await tx
      .update(tableVisit)
      .set({ closedAt: new Date() })
      .where(and(eq(tableVisit.id, visitId), isNull(tableVisit.closedAt)));
    return appendTableEvent(database, tx, { tableId, visitId, event: { type: 'table.closed' } });
  });
}

/** A Fastify instance with only the live module, listening on an ephemeral loopback port. */
export async function startLiveServer(
  database: Database,
  options: Omit<LiveRoutesOptions, 'database' | 'channel'> & {
    logger?: FastifyServerOptions['logger'];
    heartbeatMs?: number;
  } = {},
): Promise<{ baseUrl: string; close(): Promise<void> }> {
  const { logger = false, heartbeatMs, ...live } = options;
  const app = Fastify({ logger }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const channel = await setupLiveChannel(app, {
    database,
    ...(heartbeatMs === undefined ? {} : { heartbeatMs }),
  });
  await app.register(liveRoutes, { prefix: '/api', database, channel, ...live });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return { baseUrl: address.replace(/^http/, 'ws'), close: () => app.close() };
}

export function wsUrl(
  baseUrl: string,
  query: { tableId: number | string; sessionId: string; since?: number | undefined },
): string {
  const params = new URLSearchParams({ table_id: String(query.tableId), session_id: query.sessionId });
  if (query.since !== undefined) params.set('since', String(query.since));
  return `${baseUrl}/api/ws?${params}`;
}

/**
 * A websocket client that records every message (each checked against the contract: the diner's
 * ServerMessageSchema unless another parser is given) and its close.
 */
export class RecordingClient<M extends { type: string } = ServerMessage> {
  readonly messages: M[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  /** The HTTP status when the server refused the upgrade. */
  readonly refused: Promise<number>;
  private readonly socket: WebSocket;
  private waiters: (() => void)[] = [];
  private closeInfo: { code: number; reason: string } | null = null;

  constructor(
    url: string,
    options: WebSocket.ClientOptions = {},
    parse: (data: unknown) => M = (data) => ServerMessageSchema.parse(data) as unknown as M,
  ) {
    this.socket = new WebSocket(url, options);
    this.socket.on('message', (data) => {
      this.messages.push(parse(JSON.parse(String(data))));
      this.wake();
    });
    this.refused = new Promise((resolve) => {
      this.socket.on('unexpected-response', (_request, response) => {
        resolve(response.statusCode ?? 0);
        this.socket.terminate();
      });
    });
    this.closed = new Promise((resolve) => {
      this.socket.on('close', (code, reason) => {
        this.closeInfo = { code, reason: String(reason) };
        resolve(this.closeInfo);
        this.wake();
      });
    });
    this.socket.on('error', () => {});
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const waiter of waiters) waiter();
  }

  /** Resolves once `predicate` holds over the messages so far (or rejects after `timeoutMs`). */
  async until(predicate: (messages: M[]) => boolean, timeoutMs = 10_000): Promise<M[]> {
    const deadline = Date.now() + timeoutMs;
    while (!predicate(this.messages)) {
      const left = deadline - Date.now();
      if (left <= 0) {
        const state = this.closeInfo ? `closed ${this.closeInfo.code} ${this.closeInfo.reason}` : 'open';
        throw new Error(
          `timed out (${state}); got ${JSON.stringify(this.messages.map((m) => [m.type, cursorOf(m)]))}`,
        );
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.messages;
  }

  ready(): Promise<M[]> {
    return this.until((messages) => messages.some((m) => m.type === 'ready'));
  }

  /** Cursors of the table events received (snapshot and ready excluded). */
  eventCursors(): number[] {
    return this.messages.filter((m) => m.type.includes('.')).map((m) => cursorOf(m) ?? -1);
  }

  close(): Promise<{ code: number; reason: string }> {
    this.socket.close();
    return this.closed;
  }

  terminate(): void {
    this.socket.terminate();
  }
}

export function cursorOf(message: { type: string }): number | undefined {
  return 'cursor' in message && typeof message.cursor === 'number' ? message.cursor : undefined;
}

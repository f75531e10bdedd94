import { RowIdParamSchema } from '@tablo/contract/ids';
import {
  IDEMPOTENCY_HEADER,
  IdempotencyKeySchema,
  OrderSchema,
  PlaceOrderRequestSchema,
  TableOrdersResponseSchema,
} from '@tablo/contract/order';
import { SESSION_HEADER } from '@tablo/contract/session';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { HttpError } from '../../lib/http-error.ts';
import { placeOrder, readTableOrders } from './service.ts';

export interface OrderRoutesOptions {
  database: Database;
  /** Orders per diner session per minute (DESIGN §8); default 10. */
  ordersPerMinute?: number;
}

const MISSING_KEY =
  'The Idempotency-Key header is missing or invalid: send one key per cart (8–128 letters, digits, "-" or "_")';

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** POST /api/orders and GET /api/tables/:tableId/orders — register with the prefix `/api`. */
export const orderRoutes: FastifyPluginAsyncZod<OrderRoutesOptions> = async (app, options) => {
  const ordersPerMinute = options.ordersPerMinute ?? 10;

  app.post(
    '/orders',
    {
      schema: {
        tags: ['ordering'],
        summary: 'Place an order (Idempotency-Key header: same key + same body → the first answer again)',
        headers: z.object({ [IDEMPOTENCY_HEADER]: z.string().optional() }),
        body: PlaceOrderRequestSchema,
        response: { 201: OrderSchema },
      },
    },
    async (request, reply) => {
      const key = IdempotencyKeySchema.safeParse(headerValue(request.headers[IDEMPOTENCY_HEADER]));
      if (!key.success) throw new HttpError(400, MISSING_KEY);
      const order = await placeOrder(options.database, key.data, request.body, { ordersPerMinute });
      return reply.code(201).send(order);
    },
  );

  app.get(
    '/tables/:tableId/orders',
    {
      schema: {
        tags: ['ordering'],
        summary: 'My Table: the orders of the open visit the session joined, newest first',
        params: z.object({ tableId: RowIdParamSchema }),
        headers: z.object({ [SESSION_HEADER]: z.string().optional() }),
        response: { 200: TableOrdersResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return readTableOrders(
        options.database,
        headerValue(request.headers[SESSION_HEADER]),
        request.params.tableId,
      );
    },
  );
};

import { HoursClosedErrorSchema } from '@tablo/contract/hours';
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
import type { Clock } from '../../lib/clock.ts';
import { HttpError } from '../../lib/http-error.ts';
import { dinerLanguage } from '../hours/diner-language.ts';
import { OrderingClosedError } from '../hours/service.ts';
import { placeOrder, readTableOrders } from './service.ts';

export interface OrderRoutesOptions {
  database: Database;
  /** Orders per diner session per minute (DESIGN §8); default 10. */
  ordersPerMinute?: number;
  /** Where the opening hours read the time (issue 28). */
  clock: Clock;
}

const MISSING_KEY =
  'The Idempotency-Key header is missing or invalid: send one key per cart (8–128 letters, digits, "-" or "_")';

/** Every 409 of placing an order; only the refusal outside the opening hours has `code` and `opensAt`. */
const OrderConflictSchema = HoursClosedErrorSchema.partial({ code: true, opensAt: true });

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
        // 409 also for an order outside the opening hours, with `code` and `opensAt` (issue 28).
        response: { 201: OrderSchema, 409: OrderConflictSchema },
      },
    },
    async (request, reply) => {
      const key = IdempotencyKeySchema.safeParse(headerValue(request.headers[IDEMPOTENCY_HEADER]));
      if (!key.success) throw new HttpError(400, MISSING_KEY);
      try {
        const order = await placeOrder(options.database, key.data, request.body, {
          ordersPerMinute,
          now: options.clock.now(),
          language: dinerLanguage(headerValue(request.headers['accept-language'])),
        });
        return reply.code(201).send(order);
      } catch (error) {
        // Outside the opening hours: the answer also says when ordering opens (decision 074).
        if (error instanceof OrderingClosedError) return reply.code(409).send(error.body);
        throw error;
      }
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

import {
  CreateRefundRequestSchema,
  IDEMPOTENCY_HEADER,
  IdempotencyKeySchema,
  RefundSchema,
  StaffPaymentSchema,
  StaffPaymentsSchema,
} from '@tablo/contract/refund';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { HttpError } from '../../lib/http-error.ts';
import { staffOf } from '../staff/staff-auth.ts';
import { createRefund, listStaffPayments, type RefundDeps, readStaffPayment } from './refund-service.ts';

const MISSING_KEY =
  'The Idempotency-Key header is missing or invalid: send one key per refund (8–128 letters, digits, "-" or "_")';

const PaymentParams = z.object({ paymentId: z.uuid() });

/** The staff's refunds (register with the prefix `/api`; docs/decisions/053), OWNER and MANAGER only. */
export const refundRoutes: FastifyPluginAsyncZod<{ database: Database; deps: RefundDeps }> = async (
  app,
  { database, deps },
) => {
  app.get(
    '/staff/payments',
    {
      config: { staffPermission: 'refundPayments' },
      schema: {
        tags: ['staff'],
        summary:
          'The payments that succeeded in the last 24 hours, with their refunds and what is left to refund',
        response: { 200: StaffPaymentsSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listStaffPayments(database, staffOf(request).restaurantId);
    },
  );

  app.get(
    '/staff/payments/:paymentId',
    {
      config: { staffPermission: 'refundPayments' },
      schema: {
        tags: ['staff'],
        summary: 'One payment of the restaurant with its refunds and what is left to refund',
        params: PaymentParams,
        response: { 200: StaffPaymentSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return readStaffPayment(database, staffOf(request).restaurantId, request.params.paymentId);
    },
  );

  app.post(
    '/staff/payments/:paymentId/refunds',
    {
      config: { staffPermission: 'refundPayments' },
      schema: {
        tags: ['staff'],
        summary:
          'Refund a succeeded payment in whole or in part, with a reason (online through the provider; cash and card recorded). Idempotency-Key: same key + same body → the first refund',
        params: PaymentParams,
        headers: z.object({ [IDEMPOTENCY_HEADER]: z.string().optional() }),
        body: CreateRefundRequestSchema,
        response: { 201: RefundSchema },
      },
    },
    async (request, reply) => {
      const header = request.headers[IDEMPOTENCY_HEADER];
      const key = IdempotencyKeySchema.safeParse(Array.isArray(header) ? header[0] : header);
      const staff = staffOf(request);
      if (!key.success) {
        // Another restaurant's payment is not found, whatever else is wrong with the request.
        await readStaffPayment(database, staff.restaurantId, request.params.paymentId);
        throw new HttpError(400, MISSING_KEY);
      }
      const refund = await createRefund(
        database,
        deps,
        { userId: staff.staffUserId, restaurantId: staff.restaurantId },
        request.params.paymentId,
        key.data,
        request.body,
      );
      return reply.code(201).header('cache-control', 'no-store').send(refund);
    },
  );
};

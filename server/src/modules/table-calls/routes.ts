import { RowIdParamSchema } from '@tablo/contract/ids';
import { SESSION_HEADER } from '@tablo/contract/session';
import { AcknowledgeCallParamsSchema } from '@tablo/contract/staff';
import {
  PlaceTableCallRequestSchema,
  TableCallSchema,
  TableCallsResponseSchema,
} from '@tablo/contract/table-call';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { staffOf } from '../staff/staff-auth.ts';
import { acknowledgeCall, CallTooSoonError, placeCall, readCalls } from './service.ts';

export interface TableCallRoutesOptions {
  database: Database;
}

const TableParamsSchema = z.object({ tableId: RowIdParamSchema });

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Table calls (the spec's signals, docs/decisions/016): the diner's call and read with the session
 * header, the staff's acknowledgement. Register with the prefix `/api`.
 */
export const tableCallRoutes: FastifyPluginAsyncZod<TableCallRoutesOptions> = async (app, options) => {
  const { database } = options;

  app.post(
    '/tables/:tableId/calls',
    {
      schema: {
        tags: ['ordering'],
        summary:
          'Call the waiter or ask for the bill (replaces the visit’s call of that kind; 429 if too soon)',
        params: TableParamsSchema,
        headers: z.object({ [SESSION_HEADER]: z.string().optional() }),
        body: PlaceTableCallRequestSchema,
        response: { 200: TableCallSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        return await placeCall(
          database,
          headerValue(request.headers[SESSION_HEADER]),
          request.params.tableId,
          request.body.kind,
        );
      } catch (error) {
        if (error instanceof CallTooSoonError) reply.header('retry-after', String(error.retryAfterSeconds));
        throw error;
      }
    },
  );

  app.get(
    '/tables/:tableId/calls',
    {
      schema: {
        tags: ['ordering'],
        summary: 'The calls of the open visit the session joined (acknowledged or not)',
        params: TableParamsSchema,
        headers: z.object({ [SESSION_HEADER]: z.string().optional() }),
        response: { 200: TableCallsResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return readCalls(database, headerValue(request.headers[SESSION_HEADER]), request.params.tableId);
    },
  );

  app.post(
    '/staff/tables/:tableId/calls/:kind/acknowledge',
    {
      config: { staffPermission: 'answerCalls' },
      schema: {
        tags: ['staff'],
        summary: 'Acknowledge the table’s call of this kind (idempotent)',
        params: AcknowledgeCallParamsSchema,
        response: { 200: TableCallSchema },
      },
    },
    async (request) =>
      acknowledgeCall(database, staffOf(request), request.params.tableId, request.params.kind),
  );
};

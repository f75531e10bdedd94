import { ErrorBodySchema } from '@tablo/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { HttpError } from '../../lib/http-error.ts';

const StatusSchema = z.object({ status: z.literal('ok') });

/** Liveness (the process answers) and readiness (the database answers) for load balancers. */
export const systemRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  app.get(
    '/health',
    { schema: { tags: ['system'], response: { 200: StatusSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const };
    },
  );

  app.get(
    '/ready',
    { schema: { tags: ['system'], response: { 200: StatusSchema, 503: ErrorBodySchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        await database.ping();
      } catch (error) {
        request.log.warn({ err: error }, 'database not reachable');
        throw new HttpError(503, 'Database not reachable');
      }
      return { status: 'ok' as const };
    },
  );
};

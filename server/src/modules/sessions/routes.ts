import { ErrorBodySchema } from '@tablo/contract/errors';
import { SessionUuidResponseSchema } from '@tablo/contract/session';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.ts';
import { perMinute } from '../../plugins/rate-limit.ts';
import { createSession } from './repository.ts';

export const sessionRoutes: FastifyPluginAsyncZod<{ database: Database; perMinute: number }> = async (
  app,
  options,
) => {
  app.get(
    '/order/uuid',
    {
      config: perMinute(options.perMinute),
      schema: {
        tags: ['session'],
        summary: 'Issues a new diner session id (spec §7 call 3).',
        response: { 200: SessionUuidResponseSchema, 429: ErrorBodySchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { uuid: await createSession(options.database.db) };
    },
  );
};

import { ErrorBodySchema } from '@tablo/contract/errors';
import { SessionUuidResponseSchema } from '@tablo/contract/session';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.ts';
import { perAddressPerMinute } from '../../plugins/rate-limit.ts';
import { createSession } from './repository.ts';

export const SESSION_TEXTS = {
  tooMany: 'Too many new sessions from this network: please wait a minute and try again',
} as const;

/** GET /api/order/uuid — new sessions are limited per client address only: a generous ceiling against scripts. */
export const sessionRoutes: FastifyPluginAsyncZod<{ database: Database; perMinute: number }> = async (
  app,
  options,
) => {
  app.get(
    '/order/uuid',
    {
      config: { abuseLimits: [perAddressPerMinute('session', options.perMinute, SESSION_TEXTS.tooMany)] },
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

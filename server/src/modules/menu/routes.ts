import { ErrorBodySchema } from '@tablo/contract/errors';
import { MenuSchema } from '@tablo/contract/menu';
import { ShortNameParamsSchema } from '@tablo/contract/restaurant';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.ts';
import type { AnswerCache } from '../../lib/answer-cache.ts';
import { sendCachedAnswer } from '../../lib/cached-answer.ts';
import { getMenuAnswer } from './service.ts';

export const menuRoutes: FastifyPluginAsyncZod<{ database: Database; cache: AnswerCache }> = async (
  app,
  { database, cache },
) => {
  app.get(
    '/menu/current/:shortName',
    {
      schema: {
        tags: ['menu'],
        summary: 'Active categories by order, each with its active items by order (spec §7 call 2).',
        params: ShortNameParamsSchema,
        response: { 200: MenuSchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const answer = await getMenuAnswer(database.db, cache, request.params.shortName);
      return sendCachedAnswer(request, reply, answer);
    },
  );
};

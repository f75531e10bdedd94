import { ErrorBodySchema } from '@tablo/contract/errors';
import { MenuSchema } from '@tablo/contract/menu';
import { MenuOptionsSchema } from '@tablo/contract/menu-options';
import { ShortNameParamsSchema } from '@tablo/contract/restaurant';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.ts';
import type { AnswerCache } from '../../lib/answer-cache.ts';
import { sendCachedAnswer } from '../../lib/cached-answer.ts';
import type { Clock } from '../../lib/clock.ts';
import { getMenuAnswer, getMenuOptionsAnswer } from './service.ts';

export const menuRoutes: FastifyPluginAsyncZod<{
  database: Database;
  cache: AnswerCache;
  clock: Clock;
}> = async (app, { database, cache, clock }) => {
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
      const answer = await getMenuAnswer(database.db, cache, request.params.shortName, clock);
      return sendCachedAnswer(request, reply, answer);
    },
  );

  app.get(
    '/menu/current/:shortName/options',
    {
      schema: {
        tags: ['menu'],
        summary: "The option groups of the menu's items, for a dish's dialog (issue 27).",
        params: ShortNameParamsSchema,
        response: { 200: MenuOptionsSchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const answer = await getMenuOptionsAnswer(database.db, cache, request.params.shortName);
      return sendCachedAnswer(request, reply, answer);
    },
  );
};

import { ErrorBodySchema } from '@tablo/contract/errors';
import { RestaurantSchema, ShortNameParamsSchema } from '@tablo/contract/restaurant';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.ts';
import type { AnswerCache } from '../../lib/answer-cache.ts';
import { sendCachedAnswer } from '../../lib/cached-answer.ts';
import { getRestaurantAnswer } from './service.ts';

export const restaurantRoutes: FastifyPluginAsyncZod<{ database: Database; cache: AnswerCache }> = async (
  app,
  { database, cache },
) => {
  app.get(
    '/restaurant/one/:shortName',
    {
      schema: {
        tags: ['restaurant'],
        summary: 'A restaurant and its tables (spec §7 call 1). A disabled one answers isEnabled: false.',
        params: ShortNameParamsSchema,
        response: { 200: RestaurantSchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const answer = await getRestaurantAnswer(database.db, cache, request.params.shortName);
      return sendCachedAnswer(request, reply, answer);
    },
  );
};

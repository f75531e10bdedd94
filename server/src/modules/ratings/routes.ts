import { ErrorBodySchema } from '@tablo/contract/errors';
import { MyRatingsResponseSchema, RatingRequestSchema, RatingResponseSchema } from '@tablo/contract/rating';
import { ShortNameParamsSchema } from '@tablo/contract/restaurant';
import { SESSION_HEADER, SessionIdSchema } from '@tablo/contract/session';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { perMinute } from '../../plugins/rate-limit.ts';
import { listMyRatings, rateMenuItem } from './service.ts';

const errors = { 400: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema, 429: ErrorBodySchema };

export const ratingRoutes: FastifyPluginAsyncZod<{ database: Database; perMinute: number }> = async (
  app,
  options,
) => {
  app.post(
    '/menu-item-ratings',
    {
      config: perMinute(options.perMinute),
      schema: {
        tags: ['rating'],
        summary: 'Like, dislike or take back (rating: null) a menu item (spec §7 call 4).',
        body: RatingRequestSchema,
        response: { 200: RatingResponseSchema, 413: ErrorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return rateMenuItem(options.database, request.body);
    },
  );

  app.get(
    '/menu-item-ratings/:shortName',
    {
      config: perMinute(options.perMinute),
      schema: {
        tags: ['rating'],
        summary: "The session's own ratings of a restaurant's items.",
        params: ShortNameParamsSchema,
        headers: z.object({ [SESSION_HEADER]: SessionIdSchema }),
        response: { 200: MyRatingsResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listMyRatings(options.database, request.headers[SESSION_HEADER], request.params.shortName);
    },
  );
};

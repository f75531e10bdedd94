import { ErrorBodySchema } from '@tablo/contract/errors';
import { MyRatingsResponseSchema, RatingRequestSchema, RatingResponseSchema } from '@tablo/contract/rating';
import { ShortNameParamsSchema } from '@tablo/contract/restaurant';
import { SESSION_HEADER, SessionIdSchema } from '@tablo/contract/session';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { type AbuseLimit, perAddressPerMinute } from '../../plugins/rate-limit.ts';
import { listMyRatings, rateMenuItem } from './service.ts';

const errors = { 400: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema, 429: ErrorBodySchema };

export interface RatingRoutesOptions {
  database: Database;
  /** Per diner session per minute (reads and writes together). */
  perMinute: number;
  /** Per client address per minute: the ceiling the guests behind one Wi-Fi share. */
  perAddressPerMinute: number;
}

const TOO_MANY = 'Too many ratings in the last minute: please wait a moment and try again';

export const ratingRoutes: FastifyPluginAsyncZod<RatingRoutesOptions> = async (app, options) => {
  const limits = (
    session: (request: FastifyRequest) => string | undefined,
  ): { abuseLimits: AbuseLimit[] } => ({
    abuseLimits: [
      { name: 'rating', max: options.perMinute, windowSeconds: 60, subject: session, message: TOO_MANY },
      perAddressPerMinute('rating-address', options.perAddressPerMinute, TOO_MANY),
    ],
  });
  app.post(
    '/menu-item-ratings',
    {
      config: limits((request) => (request.body as { sessionId?: string } | undefined)?.sessionId),
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
      config: limits((request) => {
        const header = request.headers[SESSION_HEADER];
        return typeof header === 'string' ? header : undefined;
      }),
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

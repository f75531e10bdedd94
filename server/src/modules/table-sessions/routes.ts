import { JoinTableRequestSchema, JoinTableResponseSchema } from '@tablo/contract/table-session';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.ts';
import { HttpError } from '../../lib/http-error.ts';
import { joinTable } from './service.ts';

export interface TableSessionRoutesOptions {
  database: Database;
  /** Joins per IP per minute (DESIGN §8). */
  joinsPerMinute?: number;
}

/** POST /api/table-sessions — register with the prefix `/api`. */
export const tableSessionRoutes: FastifyPluginAsyncZod<TableSessionRoutesOptions> = async (app, options) => {
  app.post(
    '/table-sessions',
    {
      schema: {
        tags: ['ordering'],
        summary: 'Join the diner session to the table’s open visit (opening one if none)',
        body: JoinTableRequestSchema,
        response: { 200: JoinTableResponseSchema },
      },
      config: {
        rateLimit: {
          max: options.joinsPerMinute ?? 30,
          timeWindow: 60_000,
          errorResponseBuilder: () =>
            new HttpError(429, 'Too many attempts to join a table: please wait a minute and try again'),
        },
      },
    },
    async (request) => joinTable(options.database, request.body),
  );
};

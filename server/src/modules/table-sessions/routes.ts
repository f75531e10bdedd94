import { JoinTableRequestSchema, JoinTableResponseSchema } from '@tablo/contract/table-session';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.ts';
import { perAddressPerMinute } from '../../plugins/rate-limit.ts';
import { joinTable } from './service.ts';

export interface TableSessionRoutesOptions {
  database: Database;
  /** Joins per diner session per minute (docs/decisions/028-abuse-limits.md); default 10. */
  joinsPerMinute?: number;
  /** Joins per client address per minute, the ceiling the guests behind one Wi-Fi share; default 1200. */
  joinsPerAddressPerMinute?: number;
}

export const JOIN_TEXTS = {
  tooMany: 'Too many attempts to join a table: please wait a minute and try again',
} as const;

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
        abuseLimits: [
          {
            name: 'join',
            max: options.joinsPerMinute ?? 10,
            windowSeconds: 60,
            subject: (request) => (request.body as { sessionId?: string } | undefined)?.sessionId,
            message: JOIN_TEXTS.tooMany,
          },
          perAddressPerMinute('join-address', options.joinsPerAddressPerMinute ?? 1200, JOIN_TEXTS.tooMany),
        ],
      },
    },
    async (request) => joinTable(options.database, request.body),
  );
};

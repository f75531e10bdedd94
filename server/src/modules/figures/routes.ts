import { FiguresCsvQuerySchema, FiguresQuerySchema, FiguresSchema } from '@tablo/contract/figures';
import { DEFAULT_LANGUAGE } from '@tablo/contract/languages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { staffOf } from '../staff/staff-auth.ts';
import { figuresCsv, figuresCsvName } from './figures-csv.ts';
import { readFigures } from './service.ts';

/** The day's figures and their CSV (register with the prefix `/api`; docs/decisions/076), OWNER and MANAGER. */
export const figuresRoutes: FastifyPluginAsyncZod<{ database: Database; clock: Clock }> = async (
  app,
  { database, clock },
) => {
  app.get(
    '/staff/figures',
    {
      config: { staffPermission: 'viewFigures' },
      schema: {
        tags: ['staff'],
        summary:
          "The figures of a business day or a range of them (from = to for one day; neither → today's business day)",
        querystring: FiguresQuerySchema,
        response: { 200: FiguresSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return readFigures(database, clock, staffOf(request).restaurantId, request.query);
    },
  );

  app.get(
    '/staff/figures.csv',
    {
      config: { staffPermission: 'viewFigures' },
      schema: {
        tags: ['staff'],
        summary: 'The same figures as a CSV file for the accountant (one row per figure, UTF-8 with BOM)',
        querystring: FiguresCsvQuerySchema,
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      const { lang, ...range } = request.query;
      const figures = await readFigures(database, clock, staffOf(request).restaurantId, range);
      return reply
        .header('cache-control', 'no-store')
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${figuresCsvName(figures)}"`)
        .send(figuresCsv(figures, lang ?? DEFAULT_LANGUAGE));
    },
  );
};

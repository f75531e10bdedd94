import { OpeningHoursSchema, UpdateOpeningHoursRequestSchema } from '@tablo/contract/hours';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.ts';
import { staffOf } from '../staff/staff-auth.ts';
import { getHours, saveHours } from './service.ts';

/**
 * The opening hours under /api/staff/hours (issue 28; register with the prefix `/api`): OWNER and MANAGER
 * (`manageHours`), always the signed-in member's own restaurant (no id in the path).
 */
export const hoursRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  const config = { staffPermission: 'manageHours' } as const;

  app.get(
    '/staff/hours',
    {
      config,
      schema: {
        tags: ['staff'],
        summary: 'The opening hours: the week’s spans, closed days, the business day’s cut-off hour',
        response: { 200: OpeningHoursSchema },
      },
    },
    async (request) => getHours(database.db, staffOf(request).restaurantId),
  );

  app.put(
    '/staff/hours',
    {
      config,
      schema: {
        tags: ['staff'],
        summary:
          'Save the opening hours (422 for overlapping or empty spans and dates listed twice; 409 when someone else saved since `version`)',
        body: UpdateOpeningHoursRequestSchema,
        response: { 200: OpeningHoursSchema },
      },
    },
    async (request) => saveHours(database, staffOf(request), request.body),
  );
};

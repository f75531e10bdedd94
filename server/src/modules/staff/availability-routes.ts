import { RowIdParamSchema } from '@tablo/contract/ids';
import { SetOptionAvailabilityRequestSchema } from '@tablo/contract/menu-options';
import { ItemAvailabilityAnswerSchema, SetItemAvailabilityRequestSchema } from '@tablo/contract/menu-windows';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { setItemAvailability, setOptionAvailability } from './availability-service.ts';
import { staffOf } from './staff-auth.ts';

/** Sold out / available again from the staff console (register with the prefix `/api`). */
export const staffAvailabilityRoutes: FastifyPluginAsyncZod<{ database: Database; clock?: Clock }> = async (
  app,
  options,
) => {
  const { database } = options;

  app.put(
    '/staff/menu-items/:menuItemId/availability',
    {
      config: { staffPermission: 'markSoldOut' },
      schema: {
        tags: ['staff'],
        summary: 'Mark a menu item sold out or available again (diners see it live)',
        params: z.object({ menuItemId: RowIdParamSchema }),
        // Issue 28: `soldOutFor: 'TODAY'` sells it out until the end of the business day (optional).
        body: SetItemAvailabilityRequestSchema,
        response: { 200: ItemAvailabilityAnswerSchema },
      },
    },
    async (request) =>
      setItemAvailability(
        database,
        staffOf(request),
        request.params.menuItemId,
        request.body.availabilityType,
        {
          ...(request.body.soldOutFor ? { soldOutFor: request.body.soldOutFor } : {}),
          ...(options.clock ? { clock: options.clock } : {}),
        },
      ),
  );

  app.put(
    '/staff/menu-options/:optionId/availability',
    {
      config: { staffPermission: 'markSoldOut' },
      schema: {
        tags: ['staff'],
        summary: "Mark an option of a dish's choices sold out or available again (diners see it live)",
        params: z.object({ optionId: RowIdParamSchema }),
        body: SetOptionAvailabilityRequestSchema,
        response: { 200: SetOptionAvailabilityRequestSchema },
      },
    },
    async (request) =>
      setOptionAvailability(
        database,
        staffOf(request),
        request.params.optionId,
        request.body.availabilityType,
      ),
  );
};

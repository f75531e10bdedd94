import {
  MenuWindowsResponseSchema,
  menuWindowsPaths,
  SaveMenuWindowsRequestSchema,
  SoldOutTodayResponseSchema,
} from '@tablo/contract/menu-windows';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { staffOf } from '../staff/staff-auth.ts';
import { currentSoldOutToday } from './repository.ts';
import { readMenuWindows, saveMenuWindows } from './service.ts';

/** Time-based menus and "sold out for today" in the staff console (register with the prefix `/api`). */
export const menuWindowsRoutes: FastifyPluginAsyncZod<{ database: Database; clock: Clock }> = async (
  app,
  { database, clock },
) => {
  app.get(
    menuWindowsPaths.windows(),
    {
      config: { staffPermission: 'manageHours' },
      schema: {
        tags: ['staff'],
        summary: 'Every category and item of the menu with the windows it is offered in (issue 28)',
        response: { 200: MenuWindowsResponseSchema },
      },
    },
    async (request) => readMenuWindows(database.db, staffOf(request)),
  );

  app.put(
    menuWindowsPaths.windows(),
    {
      config: { staffPermission: 'manageHours' },
      schema: {
        tags: ['staff'],
        summary: "Replace the restaurant's menu windows (open menus follow live)",
        body: SaveMenuWindowsRequestSchema,
        response: { 200: MenuWindowsResponseSchema },
      },
    },
    async (request) => saveMenuWindows(database, staffOf(request), request.body),
  );

  app.get(
    menuWindowsPaths.soldOutToday(),
    {
      config: { staffPermission: 'markSoldOut' },
      schema: {
        tags: ['staff'],
        summary: 'The dishes sold out for today, and when each is back',
        response: { 200: SoldOutTodayResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { timeZone, items } = await currentSoldOutToday(
        database.db,
        staffOf(request).restaurantId,
        clock.now(),
      );
      return {
        timeZone,
        items: items.map((row) => ({ menuItemId: row.menuItemId, soldOutUntil: row.until.toISOString() })),
      };
    },
  );
};

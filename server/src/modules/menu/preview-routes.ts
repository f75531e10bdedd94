import { ERROR_TEXTS, ErrorBodySchema } from '@tablo/contract/errors';
import { MenuSchema } from '@tablo/contract/menu';
import { ShortNameParamsSchema } from '@tablo/contract/restaurant';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.ts';
import { notFound } from '../../lib/http-error.ts';
import { staffOf } from '../staff/staff-auth.ts';
import { loadMenu } from './repository.ts';

/**
 * The owner's preview of the menu (docs/decisions/069-owner-preview.md): the menu the public answer would
 * give once the restaurant opens, for its own OWNER or MANAGER, whether it is open or not. Built from the
 * database on every request and never put in the shared answer cache: the public answer and its ETag stay
 * those of everyone else, and no cache on the way may keep this one.
 */
export const menuPreviewRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  app.get(
    '/staff/menu-preview/:shortName',
    {
      config: { staffPermission: 'previewMenu' },
      schema: {
        tags: ['staff'],
        summary:
          'The menu as guests will see it, for its own owner or manager, also while the restaurant is closed (never cached)',
        params: ShortNameParamsSchema,
        response: { 200: MenuSchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store').header('vary', 'Cookie');
      const staff = staffOf(request);
      // Another restaurant's menu is not the member's to preview: the same 404 as an unknown name.
      if (request.params.shortName !== staff.restaurantShortName) {
        throw notFound(ERROR_TEXTS.restaurantNotFound);
      }
      return MenuSchema.parse(await loadMenu(database.db, staff.restaurantId, staff.restaurantShortName));
    },
  );
};

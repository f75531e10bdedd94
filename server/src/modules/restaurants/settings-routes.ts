import {
  QrCodesDoneRequestSchema,
  RestaurantSettingsSchema,
  SetupChecklistSchema,
  UpdateRestaurantSettingsRequestSchema,
} from '@tablo/contract/restaurant-setup';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.ts';
import { readUploadedFile } from '../pictures/routes.ts';
import { staffOf } from '../staff/staff-auth.ts';
import { markQrCodesDone, setupChecklist } from './checklist.ts';
import { getSettings, openForGuests, saveSettings, setRestaurantPicture } from './settings.ts';

/**
 * The restaurant's own settings, picture and setup checklist under /api/staff/restaurant (register with the
 * prefix `/api`). OWNER and MANAGER; always the signed-in member's own restaurant (no id in the path).
 */
export const restaurantSettingsRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (
  app,
  { database },
) => {
  const config = { staffPermission: 'manageRestaurant' } as const;

  app.get(
    '/staff/restaurant/settings',
    {
      config,
      schema: {
        tags: ['staff'],
        summary: 'The restaurant’s settings',
        response: { 200: RestaurantSettingsSchema },
      },
    },
    async (request) => getSettings(database.db, staffOf(request).restaurantId),
  );

  app.put(
    '/staff/restaurant/settings',
    {
      config,
      schema: {
        tags: ['staff'],
        summary:
          'Save the settings (409 when someone else saved since `version`, or when it may not open yet)',
        body: UpdateRestaurantSettingsRequestSchema,
        response: { 200: RestaurantSettingsSchema },
      },
    },
    async (request) => saveSettings(database, staffOf(request), request.body),
  );

  app.put(
    '/staff/restaurant/picture',
    {
      config,
      schema: {
        tags: ['staff'],
        summary:
          'Upload the restaurant’s picture (multipart, field "picture": JPEG, PNG, WebP or AVIF, ≤ 10 MB)',
        response: { 200: RestaurantSettingsSchema },
      },
    },
    async (request) => setRestaurantPicture(database, staffOf(request), await readUploadedFile(request)),
  );

  app.get(
    '/staff/restaurant/setup',
    {
      config,
      schema: { tags: ['staff'], summary: 'The setup checklist', response: { 200: SetupChecklistSchema } },
    },
    async (request) => {
      const staff = staffOf(request);
      return setupChecklist(database.db, staff.restaurantId, staff.restaurantShortName);
    },
  );

  app.put(
    '/staff/restaurant/setup/qr-codes',
    {
      config,
      schema: {
        tags: ['staff'],
        summary: 'Tick (or untick) the QR codes step',
        body: QrCodesDoneRequestSchema,
        response: { 200: SetupChecklistSchema },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      await markQrCodesDone(database.db, staff.restaurantId, request.body.done);
      return setupChecklist(database.db, staff.restaurantId, staff.restaurantShortName);
    },
  );

  app.post(
    '/staff/restaurant/open',
    {
      config,
      schema: {
        tags: ['staff'],
        summary: 'Open for guests: enables the restaurant when details, menu and tables are done (else 409)',
        response: { 200: RestaurantSettingsSchema },
      },
    },
    async (request) => openForGuests(database, staffOf(request)),
  );
};

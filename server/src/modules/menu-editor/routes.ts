import { ErrorBodySchema } from '@tablo/contract/errors';
import { MAX_ROW_ID, RowIdParamSchema } from '@tablo/contract/ids';
import {
  ArchiveRequestSchema,
  CreateCategoryRequestSchema,
  CreateItemRequestSchema,
  CreateOptionGroupRequestSchema,
  ImportDraftRequestSchema,
  MenuDraftSchema,
  MenuEditorConflictSchema,
  MenuRefParamSchema,
  MenuVersionsSchema,
  PublishRequestSchema,
  ReorderRequestSchema,
  SaveCategoryRequestSchema,
  SaveItemRequestSchema,
  SaveOptionGroupRequestSchema,
} from '@tablo/contract/menu-editor';
import { MenuFileSchema } from '@tablo/contract/menu-import';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { readUploadedFile } from '../pictures/routes.ts';
import { staffOf } from '../staff/staff-auth.ts';
import {
  archive,
  createCategory,
  createItem,
  importIntoDraft,
  reorderDraft,
  updateCategory,
  updateItem,
  uploadItemPicture,
} from './draft-service.ts';
import { discardDraft, MenuConflict, readDraft } from './draft-store.ts';
import { createOptionGroup, updateOptionGroup } from './option-group-service.ts';
import { listVersions, publishDraft, restoreVersion } from './publish-service.ts';

const refParams = z.object({ ref: MenuRefParamSchema });
const answers = {
  200: MenuDraftSchema,
  400: ErrorBodySchema,
  404: ErrorBodySchema,
  409: MenuEditorConflictSchema,
};

/** A stale save answers 409 with what it is now (the error handler knows only the one error shape). */
async function orConflict<T>(reply: FastifyReply, run: () => Promise<T>): Promise<T | FastifyReply> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof MenuConflict)) throw error;
    return reply.code(409).send({
      statusCode: 409,
      error: 'Conflict',
      message: error.message,
      version: error.version,
      current: error.current,
    });
  }
}

/**
 * The menu editor under /api/staff/menu-editor (docs/decisions/062-menu-editor.md): staff routes — session,
 * CSRF and the `editMenu` permission checked by staff-auth.ts; everything is the signed-in member's own
 * restaurant, so another restaurant's refs are simply not found. Register with prefix `/api`.
 */
export const menuEditorRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  const config = { staffPermission: 'editMenu' as const };
  const tags = ['menu-editor'];

  app.get(
    '/staff/menu-editor/draft',
    { config, schema: { tags, summary: 'The draft (the live menu while there is none)', response: answers } },
    async (request) => readDraft(database.db, staffOf(request)),
  );

  app.delete(
    '/staff/menu-editor/draft',
    {
      config,
      schema: { tags, summary: 'Discard the draft: the live menu is the draft again', response: answers },
    },
    async (request) => {
      await discardDraft(database, staffOf(request));
      return readDraft(database.db, staffOf(request));
    },
  );

  app.post(
    '/staff/menu-editor/draft/categories',
    {
      config,
      schema: { tags, summary: 'Add a category', body: CreateCategoryRequestSchema, response: answers },
    },
    async (request, reply) =>
      orConflict(reply, () => createCategory(database, staffOf(request), request.body)),
  );

  app.put(
    '/staff/menu-editor/draft/categories/:ref',
    {
      config,
      schema: {
        tags,
        summary: 'Save a category',
        params: refParams,
        body: SaveCategoryRequestSchema,
        response: answers,
      },
    },
    async (request, reply) =>
      orConflict(reply, () => updateCategory(database, staffOf(request), request.params.ref, request.body)),
  );

  app.put(
    '/staff/menu-editor/draft/categories/:ref/archive',
    {
      config,
      schema: {
        tags,
        summary: 'Archive or bring back a category',
        params: refParams,
        body: ArchiveRequestSchema,
        response: answers,
      },
    },
    async (request, reply) =>
      orConflict(reply, () =>
        archive(database, staffOf(request), 'category', request.params.ref, request.body),
      ),
  );

  app.post(
    '/staff/menu-editor/draft/items',
    {
      config,
      schema: {
        tags,
        summary: 'Add an item to a category',
        body: CreateItemRequestSchema,
        response: answers,
      },
    },
    async (request, reply) => orConflict(reply, () => createItem(database, staffOf(request), request.body)),
  );

  app.put(
    '/staff/menu-editor/draft/items/:ref',
    {
      config,
      schema: {
        tags,
        summary: 'Save an item (optionally moving it)',
        params: refParams,
        body: SaveItemRequestSchema,
        response: answers,
      },
    },
    async (request, reply) =>
      orConflict(reply, () => updateItem(database, staffOf(request), request.params.ref, request.body)),
  );

  app.put(
    '/staff/menu-editor/draft/items/:ref/archive',
    {
      config,
      schema: {
        tags,
        summary: 'Archive or bring back an item',
        params: refParams,
        body: ArchiveRequestSchema,
        response: answers,
      },
    },
    async (request, reply) =>
      orConflict(reply, () => archive(database, staffOf(request), 'item', request.params.ref, request.body)),
  );

  app.post(
    '/staff/menu-editor/draft/items/:ref/picture',
    {
      config,
      schema: {
        tags,
        summary:
          'Upload the item’s picture (multipart field "picture"; JPEG, PNG, WebP or AVIF by content, at most 10 MB; EXIF dropped, resized into the menu’s variants)',
        params: refParams,
        querystring: z.object({ baseVersion: z.coerce.number().int().nonnegative().max(MAX_ROW_ID) }),
        response: { ...answers, 413: ErrorBodySchema, 415: ErrorBodySchema },
      },
    },
    async (request, reply) =>
      orConflict(reply, () =>
        uploadItemPicture(database, staffOf(request), request.params.ref, request.query.baseVersion, () =>
          readUploadedFile(request),
        ),
      ),
  );

  app.post(
    '/staff/menu-editor/draft/option-groups',
    {
      config,
      schema: {
        tags,
        summary: 'Add an option group (choices a dish may offer) with its options',
        body: CreateOptionGroupRequestSchema,
        response: answers,
      },
    },
    async (request, reply) =>
      orConflict(reply, () => createOptionGroup(database, staffOf(request), request.body)),
  );

  app.put(
    '/staff/menu-editor/draft/option-groups/:ref',
    {
      config,
      schema: {
        tags,
        summary: 'Save an option group with its options (isActive false archives it)',
        params: refParams,
        body: SaveOptionGroupRequestSchema,
        response: answers,
      },
    },
    async (request, reply) =>
      orConflict(reply, () =>
        updateOptionGroup(database, staffOf(request), request.params.ref, request.body),
      ),
  );

  app.put(
    '/staff/menu-editor/draft/order',
    {
      config,
      schema: {
        tags,
        summary: 'The order of categories and items (drag and drop, keyboard)',
        body: ReorderRequestSchema,
        response: answers,
      },
    },
    async (request, reply) => orConflict(reply, () => reorderDraft(database, staffOf(request), request.body)),
  );

  app.post(
    '/staff/menu-editor/draft/import',
    {
      config,
      schema: {
        tags,
        summary: 'Replace the draft by a menu file (all or nothing)',
        body: ImportDraftRequestSchema,
        response: answers,
      },
    },
    async (request, reply) =>
      orConflict(reply, () => importIntoDraft(database, staffOf(request), request.body)),
  );

  app.get(
    '/staff/menu-editor/draft/export',
    {
      config,
      schema: {
        tags,
        summary: 'The draft as a menu file (the format of import-menu)',
        response: { 200: MenuFileSchema },
      },
    },
    async (request, reply) => {
      const draft = await readDraft(database.db, staffOf(request));
      reply.header(
        'content-disposition',
        `attachment; filename="menu-${staffOf(request).restaurantShortName}.json"`,
      );
      return draft.menu;
    },
  );

  app.post(
    '/staff/menu-editor/publish',
    {
      config,
      schema: {
        tags,
        summary: 'Make the draft the live menu for every diner at once',
        body: PublishRequestSchema,
        response: answers,
      },
    },
    async (request, reply) => orConflict(reply, () => publishDraft(database, staffOf(request), request.body)),
  );

  app.get(
    '/staff/menu-editor/versions',
    {
      config,
      schema: {
        tags,
        summary: 'The published versions, newest first',
        response: { 200: MenuVersionsSchema },
      },
    },
    async (request) => listVersions(database.db, staffOf(request)),
  );

  app.post(
    '/staff/menu-editor/versions/:number/restore',
    {
      config,
      schema: {
        tags,
        summary: 'Publish an earlier version again (as a new version)',
        params: z.object({ number: RowIdParamSchema }),
        response: answers,
      },
    },
    async (request, reply) =>
      orConflict(reply, () => restoreVersion(database, staffOf(request), request.params.number)),
  );
};

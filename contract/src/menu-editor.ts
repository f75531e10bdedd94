import { z } from 'zod';
import { ErrorBodySchema } from './errors.ts';
import { MAX_ROW_ID } from './ids.ts';
import {
  ImportMenuCategorySchema,
  ImportMenuItemSchema,
  ImportOptionGroupSchema,
  MenuFileSchema,
} from './menu-import.ts';

/**
 * The menu editor (issue 26, docs/decisions/062-menu-editor.md). The editor edits a draft held as a menu
 * file (the format of `import-menu`, validated by the same schema); publishing applies the draft through
 * the importer in one transaction, keeps the published file as a version, and restoring publishes an old
 * version again. Categories and items are addressed by their `ref`, which is what keeps their ids (and the
 * orders, ratings and sold-out state pointing at them) across publishes.
 *
 * Every save carries `baseVersion`, the draft version the editor last read: a save of something changed
 * since then by someone else answers 409 with that thing as it is now (`MenuEditorConflictSchema`).
 */

export const MenuRefParamSchema = z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'is not a menu ref');

/** Versions are 32-bit integer columns: a larger one names nothing (400, not a database error). */
export const BaseVersionSchema = z.number().int().nonnegative().max(MAX_ROW_ID);

export const MenuDraftSchema = z.object({
  /** Bumped by every change to the draft: what the next save sends as `baseVersion`. */
  version: z.number().int().nonnegative(),
  /** False when the draft is the live menu as it is (nothing to publish or discard). */
  hasChanges: z.boolean(),
  /** The number of the live version (0 before the first publish from the editor). */
  liveVersion: z.number().int().nonnegative(),
  menu: MenuFileSchema,
});
export type MenuDraft = z.infer<typeof MenuDraftSchema>;

/** A category's own fields (its items are edited one by one). */
export const CategoryFieldsSchema = ImportMenuCategorySchema.omit({ ref: true, items: true });
export const SaveCategoryRequestSchema = z.strictObject({
  baseVersion: BaseVersionSchema,
  category: CategoryFieldsSchema,
});
export const CreateCategoryRequestSchema = z.strictObject({
  baseVersion: BaseVersionSchema,
  /** Made from the first title when left out. */
  ref: ImportMenuCategorySchema.shape.ref.optional(),
  category: CategoryFieldsSchema,
});

/**
 * Issue 27: `optionGroups` left out keeps the item's groups as they are (an editor that does not show them
 * must not wipe them); given, it replaces them (refs of the draft's `optionGroups`).
 */
export const ItemFieldsSchema = ImportMenuItemSchema.omit({ ref: true }).extend({
  optionGroups: ImportMenuItemSchema.shape.optionGroups.removeDefault().optional(),
});
export const SaveItemRequestSchema = z.strictObject({
  baseVersion: BaseVersionSchema,
  /** Moves the item to another category (at its end) when given. */
  categoryRef: MenuRefParamSchema.optional(),
  item: ItemFieldsSchema,
});
export const CreateItemRequestSchema = z.strictObject({
  baseVersion: BaseVersionSchema,
  categoryRef: MenuRefParamSchema,
  ref: ImportMenuItemSchema.shape.ref.optional(),
  item: ItemFieldsSchema,
});

/**
 * Issue 27: an option group's own fields and its options, whole (options are edited with their group).
 * Archiving a group is saving it with `isActive: false`; the dishes that list it keep the ref.
 */
export const OptionGroupFieldsSchema = ImportOptionGroupSchema.omit({ ref: true });
export type OptionGroupFields = z.input<typeof OptionGroupFieldsSchema>;
export const SaveOptionGroupRequestSchema = z.strictObject({
  baseVersion: BaseVersionSchema,
  group: OptionGroupFieldsSchema,
});
export const CreateOptionGroupRequestSchema = z.strictObject({
  baseVersion: BaseVersionSchema,
  /** Made from the first title when left out. */
  ref: ImportOptionGroupSchema.shape.ref.optional(),
  group: OptionGroupFieldsSchema,
});

/** Archive (`archived: true`) or bring back; archived entries stay in the file with `isActive: false`. */
export const ArchiveRequestSchema = z.strictObject({
  baseVersion: BaseVersionSchema,
  archived: z.boolean(),
});

/**
 * The whole order at once: categories by ref, and each category's items by ref. Every category and item of
 * the draft is named exactly once; a list that does not match the draft any more answers 409.
 */
export const ReorderRequestSchema = z.strictObject({
  baseVersion: BaseVersionSchema,
  categories: z
    .array(z.strictObject({ ref: MenuRefParamSchema, items: z.array(MenuRefParamSchema) }))
    .max(1000),
});

export const PublishRequestSchema = z.strictObject({ baseVersion: BaseVersionSchema });
export const ImportDraftRequestSchema = z.strictObject({
  baseVersion: BaseVersionSchema,
  /** The menu file as text (JSON): problems come back with their paths, all of them, nothing kept. */
  file: z.string().max(5_000_000),
});

export const MenuVersionSchema = z.object({
  number: z.number().int().positive(),
  publishedAt: z.iso.datetime({ offset: true }),
  publishedBy: z.string().nullable(),
  /** Set when this version was made by restoring an earlier one. */
  restoredFrom: z.number().int().positive().nullable(),
  categories: z.number().int().nonnegative(),
  items: z.number().int().nonnegative(),
});
export const MenuVersionsSchema = z.object({
  liveVersion: z.number().int().nonnegative(),
  versions: z.array(MenuVersionSchema),
});
export type MenuVersion = z.infer<typeof MenuVersionSchema>;

/** 409 on a stale save: what the thing is now (null when it no longer exists) and the draft's version. */
export const MenuEditorConflictSchema = ErrorBodySchema.extend({
  version: z.number().int().nonnegative(),
  current: z.unknown().nullable(),
});
export type MenuEditorConflict = z.infer<typeof MenuEditorConflictSchema>;

/** The editor API, relative to `/api`: staff routes (cookie session, CSRF, permission editMenu). */
export const menuEditorPaths = {
  draft: () => '/staff/menu-editor/draft',
  categories: () => '/staff/menu-editor/draft/categories',
  category: (ref: string) => `/staff/menu-editor/draft/categories/${ref}`,
  categoryArchive: (ref: string) => `/staff/menu-editor/draft/categories/${ref}/archive`,
  items: () => '/staff/menu-editor/draft/items',
  item: (ref: string) => `/staff/menu-editor/draft/items/${ref}`,
  itemArchive: (ref: string) => `/staff/menu-editor/draft/items/${ref}/archive`,
  /** multipart/form-data, one file in the field `picture`. */
  itemPicture: (ref: string, baseVersion: number) =>
    `/staff/menu-editor/draft/items/${ref}/picture?baseVersion=${baseVersion}`,
  optionGroups: () => '/staff/menu-editor/draft/option-groups',
  optionGroup: (ref: string) => `/staff/menu-editor/draft/option-groups/${ref}`,
  order: () => '/staff/menu-editor/draft/order',
  import: () => '/staff/menu-editor/draft/import',
  export: () => '/staff/menu-editor/draft/export',
  publish: () => '/staff/menu-editor/publish',
  versions: () => '/staff/menu-editor/versions',
  restore: (number: number) => `/staff/menu-editor/versions/${number}/restore`,
} as const;

export const MENU_EDITOR_TEXTS = {
  stale: 'Someone else changed this meanwhile: here it is as it is now',
  staleDraft: 'The draft changed meanwhile: reload it and try again',
  categoryNotFound: 'Menu category not found',
  itemNotFound: 'Menu item not found',
  optionGroupNotFound: 'Option group not found',
  optionGroupRefTaken: 'ref: is already used by another option group',
  versionNotFound: 'Menu version not found',
  refTaken: 'ref: is already used by another category or item',
  orderMismatch: 'The order does not name every category and item of the draft exactly once',
  draftPending: 'The draft has unpublished changes: publish or discard them first',
  nothingToPublish: 'The draft has no changes to publish',
} as const;

import { MENU_EDITOR_TEXTS, type MenuDraft } from '@tablo/contract/menu-editor';
import type { Database } from '../../db/database.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { parseMenuFile } from '../menu-import/parse-menu-file.ts';
import { storePicture } from '../pictures/store-picture.ts';
import type { StaffContext } from '../staff/service.ts';
import {
  addCategory,
  addItem,
  availabilityKey,
  type CategoryFields,
  categoryKey,
  type DraftOrder,
  findCategory,
  findItem,
  type ItemFields,
  itemKey,
  newRef,
  refInUse,
  reorder,
  saveCategory,
  saveItem,
} from './draft-edits.ts';
import { optionAvailabilityKey } from './draft-option-groups.ts';
import {
  checkBase,
  lockDraft,
  MenuConflict,
  readDraft,
  renameCategoryPath,
  renameItemPath,
  saveDraft,
} from './draft-store.ts';

/**
 * The editor's saves to the draft. Each runs in one transaction on the locked draft row: checked against
 * `baseVersion` (409 with the current state when stale), applied, validated whole by the import's schema,
 * stored as the draft's next version. Every answer is the draft as it now is.
 */

export async function updateCategory(
  database: Database,
  staff: StaffContext,
  ref: string,
  request: { baseVersion: number; category: CategoryFields },
): Promise<MenuDraft> {
  return database
    .transaction(async (tx) => {
      const draft = await lockDraft(tx, staff.restaurantId);
      const current = findCategory(draft.menu, ref);
      if (!current) throw notFound(MENU_EDITOR_TEXTS.categoryNotFound);
      checkBase(draft, request.baseVersion, [categoryKey(ref)], () => withoutItems(current));
      const menu = saveCategory(draft.menu, ref, request.category);
      await saveDraft(tx, staff.restaurantId, draft, menu, {
        keys: [categoryKey(ref)],
        rename: renameCategoryPath(menu, ref),
      });
    })
    .then(() => readDraft(database.db, staff));
}

export async function createCategory(
  database: Database,
  staff: StaffContext,
  request: { baseVersion: number; ref?: string | undefined; category: CategoryFields },
): Promise<MenuDraft> {
  return database
    .transaction(async (tx) => {
      const draft = await lockDraft(tx, staff.restaurantId);
      checkBase(draft, request.baseVersion, [], () => null);
      const ref =
        request.ref ?? newRef(draft.menu, request.category.translations[0]?.title ?? '', 'category');
      if (refInUse(draft.menu, ref)) throw new HttpError(400, MENU_EDITOR_TEXTS.refTaken);
      const menu = addCategory(draft.menu, ref, request.category);
      await saveDraft(tx, staff.restaurantId, draft, menu, {
        keys: [categoryKey(ref)],
        rename: renameCategoryPath(menu, ref),
      });
    })
    .then(() => readDraft(database.db, staff));
}

export async function updateItem(
  database: Database,
  staff: StaffContext,
  ref: string,
  request: { baseVersion: number; categoryRef?: string | undefined; item: ItemFields },
): Promise<MenuDraft> {
  return database
    .transaction(async (tx) => {
      const draft = await lockDraft(tx, staff.restaurantId);
      const found = findItem(draft.menu, ref);
      if (!found) throw notFound(MENU_EDITOR_TEXTS.itemNotFound);
      checkBase(draft, request.baseVersion, [itemKey(ref)], () => found.item);
      if (request.categoryRef !== undefined && !findCategory(draft.menu, request.categoryRef)) {
        throw notFound(`categoryRef: ${MENU_EDITOR_TEXTS.categoryNotFound}`);
      }
      const menu = saveItem(draft.menu, ref, request.item, request.categoryRef);
      const availabilityChanged = found.item.availabilityType !== request.item.availabilityType;
      await saveDraft(tx, staff.restaurantId, draft, menu, {
        keys: [itemKey(ref), ...(availabilityChanged ? [availabilityKey(ref)] : [])],
        rename: renameItemPath(menu, ref),
      });
    })
    .then(() => readDraft(database.db, staff));
}

export async function createItem(
  database: Database,
  staff: StaffContext,
  request: { baseVersion: number; categoryRef: string; ref?: string | undefined; item: ItemFields },
): Promise<MenuDraft> {
  return database
    .transaction(async (tx) => {
      const draft = await lockDraft(tx, staff.restaurantId);
      if (!findCategory(draft.menu, request.categoryRef)) {
        throw notFound(`categoryRef: ${MENU_EDITOR_TEXTS.categoryNotFound}`);
      }
      checkBase(draft, request.baseVersion, [], () => null);
      const ref = request.ref ?? newRef(draft.menu, request.item.translations[0]?.title ?? '', 'item');
      if (refInUse(draft.menu, ref)) throw new HttpError(400, MENU_EDITOR_TEXTS.refTaken);
      const menu = addItem(draft.menu, request.categoryRef, ref, request.item);
      await saveDraft(tx, staff.restaurantId, draft, menu, {
        keys: [itemKey(ref)],
        rename: renameItemPath(menu, ref),
      });
    })
    .then(() => readDraft(database.db, staff));
}

/** Archive or bring back: `isActive` of the category or item, nothing else of it touched. */
export async function archive(
  database: Database,
  staff: StaffContext,
  kind: 'category' | 'item',
  ref: string,
  request: { baseVersion: number; archived: boolean },
): Promise<MenuDraft> {
  return database
    .transaction(async (tx) => {
      const draft = await lockDraft(tx, staff.restaurantId);
      const isActive = !request.archived;
      if (kind === 'category') {
        const current = findCategory(draft.menu, ref);
        if (!current) throw notFound(MENU_EDITOR_TEXTS.categoryNotFound);
        checkBase(draft, request.baseVersion, [categoryKey(ref)], () => withoutItems(current));
        const { items: _items, ref: _ref, ...fields } = current;
        const menu = saveCategory(draft.menu, ref, { ...fields, isActive });
        await saveDraft(tx, staff.restaurantId, draft, menu, { keys: [categoryKey(ref)] });
      } else {
        const found = findItem(draft.menu, ref);
        if (!found) throw notFound(MENU_EDITOR_TEXTS.itemNotFound);
        checkBase(draft, request.baseVersion, [itemKey(ref)], () => found.item);
        const { ref: _ref, ...fields } = found.item;
        const menu = saveItem(draft.menu, ref, { ...fields, isActive });
        await saveDraft(tx, staff.restaurantId, draft, menu, { keys: [itemKey(ref)] });
      }
    })
    .then(() => readDraft(database.db, staff));
}

export async function reorderDraft(
  database: Database,
  staff: StaffContext,
  request: { baseVersion: number; categories: DraftOrder[] },
): Promise<MenuDraft> {
  return database
    .transaction(async (tx) => {
      const draft = await lockDraft(tx, staff.restaurantId);
      checkBase(draft, request.baseVersion, [], () => null);
      const menu = reorder(draft.menu, request.categories);
      if (!menu) throw new MenuConflict(MENU_EDITOR_TEXTS.orderMismatch, draft.version, null);
      // Moving an item to another category changes that item: a stale save of it must notice.
      const moved = request.categories.flatMap((entry) =>
        entry.items.filter((ref) => findItem(draft.menu, ref)?.categoryRef !== entry.ref).map(itemKey),
      );
      await saveDraft(tx, staff.restaurantId, draft, menu, { keys: moved });
    })
    .then(() => readDraft(database.db, staff));
}

/**
 * An uploaded picture becomes the item's `imageUrl` in the draft: checked by its content, upright, EXIF
 * dropped, resized into the dish variants the menu serves (pictures module). The picture is stored before
 * the draft is locked (resizing takes a while); a stale or refused save leaves an unused picture behind,
 * never a changed draft.
 */
export async function uploadItemPicture(
  database: Database,
  staff: StaffContext,
  ref: string,
  baseVersion: number,
  upload: () => Promise<Uint8Array>,
): Promise<MenuDraft> {
  // Another restaurant's ref (or a typo) is 404 before the upload is read.
  if (!findItem((await readDraft(database.db, staff)).menu, ref)) {
    throw notFound(MENU_EDITOR_TEXTS.itemNotFound);
  }
  const bytes = await upload();
  const imageUrl = await storePicture(database.db, bytes, 'dish');
  return database
    .transaction(async (tx) => {
      const draft = await lockDraft(tx, staff.restaurantId);
      const found = findItem(draft.menu, ref);
      if (!found) throw notFound(MENU_EDITOR_TEXTS.itemNotFound);
      checkBase(draft, baseVersion, [itemKey(ref)], () => found.item);
      const { ref: _ref, ...fields } = found.item;
      const menu = saveItem(draft.menu, ref, { ...fields, imageUrl });
      await saveDraft(tx, staff.restaurantId, draft, menu, { keys: [itemKey(ref)] });
    })
    .then(() => readDraft(database.db, staff));
}

/** The editor's import: the CLI's file format and checks, all or nothing; it becomes the whole draft. */
export async function importIntoDraft(
  database: Database,
  staff: StaffContext,
  request: { baseVersion: number; file: string },
): Promise<MenuDraft> {
  const parsed = parseMenuFile(request.file);
  if (!parsed.ok) {
    throw new HttpError(
      400,
      parsed.problems.map((problem) => `${problem.path}: ${problem.message}`).join('; '),
    );
  }
  return database
    .transaction(async (tx) => {
      const draft = await lockDraft(tx, staff.restaurantId);
      if (request.baseVersion !== draft.version) {
        throw new MenuConflict(MENU_EDITOR_TEXTS.staleDraft, draft.version, null);
      }
      // Every item's availability counts as set by the file (publish keeps live sold-out marks otherwise).
      const keys = [
        ...parsed.menu.categories.flatMap((category) =>
          category.items.map((item) => availabilityKey(item.ref)),
        ),
        ...parsed.menu.optionGroups.flatMap((group) =>
          group.options.map((option) => optionAvailabilityKey(group.ref, option.ref)),
        ),
      ];
      await saveDraft(tx, staff.restaurantId, draft, parsed.menu, { reset: true, keys });
    })
    .then(() => readDraft(database.db, staff));
}

function withoutItems(category: NonNullable<ReturnType<typeof findCategory>>) {
  const { items: _items, ...rest } = category;
  return rest;
}

import { MENU_EDITOR_TEXTS, type MenuDraft } from '@tablo/contract/menu-editor';
import type { Database } from '../../db/database.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import type { StaffContext } from '../staff/service.ts';
import {
  addOptionGroup,
  changedAvailability,
  findOptionGroup,
  newOptionGroupRef,
  type OptionGroupFields,
  optionAvailabilityKey,
  optionGroupKey,
  renameOptionGroupPath,
  saveOptionGroup,
} from './draft-option-groups.ts';
import { checkBase, lockDraft, readDraft, saveDraft } from './draft-store.ts';

/**
 * The editor's saves of option groups (issue 27), like draft-service.ts: one transaction on the locked
 * draft, 409 with the group as it is now when stale, the whole file validated (problems named
 * `group.…`), the draft's next version answered. Archiving is saving the group with `isActive: false`.
 */

export async function updateOptionGroup(
  database: Database,
  staff: StaffContext,
  ref: string,
  request: { baseVersion: number; group: OptionGroupFields },
): Promise<MenuDraft> {
  return database
    .transaction(async (tx) => {
      const draft = await lockDraft(tx, staff.restaurantId);
      const current = findOptionGroup(draft.menu, ref);
      if (!current) throw notFound(MENU_EDITOR_TEXTS.optionGroupNotFound);
      checkBase(draft, request.baseVersion, [optionGroupKey(ref)], () => current);
      const menu = saveOptionGroup(draft.menu, ref, request.group);
      const availability = changedAvailability(current, request.group);
      await saveDraft(tx, staff.restaurantId, draft, menu, {
        keys: [optionGroupKey(ref), ...availability.map((option) => optionAvailabilityKey(ref, option))],
        rename: renameOptionGroupPath(menu, ref),
      });
    })
    .then(() => readDraft(database.db, staff));
}

export async function createOptionGroup(
  database: Database,
  staff: StaffContext,
  request: { baseVersion: number; ref?: string | undefined; group: OptionGroupFields },
): Promise<MenuDraft> {
  return database
    .transaction(async (tx) => {
      const draft = await lockDraft(tx, staff.restaurantId);
      checkBase(draft, request.baseVersion, [], () => null);
      const ref = request.ref ?? newOptionGroupRef(draft.menu, request.group.translations[0]?.title ?? '');
      if (findOptionGroup(draft.menu, ref)) throw new HttpError(400, MENU_EDITOR_TEXTS.optionGroupRefTaken);
      const menu = addOptionGroup(draft.menu, ref, request.group);
      const availability = changedAvailability(undefined, request.group);
      await saveDraft(tx, staff.restaurantId, draft, menu, {
        keys: [optionGroupKey(ref), ...availability.map((option) => optionAvailabilityKey(ref, option))],
        rename: renameOptionGroupPath(menu, ref),
      });
    })
    .then(() => readDraft(database.db, staff));
}

import type { MenuFile } from '@tablo/contract/menu-import';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import {
  menuItemOptionGroup,
  menuOption,
  menuOptionAllergen,
  menuOptionGroup,
  menuOptionGroupTranslation,
  menuOptionTranslation,
} from '../../db/schema.ts';
import { changedAllergenOwners, changedTranslationOwners } from './changed-owners.ts';

/**
 * Issue 27 (docs/decisions/067): the file's option groups, upserted by ref like items, so their ids and
 * their options' ids survive a re-import (a diner's open dialog and cart keep pointing at them). A group the
 * file no longer lists is deactivated; an option a group no longer lists is deleted (orders keep their own
 * snapshot of it). Only what changed is written (docs/decisions/068).
 */
export async function importOptionGroups(
  tx: Db,
  restaurantId: number,
  menu: MenuFile,
  itemIds: ReadonlyMap<string, { id: number }>,
): Promise<void> {
  const groupIds = await upsertGroups(tx, restaurantId, menu);
  const deactivate = [eq(menuOptionGroup.restaurantId, restaurantId), eq(menuOptionGroup.isActive, true)];
  if (groupIds.size > 0) deactivate.push(notInArray(menuOptionGroup.ref, [...groupIds.keys()]));
  await tx
    .update(menuOptionGroup)
    .set({ isActive: false })
    .where(and(...deactivate));
  if (groupIds.size > 0) {
    const groupTexts = menu.optionGroups.flatMap((group) =>
      group.translations.map((t) => ({ groupId: idOf(groupIds, group.ref), ...t })),
    );
    const changed = await changedTranslationOwners(
      tx,
      sql`menu_option_group_translation`,
      sql`group_id`,
      [...groupIds.values()],
      groupTexts.map((row) => [row.groupId, row.isoCode, row.title, row.description]),
    );
    if (changed.size > 0) {
      await tx
        .delete(menuOptionGroupTranslation)
        .where(inArray(menuOptionGroupTranslation.groupId, [...changed]));
      await tx
        .insert(menuOptionGroupTranslation)
        .values(groupTexts.filter((row) => changed.has(row.groupId)));
    }
    await importOptions(tx, menu, groupIds);
  }
  await linkItems(tx, menu, groupIds, itemIds);
}

function idOf(ids: ReadonlyMap<string, number>, ref: string): number {
  const id = ids.get(ref);
  if (id === undefined) throw new Error(`Menu import lost track of ${ref}`);
  return id;
}

async function upsertGroups(tx: Db, restaurantId: number, menu: MenuFile): Promise<Map<string, number>> {
  if (menu.optionGroups.length === 0) return new Map();
  const values = menu.optionGroups.map((group, index) => ({
    restaurantId,
    ref: group.ref,
    kind: group.kind,
    minChoices: group.minChoices,
    maxChoices: group.maxChoices,
    freeChoices: group.freeChoices,
    isActive: group.isActive,
    sortOrder: index,
  }));
  await tx
    .insert(menuOptionGroup)
    .values(values)
    .onConflictDoUpdate({
      target: [menuOptionGroup.restaurantId, menuOptionGroup.ref],
      set: {
        kind: sql`excluded.kind`,
        minChoices: sql`excluded.min_choices`,
        maxChoices: sql`excluded.max_choices`,
        freeChoices: sql`excluded.free_choices`,
        isActive: sql`excluded.is_active`,
        sortOrder: sql`excluded.sort_order`,
      },
      setWhere: sql`(${menuOptionGroup.kind}, ${menuOptionGroup.minChoices}, ${menuOptionGroup.maxChoices},
        ${menuOptionGroup.freeChoices}, ${menuOptionGroup.isActive}, ${menuOptionGroup.sortOrder})
        is distinct from (excluded.kind, excluded.min_choices, excluded.max_choices, excluded.free_choices,
        excluded.is_active, excluded.sort_order)`,
    });
  const rows = await tx
    .select({ id: menuOptionGroup.id, ref: menuOptionGroup.ref })
    .from(menuOptionGroup)
    .where(
      and(
        eq(menuOptionGroup.restaurantId, restaurantId),
        inArray(
          menuOptionGroup.ref,
          values.map((value) => value.ref),
        ),
      ),
    );
  return new Map(rows.map((row) => [row.ref, row.id]));
}

async function importOptions(tx: Db, menu: MenuFile, groupIds: ReadonlyMap<string, number>): Promise<void> {
  const values = menu.optionGroups.flatMap((group) =>
    group.options.map((option, index) => ({
      groupId: idOf(groupIds, group.ref),
      ref: option.ref,
      priceDelta: option.priceDelta,
      availabilityType: option.availabilityType,
      isDefault: option.isDefault,
      sortOrder: index,
    })),
  );
  const allGroups = [...groupIds.values()];
  if (values.length > 0) {
    await tx
      .insert(menuOption)
      .values(values)
      .onConflictDoUpdate({
        target: [menuOption.groupId, menuOption.ref],
        set: {
          priceDelta: sql`excluded.price_delta`,
          availabilityType: sql`excluded.availability_type`,
          isDefault: sql`excluded.is_default`,
          sortOrder: sql`excluded.sort_order`,
        },
        setWhere: sql`(${menuOption.priceDelta}, ${menuOption.availabilityType}, ${menuOption.isDefault},
          ${menuOption.sortOrder}) is distinct from (excluded.price_delta, excluded.availability_type,
          excluded.is_default, excluded.sort_order)`,
      });
  }
  const stored = await tx
    .select({ id: menuOption.id, groupId: menuOption.groupId, ref: menuOption.ref })
    .from(menuOption)
    .where(inArray(menuOption.groupId, allGroups));
  const key = (groupId: number, ref: string) => `${groupId}\u0000${ref}`;
  const wanted = new Set(values.map((value) => key(value.groupId, value.ref)));
  const gone = stored.filter((row) => !wanted.has(key(row.groupId, row.ref))).map((row) => row.id);
  if (gone.length > 0) await tx.delete(menuOption).where(inArray(menuOption.id, gone));
  const optionIds = new Map(
    stored
      .filter((row) => wanted.has(key(row.groupId, row.ref)))
      .map((row) => [key(row.groupId, row.ref), row.id]),
  );
  const ids = [...optionIds.values()];
  const optionOf = (groupRef: string, ref: string) => idOf(optionIds, key(idOf(groupIds, groupRef), ref));
  const options = menu.optionGroups.flatMap((group) =>
    group.options.map((option) => ({ id: optionOf(group.ref, option.ref), option })),
  );
  const texts = options.flatMap(({ id, option }) => option.translations.map((t) => ({ optionId: id, ...t })));
  const changedTexts = await changedTranslationOwners(
    tx,
    sql`menu_option_translation`,
    sql`option_id`,
    ids,
    texts.map((row) => [row.optionId, row.isoCode, row.title, row.description]),
  );
  if (changedTexts.size > 0) {
    await tx.delete(menuOptionTranslation).where(inArray(menuOptionTranslation.optionId, [...changedTexts]));
    await tx.insert(menuOptionTranslation).values(texts.filter((row) => changedTexts.has(row.optionId)));
  }
  const allergens = options.flatMap(({ id, option }) =>
    [...new Set(option.allergens)].map((type) => ({ optionId: id, type })),
  );
  const changedAllergens = await changedAllergenOwners(
    tx,
    sql`menu_option_allergen`,
    sql`option_id`,
    ids,
    allergens.map((row) => [row.optionId, row.type]),
  );
  if (changedAllergens.size > 0) {
    await tx.delete(menuOptionAllergen).where(inArray(menuOptionAllergen.optionId, [...changedAllergens]));
    const rows = allergens.filter((row) => changedAllergens.has(row.optionId));
    if (rows.length > 0) await tx.insert(menuOptionAllergen).values(rows);
  }
}

/** Each item of the file lists exactly its groups, in its order. */
async function linkItems(
  tx: Db,
  menu: MenuFile,
  groupIds: ReadonlyMap<string, number>,
  itemIds: ReadonlyMap<string, { id: number }>,
): Promise<void> {
  const items = menu.categories.flatMap((category) => category.items);
  const ids = items.map((item) => itemIds.get(item.ref)?.id).filter((id) => id !== undefined);
  if (ids.length === 0) return;
  const wanted = items.flatMap((item) => {
    const itemId = itemIds.get(item.ref)?.id;
    if (itemId === undefined) return [];
    return item.optionGroups.map((ref, index) => ({
      itemId,
      groupId: idOf(groupIds, ref),
      sortOrder: index,
    }));
  });
  const stored = await tx
    .select({
      itemId: menuItemOptionGroup.itemId,
      groupId: menuItemOptionGroup.groupId,
      sortOrder: menuItemOptionGroup.sortOrder,
    })
    .from(menuItemOptionGroup)
    .where(inArray(menuItemOptionGroup.itemId, ids))
    .orderBy(menuItemOptionGroup.itemId, menuItemOptionGroup.sortOrder, menuItemOptionGroup.groupId);
  const listOf = (rows: readonly { itemId: number; groupId: number; sortOrder: number }[]) => {
    const map = new Map<number, string>();
    for (const row of rows)
      map.set(row.itemId, `${map.get(row.itemId) ?? ''}${row.groupId}@${row.sortOrder},`);
    return map;
  };
  const before = listOf(stored);
  const after = listOf(wanted);
  const changed = ids.filter((id) => before.get(id) !== after.get(id));
  if (changed.length === 0) return;
  await tx.delete(menuItemOptionGroup).where(inArray(menuItemOptionGroup.itemId, changed));
  const rows = wanted.filter((row) => changed.includes(row.itemId));
  if (rows.length > 0) await tx.insert(menuItemOptionGroup).values(rows);
}

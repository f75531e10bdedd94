import type { MenuFile } from '@tablo/contract/menu-import';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { notifyMenuChanged } from '../../db/channels.ts';
import type { Database, Db } from '../../db/database.ts';
import {
  menuCategory,
  menuCategoryTranslation,
  menuItem,
  menuItemAllergen,
  menuItemTranslation,
  vatKey,
} from '../../db/schema.ts';
import { lockRestaurant } from '../restaurants/find-restaurant.ts';
import { changedAllergenOwners, changedTranslationOwners } from './changed-owners.ts';
import { importOptionGroups } from './import-option-groups.ts';

export interface ImportSummary {
  categoriesCreated: number;
  categoriesUpdated: number;
  categoriesDeactivated: number;
  itemsCreated: number;
  itemsUpdated: number;
  itemsDeactivated: number;
}

/**
 * Makes the restaurant's menu what the file says, all or nothing (docs/decisions/006-menu-import.md):
 * VAT keys, categories and items are upserted by code / ref, so ids — and the ratings and orders that
 * point at them — survive; what the file no longer lists is deactivated, never deleted. Every server
 * instance hears about it on commit.
 */
export function importMenu(database: Database, shortName: string, menu: MenuFile): Promise<ImportSummary> {
  return database.transaction(async (tx) => {
    const summary = await importMenuWithin(tx, shortName, menu);
    await notifyMenuChanged(database, shortName, tx);
    return summary;
  });
}

/** The import inside a transaction the caller owns (the demo seed imports several menus in one). */
export async function importMenuWithin(tx: Db, shortName: string, menu: MenuFile): Promise<ImportSummary> {
  const restaurantId = await lockRestaurant(tx, shortName);
  const vatIds = await upsertVatKeys(tx, restaurantId, menu);
  const categoryIds = await upsertCategories(tx, restaurantId, menu);
  const itemIds = await upsertItems(tx, restaurantId, menu, categoryIds, vatIds);
  await replaceCategoryTranslations(tx, menu, categoryIds);
  await replaceItemDetails(tx, menu, itemIds);
  await importOptionGroups(tx, restaurantId, menu, itemIds);
  const categoriesDeactivated = await deactivateMissing(tx, menuCategory, restaurantId, [
    ...categoryIds.keys(),
  ]);
  const itemsDeactivated = await deactivateMissing(tx, menuItem, restaurantId, [...itemIds.keys()]);
  const createdCategories = [...categoryIds.values()].filter((row) => row.created).length;
  const createdItems = [...itemIds.values()].filter((row) => row.created).length;
  return {
    categoriesCreated: createdCategories,
    categoriesUpdated: categoryIds.size - createdCategories,
    categoriesDeactivated,
    itemsCreated: createdItems,
    itemsUpdated: itemIds.size - createdItems,
    itemsDeactivated,
  };
}

interface UpsertedRow {
  id: number;
  created: boolean;
}

// Postgres sets xmax = 0 on a row the statement inserted; an ON CONFLICT update leaves it non-zero.
const wasInserted = sql<boolean>`(xmax = 0)`;

async function upsertVatKeys(tx: Db, restaurantId: number, menu: MenuFile): Promise<Map<string, number>> {
  const rows = await tx
    .insert(vatKey)
    .values(menu.vatKeys.map((vat) => ({ restaurantId, code: vat.code, valuePercent: vat.valuePercent })))
    .onConflictDoUpdate({
      target: [vatKey.restaurantId, vatKey.code],
      set: { valuePercent: sql`excluded.value_percent` },
    })
    .returning({ id: vatKey.id, code: vatKey.code });
  return new Map(rows.map((row) => [row.code, row.id]));
}

async function upsertCategories(
  tx: Db,
  restaurantId: number,
  menu: MenuFile,
): Promise<Map<string, UpsertedRow>> {
  if (menu.categories.length === 0) return new Map();
  const rows = await tx
    .insert(menuCategory)
    .values(
      menu.categories.map((category, index) => ({
        restaurantId,
        ref: category.ref,
        isActive: category.isActive,
        sortOrder: index,
      })),
    )
    .onConflictDoUpdate({
      target: [menuCategory.restaurantId, menuCategory.ref],
      set: { isActive: sql`excluded.is_active`, sortOrder: sql`excluded.sort_order` },
    })
    .returning({ id: menuCategory.id, ref: menuCategory.ref, created: wasInserted });
  return new Map(rows.map((row) => [row.ref, { id: row.id, created: row.created }]));
}

async function upsertItems(
  tx: Db,
  restaurantId: number,
  menu: MenuFile,
  categoryIds: Map<string, UpsertedRow>,
  vatIds: Map<string, number>,
): Promise<Map<string, UpsertedRow>> {
  const values = menu.categories.flatMap((category) =>
    category.items.map((item, index) => ({
      restaurantId,
      categoryId: required(categoryIds.get(category.ref), `category ${category.ref}`).id,
      ref: item.ref,
      priceGross: item.priceGross,
      vatKeyId: required(vatIds.get(item.vatKey), `VAT key ${item.vatKey}`),
      isActive: item.isActive,
      imageUrl: item.imageUrl,
      availabilityType: item.availabilityType,
      sortOrder: index,
      baseLikeCount: item.likeCount,
      baseDislikeCount: item.dislikeCount,
    })),
  );
  if (values.length === 0) return new Map();
  // A row whose values are what the file says is left alone (no new row version, no index entries): a
  // publish that changed one price rewrites one item, not three hundred (docs/decisions/068).
  const updated = await tx
    .insert(menuItem)
    .values(values)
    .onConflictDoUpdate({
      target: [menuItem.restaurantId, menuItem.ref],
      set: {
        categoryId: sql`excluded.category_id`,
        priceGross: sql`excluded.price_gross`,
        vatKeyId: sql`excluded.vat_key_id`,
        isActive: sql`excluded.is_active`,
        imageUrl: sql`excluded.image_url`,
        availabilityType: sql`excluded.availability_type`,
        sortOrder: sql`excluded.sort_order`,
        baseLikeCount: sql`excluded.base_like_count`,
        baseDislikeCount: sql`excluded.base_dislike_count`,
      },
      setWhere: sql`(${menuItem.categoryId}, ${menuItem.priceGross}, ${menuItem.vatKeyId}, ${menuItem.isActive},
        ${menuItem.imageUrl}, ${menuItem.availabilityType}, ${menuItem.sortOrder}, ${menuItem.baseLikeCount},
        ${menuItem.baseDislikeCount}) is distinct from (excluded.category_id, excluded.price_gross,
        excluded.vat_key_id, excluded.is_active, excluded.image_url, excluded.availability_type,
        excluded.sort_order, excluded.base_like_count, excluded.base_dislike_count)`,
    })
    .returning({ id: menuItem.id, ref: menuItem.ref, created: wasInserted });
  const ids = new Map(updated.map((row) => [row.ref, { id: row.id, created: row.created }]));
  const unchanged = values.map((value) => value.ref).filter((ref) => !ids.has(ref));
  if (unchanged.length > 0) {
    const rows = await tx
      .select({ id: menuItem.id, ref: menuItem.ref })
      .from(menuItem)
      .where(and(eq(menuItem.restaurantId, restaurantId), inArray(menuItem.ref, unchanged)));
    for (const row of rows) ids.set(row.ref, { id: row.id, created: false });
  }
  return ids;
}

async function replaceCategoryTranslations(
  tx: Db,
  menu: MenuFile,
  categoryIds: Map<string, UpsertedRow>,
): Promise<void> {
  const rows = menu.categories.flatMap((category) => {
    const categoryId = required(categoryIds.get(category.ref), `category ${category.ref}`).id;
    return category.translations.map((t) => ({ categoryId, ...t }));
  });
  const changed = await changedTranslationOwners(
    tx,
    sql`menu_category_translation`,
    sql`category_id`,
    [...categoryIds.values()].map((row) => row.id),
    rows.map((row) => [row.categoryId, row.isoCode, row.title, row.description]),
  );
  if (changed.size === 0) return;
  await tx.delete(menuCategoryTranslation).where(inArray(menuCategoryTranslation.categoryId, [...changed]));
  await tx.insert(menuCategoryTranslation).values(rows.filter((row) => changed.has(row.categoryId)));
}

async function replaceItemDetails(tx: Db, menu: MenuFile, itemIds: Map<string, UpsertedRow>): Promise<void> {
  const ids = [...itemIds.values()].map((row) => row.id);
  if (ids.length === 0) return;
  const items = menu.categories.flatMap((category) => category.items);
  const idOf = (ref: string) => required(itemIds.get(ref), `item ${ref}`).id;
  const translations = items.flatMap((item) =>
    item.translations.map((t) => ({ itemId: idOf(item.ref), ...t })),
  );
  const changedTexts = await changedTranslationOwners(
    tx,
    sql`menu_item_translation`,
    sql`item_id`,
    ids,
    translations.map((row) => [row.itemId, row.isoCode, row.title, row.description]),
  );
  if (changedTexts.size > 0) {
    await tx.delete(menuItemTranslation).where(inArray(menuItemTranslation.itemId, [...changedTexts]));
    await tx.insert(menuItemTranslation).values(translations.filter((row) => changedTexts.has(row.itemId)));
  }
  const allergens = items.flatMap((item) =>
    [...new Set(item.allergens)].map((type) => ({ itemId: idOf(item.ref), type })),
  );
  const changedAllergens = await changedAllergenOwners(
    tx,
    sql`menu_item_allergen`,
    sql`item_id`,
    ids,
    allergens.map((row) => [row.itemId, row.type]),
  );
  if (changedAllergens.size > 0) {
    await tx.delete(menuItemAllergen).where(inArray(menuItemAllergen.itemId, [...changedAllergens]));
    const rows = allergens.filter((row) => changedAllergens.has(row.itemId));
    if (rows.length > 0) await tx.insert(menuItemAllergen).values(rows);
  }
}

async function deactivateMissing(
  tx: Db,
  table: typeof menuCategory | typeof menuItem,
  restaurantId: number,
  keptRefs: string[],
): Promise<number> {
  const conditions = [eq(table.restaurantId, restaurantId), eq(table.isActive, true)];
  if (keptRefs.length > 0) conditions.push(notInArray(table.ref, keptRefs));
  const rows = await tx
    .update(table)
    .set({ isActive: false })
    .where(and(...conditions))
    .returning({ id: table.id });
  return rows.length;
}

function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`Menu import lost track of ${what}`);
  return value;
}

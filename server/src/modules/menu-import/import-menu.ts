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
  const rows = await tx
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
    })
    .returning({ id: menuItem.id, ref: menuItem.ref, created: wasInserted });
  return new Map(rows.map((row) => [row.ref, { id: row.id, created: row.created }]));
}

async function replaceCategoryTranslations(
  tx: Db,
  menu: MenuFile,
  categoryIds: Map<string, UpsertedRow>,
): Promise<void> {
  const ids = [...categoryIds.values()].map((row) => row.id);
  if (ids.length === 0) return;
  await tx.delete(menuCategoryTranslation).where(inArray(menuCategoryTranslation.categoryId, ids));
  const translations = menu.categories.flatMap((category) => {
    const categoryId = required(categoryIds.get(category.ref), `category ${category.ref}`).id;
    return category.translations.map((t) => ({ categoryId, ...t }));
  });
  await tx.insert(menuCategoryTranslation).values(translations);
}

async function replaceItemDetails(tx: Db, menu: MenuFile, itemIds: Map<string, UpsertedRow>): Promise<void> {
  const ids = [...itemIds.values()].map((row) => row.id);
  if (ids.length === 0) return;
  await tx.delete(menuItemTranslation).where(inArray(menuItemTranslation.itemId, ids));
  await tx.delete(menuItemAllergen).where(inArray(menuItemAllergen.itemId, ids));
  const items = menu.categories.flatMap((category) => category.items);
  const idOf = (ref: string) => required(itemIds.get(ref), `item ${ref}`).id;
  await tx
    .insert(menuItemTranslation)
    .values(items.flatMap((item) => item.translations.map((t) => ({ itemId: idOf(item.ref), ...t }))));
  const allergens = items.flatMap((item) =>
    [...new Set(item.allergens)].map((type) => ({ itemId: idOf(item.ref), type })),
  );
  if (allergens.length > 0) await tx.insert(menuItemAllergen).values(allergens);
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

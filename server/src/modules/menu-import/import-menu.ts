import type { MenuFile } from '@tablo/contract/menu-import';
import { and, eq, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import { notifyMenuChanged } from '../../db/channels.ts';
import type { Database, Db } from '../../db/database.ts';
import { rowsOf } from '../../db/rows.ts';
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
  const changedAllergens = await changedAllergenOwners(tx, ids, allergens);
  if (changedAllergens.size > 0) {
    await tx.delete(menuItemAllergen).where(inArray(menuItemAllergen.itemId, [...changedAllergens]));
    const rows = allergens.filter((row) => changedAllergens.has(row.itemId));
    if (rows.length > 0) await tx.insert(menuItemAllergen).values(rows);
  }
}

/**
 * The owners (categories or items) among `ownerIds` whose stored texts differ from `wanted` (rows of
 * [owner id, language, title, description], in the file's order), compared in one statement. Only those
 * owners' rows are replaced: they are deleted and inserted again in the file's order, so an owner's texts
 * keep the file's order (the menu answer lists them by row id) exactly as a full replacement would.
 */
async function changedTranslationOwners(
  tx: Db,
  table: SQL,
  ownerColumn: SQL,
  ownerIds: readonly number[],
  wanted: readonly (readonly [number, string, string, string])[],
): Promise<Set<number>> {
  if (ownerIds.length === 0) return new Set();
  const result = await tx.execute(sql`
    with owners as (
      select value::int as owner_id from jsonb_array_elements_text(${JSON.stringify(ownerIds)}::jsonb)
    ),
    incoming as (
      select (e.value->>0)::int as owner_id, e.ordinality as ord,
             jsonb_build_array(e.value->1, e.value->2, e.value->3) as text
      from jsonb_array_elements(${JSON.stringify(wanted)}::jsonb) with ordinality as e
    ),
    wanted as (select owner_id, jsonb_agg(text order by ord) as texts from incoming group by owner_id),
    stored as (
      select ${ownerColumn} as owner_id,
             jsonb_agg(jsonb_build_array(iso_code, title, description) order by id) as texts
      from ${table} where ${ownerColumn} in (select owner_id from owners) group by 1
    )
    select o.owner_id from owners o
      left join wanted w on w.owner_id = o.owner_id
      left join stored s on s.owner_id = o.owner_id
    where w.texts is distinct from s.texts`);
  return new Set(rowsOf<{ owner_id: number | string }>(result).map((row) => Number(row.owner_id)));
}

/** The items among `itemIds` whose stored allergens are not the set `wanted` names. */
async function changedAllergenOwners(
  tx: Db,
  itemIds: readonly number[],
  wanted: readonly { itemId: number; type: string }[],
): Promise<Set<number>> {
  const result = await tx.execute(sql`
    with owners as (
      select value::int as item_id from jsonb_array_elements_text(${JSON.stringify(itemIds)}::jsonb)
    ),
    incoming as (
      select (e->>0)::int as item_id, e->>1 as type
      from jsonb_array_elements(${JSON.stringify(wanted.map((row) => [row.itemId, row.type]))}::jsonb) as e
    ),
    wanted as (select item_id, jsonb_agg(type order by type) as types from incoming group by item_id),
    stored as (
      select item_id, jsonb_agg(type::text order by type::text) as types
      from menu_item_allergen where item_id in (select item_id from owners) group by item_id
    )
    select o.item_id from owners o
      left join wanted w on w.item_id = o.item_id
      left join stored s on s.item_id = o.item_id
    where w.types is distinct from s.types`);
  return new Set(rowsOf<{ item_id: number | string }>(result).map((row) => Number(row.item_id)));
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

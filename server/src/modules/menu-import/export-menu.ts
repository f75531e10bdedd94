import { sortAllergens } from '@tablo/contract/allergens';
import type { LanguageCode } from '@tablo/contract/languages';
import type { MenuFile } from '@tablo/contract/menu-import';
import { asc, eq } from 'drizzle-orm';
import type { Database, Db } from '../../db/database.ts';
import {
  menuCategory,
  menuCategoryTranslation,
  menuItem,
  menuItemAllergen,
  menuItemTranslation,
  vatKey,
} from '../../db/schema.ts';
import { findRestaurantId } from '../restaurants/find-restaurant.ts';
import { exportOptionGroupsOf } from './export-option-groups.ts';

type FileTranslation = MenuFile['categories'][number]['translations'][number];

function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

/**
 * Drizzle's queries run when awaited: one after the other here, since a transaction's single connection
 * takes one query at a time (pg warns of, and will refuse, queries sent while one is running).
 */
async function inTurn<const T extends readonly PromiseLike<unknown>[]>(
  queries: T,
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const results: unknown[] = [];
  for (const query of queries) results.push(await query);
  return results as { -readonly [K in keyof T]: Awaited<T[K]> };
}

function toFileTranslation(row: { isoCode: string; title: string; description: string }): FileTranslation {
  return { isoCode: row.isoCode as LanguageCode, title: row.title, description: row.description };
}

/**
 * The restaurant's whole menu as a menu file, inactive entries included (with `isActive: false`), so the
 * file is a complete backup and export → import → export gives the same file.
 */
export async function exportMenu(database: Database, shortName: string): Promise<MenuFile> {
  return exportMenuOf(database.db, await findRestaurantId(database.db, shortName));
}

/** The same, read through `db` (a transaction the caller holds: the menu editor reads the live menu in one). */
export async function exportMenuOf(db: Db, restaurantId: number): Promise<MenuFile> {
  const [vatRows, categoryRows, categoryTranslations, itemRows, itemTranslations, allergenRows] =
    await inTurn([
      db
        .select({ id: vatKey.id, code: vatKey.code, valuePercent: vatKey.valuePercent })
        .from(vatKey)
        .where(eq(vatKey.restaurantId, restaurantId))
        .orderBy(asc(vatKey.id)),
      db
        .select()
        .from(menuCategory)
        .where(eq(menuCategory.restaurantId, restaurantId))
        .orderBy(asc(menuCategory.sortOrder), asc(menuCategory.id)),
      db
        .select({ translation: menuCategoryTranslation })
        .from(menuCategoryTranslation)
        .innerJoin(menuCategory, eq(menuCategory.id, menuCategoryTranslation.categoryId))
        .where(eq(menuCategory.restaurantId, restaurantId))
        .orderBy(asc(menuCategoryTranslation.id)),
      db
        .select()
        .from(menuItem)
        .where(eq(menuItem.restaurantId, restaurantId))
        .orderBy(asc(menuItem.sortOrder), asc(menuItem.id)),
      db
        .select({ translation: menuItemTranslation })
        .from(menuItemTranslation)
        .innerJoin(menuItem, eq(menuItem.id, menuItemTranslation.itemId))
        .where(eq(menuItem.restaurantId, restaurantId))
        .orderBy(asc(menuItemTranslation.id)),
      db
        .select({ itemId: menuItemAllergen.itemId, type: menuItemAllergen.type })
        .from(menuItemAllergen)
        .innerJoin(menuItem, eq(menuItem.id, menuItemAllergen.itemId))
        .where(eq(menuItem.restaurantId, restaurantId)),
    ]);
  const { optionGroups, groupRefsByItem } = await exportOptionGroupsOf(db, restaurantId);
  const vatCodeById = new Map(vatRows.map((row) => [row.id, row.code]));
  const categoryTitles = groupBy(
    categoryTranslations.map((row) => row.translation),
    (row) => row.categoryId,
  );
  const itemTitles = groupBy(
    itemTranslations.map((row) => row.translation),
    (row) => row.itemId,
  );
  const allergensByItem = groupBy(allergenRows, (row) => row.itemId);
  const itemsByCategory = groupBy(itemRows, (row) => row.categoryId);
  return {
    vatKeys: vatRows.map((row) => ({ code: row.code, valuePercent: row.valuePercent })),
    categories: categoryRows.map((category) => ({
      ref: category.ref,
      isActive: category.isActive,
      translations: (categoryTitles.get(category.id) ?? []).map(toFileTranslation),
      items: (itemsByCategory.get(category.id) ?? []).map((item) => ({
        ref: item.ref,
        priceGross: item.priceGross,
        isActive: item.isActive,
        imageUrl: item.imageUrl,
        availabilityType: item.availabilityType,
        vatKey: vatCodeById.get(item.vatKeyId) ?? '',
        allergens: sortAllergens(allergensByItem.get(item.id) ?? []).map((row) => row.type),
        translations: (itemTitles.get(item.id) ?? []).map(toFileTranslation),
        likeCount: item.baseLikeCount,
        dislikeCount: item.baseDislikeCount,
        optionGroups: groupRefsByItem.get(item.id) ?? [],
      })),
    })),
    optionGroups,
  };
}

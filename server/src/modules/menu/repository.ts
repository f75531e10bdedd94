import { type AllergenType, sortAllergens } from '@tablo/contract/allergens';
import { defaultChoicesPrice } from '@tablo/contract/choices';
import { LANGUAGE_CODES, type LanguageCode } from '@tablo/contract/languages';
import type { Menu, MenuItem } from '@tablo/contract/menu';
import type { MenuOptionGroup } from '@tablo/contract/menu-options';
import type { Translation } from '@tablo/contract/translation';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import {
  menuCategory,
  menuCategoryTranslation,
  menuItem,
  menuItemAllergen,
  menuItemRating,
  menuItemTranslation,
  vatKey,
} from '../../db/schema.ts';
import { loadMenuOptionGroups } from './option-groups-repository.ts';

const KNOWN_LANGUAGES = new Set<string>(LANGUAGE_CODES);

interface TranslationRow {
  ownerId: number;
  id: number;
  title: string;
  description: string;
  isoCode: string;
}

/** Translations by owner id, keeping only the supported languages (the contract's enum). */
function groupTranslations(rows: TranslationRow[]): Map<number, Translation[]> {
  const byOwner = new Map<number, Translation[]>();
  for (const { ownerId, isoCode, ...rest } of rows) {
    if (!KNOWN_LANGUAGES.has(isoCode)) continue;
    const list = byOwner.get(ownerId) ?? [];
    list.push({ ...rest, isoCode: isoCode as LanguageCode });
    byOwner.set(ownerId, list);
  }
  return byOwner;
}

/** Live LIKE/DISLIKE counts of one restaurant's items, as a subquery to join. */
function liveCounts(db: Db, restaurantId: number) {
  return db
    .select({
      itemId: menuItemRating.itemId,
      likes: sql<number>`count(*) filter (where ${menuItemRating.value} = 'LIKE')::int`.as('likes'),
      dislikes: sql<number>`count(*) filter (where ${menuItemRating.value} = 'DISLIKE')::int`.as('dislikes'),
    })
    .from(menuItemRating)
    .innerJoin(menuItem, eq(menuItem.id, menuItemRating.itemId))
    .where(eq(menuItem.restaurantId, restaurantId))
    .groupBy(menuItemRating.itemId)
    .as('live_counts');
}

function itemChoices(
  groupIds: readonly number[],
  groupsById: ReadonlyMap<number, MenuOptionGroup>,
): Pick<MenuItem, 'optionGroupIds' | 'defaultChoicesPrice'> {
  const groups = groupIds.flatMap((id) => groupsById.get(id) ?? []);
  return {
    optionGroupIds: groups.map((group) => group.id),
    defaultChoicesPrice: defaultChoicesPrice(groups),
  };
}

/**
 * spec §7 call 2: active categories by order, each with its active items by order (and their option groups). A fixed number of queries for the
 * whole menu, whatever its size (no query per category or item).
 */
export async function loadMenu(db: Db, restaurantId: number, restaurantShortName: string): Promise<Menu> {
  const activeCategory = and(eq(menuCategory.restaurantId, restaurantId), eq(menuCategory.isActive, true));
  const activeItem = and(eq(menuItem.restaurantId, restaurantId), eq(menuItem.isActive, true));
  const counts = liveCounts(db, restaurantId);

  const [categories, categoryTranslations, items, itemTranslations, allergens, choices] = await Promise.all([
    db
      .select({ id: menuCategory.id, order: menuCategory.sortOrder })
      .from(menuCategory)
      .where(activeCategory)
      .orderBy(asc(menuCategory.sortOrder), asc(menuCategory.id)),
    db
      .select({
        ownerId: menuCategoryTranslation.categoryId,
        id: menuCategoryTranslation.id,
        title: menuCategoryTranslation.title,
        description: menuCategoryTranslation.description,
        isoCode: menuCategoryTranslation.isoCode,
      })
      .from(menuCategoryTranslation)
      .innerJoin(menuCategory, eq(menuCategory.id, menuCategoryTranslation.categoryId))
      .where(activeCategory)
      .orderBy(asc(menuCategoryTranslation.id)),
    db
      .select({
        id: menuItem.id,
        categoryId: menuItem.categoryId,
        priceGross: menuItem.priceGross,
        imageUrl: menuItem.imageUrl,
        availabilityType: menuItem.availabilityType,
        order: menuItem.sortOrder,
        vatCode: vatKey.code,
        vatPercent: vatKey.valuePercent,
        likeCount: sql<number>`(${menuItem.baseLikeCount} + coalesce(${counts.likes}, 0))::int`,
        dislikeCount: sql<number>`(${menuItem.baseDislikeCount} + coalesce(${counts.dislikes}, 0))::int`,
      })
      .from(menuItem)
      .innerJoin(vatKey, eq(vatKey.id, menuItem.vatKeyId))
      .leftJoin(counts, eq(counts.itemId, menuItem.id))
      .where(activeItem)
      .orderBy(asc(menuItem.sortOrder), asc(menuItem.id)),
    db
      .select({
        ownerId: menuItemTranslation.itemId,
        id: menuItemTranslation.id,
        title: menuItemTranslation.title,
        description: menuItemTranslation.description,
        isoCode: menuItemTranslation.isoCode,
      })
      .from(menuItemTranslation)
      .innerJoin(menuItem, eq(menuItem.id, menuItemTranslation.itemId))
      .where(activeItem)
      .orderBy(asc(menuItemTranslation.id)),
    db
      .select({ itemId: menuItemAllergen.itemId, type: menuItemAllergen.type })
      .from(menuItemAllergen)
      .innerJoin(menuItem, eq(menuItem.id, menuItemAllergen.itemId))
      .where(activeItem),
    loadMenuOptionGroups(db, restaurantId),
  ]);
  // Issue 27: each item names its groups and what their defaults add (computed here, once per build).
  const groupsById = new Map(choices.groups.map((group) => [group.id, group]));

  const categoryTexts = groupTranslations(categoryTranslations);
  const itemTexts = groupTranslations(itemTranslations);
  const allergensByItem = new Map<number, { type: AllergenType }[]>();
  for (const { itemId, type } of allergens) {
    const list = allergensByItem.get(itemId) ?? [];
    list.push({ type });
    allergensByItem.set(itemId, list);
  }
  const itemsByCategory = new Map<number, MenuItem[]>();
  for (const { categoryId, vatCode, vatPercent, likeCount, dislikeCount, ...item } of items) {
    const list = itemsByCategory.get(categoryId) ?? [];
    list.push({
      ...item,
      isActive: true,
      translations: itemTexts.get(item.id) ?? [],
      vatKey: { code: vatCode, valuePercent: Number(vatPercent) },
      allergens: sortAllergens(allergensByItem.get(item.id) ?? []),
      likeCount: Number(likeCount),
      dislikeCount: Number(dislikeCount),
      ...itemChoices(choices.groupIdsByItem.get(item.id) ?? [], groupsById),
    });
    itemsByCategory.set(categoryId, list);
  }
  return categories.map((category) => ({
    id: category.id,
    restaurantShortName,
    isActive: true,
    translations: categoryTexts.get(category.id) ?? [],
    menuItems: itemsByCategory.get(category.id) ?? [],
    order: category.order,
  }));
}

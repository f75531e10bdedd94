import { type AllergenType, sortAllergens } from '@tablo/contract/allergens';
import { LANGUAGE_CODES, type LanguageCode } from '@tablo/contract/languages';
import type { MenuOptionGroup } from '@tablo/contract/menu-options';
import type { Translation } from '@tablo/contract/translation';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import {
  menuItem,
  menuItemOptionGroup,
  menuOption,
  menuOptionAllergen,
  menuOptionGroup,
  menuOptionGroupTranslation,
  menuOptionTranslation,
} from '../../db/schema.ts';

const KNOWN_LANGUAGES = new Set<string>(LANGUAGE_CODES);

/** The choices of one restaurant's menu (issue 27): what the menu and the options answers are built from. */
export interface MenuOptionGroups {
  /** Every active group that an active item lists, by order. */
  groups: MenuOptionGroup[];
  /** Per active item, the ids of its active groups in the item's order. */
  groupIdsByItem: Map<number, number[]>;
}

function byOwner<T extends { ownerId: number }>(rows: readonly T[]): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const row of rows) {
    const list = map.get(row.ownerId) ?? [];
    list.push(row);
    map.set(row.ownerId, list);
  }
  return map;
}

function translations(
  rows: readonly { id: number; title: string; description: string; isoCode: string }[] | undefined,
): Translation[] {
  return (rows ?? [])
    .filter((row) => KNOWN_LANGUAGES.has(row.isoCode))
    .map(({ id, title, description, isoCode }) => ({
      id,
      title,
      description,
      isoCode: isoCode as LanguageCode,
    }));
}

/**
 * Reads the option groups that the restaurant's active items list: five queries whatever the menu's size.
 * `restaurantId` scopes every read, so an item can never reach another restaurant's group.
 */
export async function loadMenuOptionGroups(db: Db, restaurantId: number): Promise<MenuOptionGroups> {
  const activeGroup = and(eq(menuOptionGroup.restaurantId, restaurantId), eq(menuOptionGroup.isActive, true));
  const links = await db
    .select({ itemId: menuItemOptionGroup.itemId, groupId: menuItemOptionGroup.groupId })
    .from(menuItemOptionGroup)
    .innerJoin(menuItem, eq(menuItem.id, menuItemOptionGroup.itemId))
    .innerJoin(menuOptionGroup, eq(menuOptionGroup.id, menuItemOptionGroup.groupId))
    .where(and(eq(menuItem.restaurantId, restaurantId), eq(menuItem.isActive, true), activeGroup))
    .orderBy(
      asc(menuItemOptionGroup.itemId),
      asc(menuItemOptionGroup.sortOrder),
      asc(menuItemOptionGroup.groupId),
    );
  const groupIdsByItem = new Map<number, number[]>();
  for (const { itemId, groupId } of links) {
    const list = groupIdsByItem.get(itemId) ?? [];
    list.push(groupId);
    groupIdsByItem.set(itemId, list);
  }
  const listed = [...new Set(links.map((link) => link.groupId))];
  if (listed.length === 0) return { groups: [], groupIdsByItem };
  return { groups: await loadGroups(db, restaurantId, listed), groupIdsByItem };
}

/** The groups with these ids (of this restaurant, active), each with its options by order. */
export async function loadGroups(
  db: Db,
  restaurantId: number,
  groupIds: readonly number[],
): Promise<MenuOptionGroup[]> {
  if (groupIds.length === 0) return [];
  const ids = [...groupIds];
  const scope = and(
    eq(menuOptionGroup.restaurantId, restaurantId),
    eq(menuOptionGroup.isActive, true),
    inArray(menuOptionGroup.id, ids),
  );
  const [groups, groupTexts, options, optionTexts, allergens] = await Promise.all([
    db
      .select({
        id: menuOptionGroup.id,
        kind: menuOptionGroup.kind,
        minChoices: menuOptionGroup.minChoices,
        maxChoices: menuOptionGroup.maxChoices,
        freeChoices: menuOptionGroup.freeChoices,
        order: menuOptionGroup.sortOrder,
      })
      .from(menuOptionGroup)
      .where(scope)
      .orderBy(asc(menuOptionGroup.sortOrder), asc(menuOptionGroup.id)),
    db
      .select({
        ownerId: menuOptionGroupTranslation.groupId,
        id: menuOptionGroupTranslation.id,
        title: menuOptionGroupTranslation.title,
        description: menuOptionGroupTranslation.description,
        isoCode: menuOptionGroupTranslation.isoCode,
      })
      .from(menuOptionGroupTranslation)
      .innerJoin(menuOptionGroup, eq(menuOptionGroup.id, menuOptionGroupTranslation.groupId))
      .where(scope)
      .orderBy(asc(menuOptionGroupTranslation.id)),
    db
      .select({
        ownerId: menuOption.groupId,
        id: menuOption.id,
        priceDelta: menuOption.priceDelta,
        availabilityType: menuOption.availabilityType,
        isDefault: menuOption.isDefault,
        order: menuOption.sortOrder,
      })
      .from(menuOption)
      .innerJoin(menuOptionGroup, eq(menuOptionGroup.id, menuOption.groupId))
      .where(scope)
      .orderBy(asc(menuOption.sortOrder), asc(menuOption.id)),
    db
      .select({
        ownerId: menuOptionTranslation.optionId,
        id: menuOptionTranslation.id,
        title: menuOptionTranslation.title,
        description: menuOptionTranslation.description,
        isoCode: menuOptionTranslation.isoCode,
      })
      .from(menuOptionTranslation)
      .innerJoin(menuOption, eq(menuOption.id, menuOptionTranslation.optionId))
      .innerJoin(menuOptionGroup, eq(menuOptionGroup.id, menuOption.groupId))
      .where(scope)
      .orderBy(asc(menuOptionTranslation.id)),
    db
      .select({ ownerId: menuOptionAllergen.optionId, type: menuOptionAllergen.type })
      .from(menuOptionAllergen)
      .innerJoin(menuOption, eq(menuOption.id, menuOptionAllergen.optionId))
      .innerJoin(menuOptionGroup, eq(menuOptionGroup.id, menuOption.groupId))
      .where(scope),
  ]);
  const groupTextsBy = byOwner(groupTexts);
  const optionsBy = byOwner(options);
  const optionTextsBy = byOwner(optionTexts);
  const allergensBy = byOwner(allergens);
  return groups.map((group) => ({
    ...group,
    translations: translations(groupTextsBy.get(group.id)),
    options: (optionsBy.get(group.id) ?? []).map(({ ownerId: _group, ...option }) => ({
      ...option,
      translations: translations(optionTextsBy.get(option.id)),
      allergens: sortAllergens(
        (allergensBy.get(option.id) ?? []).map(({ type }) => ({ type: type as AllergenType })),
      ),
    })),
  }));
}

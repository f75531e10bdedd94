import { sortAllergens } from '@tablo/contract/allergens';
import type { LanguageCode } from '@tablo/contract/languages';
import type { MenuFile } from '@tablo/contract/menu-import';
import { asc, eq } from 'drizzle-orm';
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

/**
 * Issue 27: the restaurant's option groups as the menu file holds them (inactive ones included), and per
 * item id the refs of its groups in order. Read one query after another (a transaction's one connection).
 */
export async function exportOptionGroupsOf(
  db: Db,
  restaurantId: number,
): Promise<{ optionGroups: MenuFile['optionGroups']; groupRefsByItem: Map<number, string[]> }> {
  const ofRestaurant = eq(menuOptionGroup.restaurantId, restaurantId);
  const groups = await db
    .select()
    .from(menuOptionGroup)
    .where(ofRestaurant)
    .orderBy(asc(menuOptionGroup.sortOrder), asc(menuOptionGroup.id));
  const groupTexts = await db
    .select({ translation: menuOptionGroupTranslation })
    .from(menuOptionGroupTranslation)
    .innerJoin(menuOptionGroup, eq(menuOptionGroup.id, menuOptionGroupTranslation.groupId))
    .where(ofRestaurant)
    .orderBy(asc(menuOptionGroupTranslation.id));
  const options = await db
    .select({ option: menuOption })
    .from(menuOption)
    .innerJoin(menuOptionGroup, eq(menuOptionGroup.id, menuOption.groupId))
    .where(ofRestaurant)
    .orderBy(asc(menuOption.sortOrder), asc(menuOption.id));
  const optionTexts = await db
    .select({ translation: menuOptionTranslation })
    .from(menuOptionTranslation)
    .innerJoin(menuOption, eq(menuOption.id, menuOptionTranslation.optionId))
    .innerJoin(menuOptionGroup, eq(menuOptionGroup.id, menuOption.groupId))
    .where(ofRestaurant)
    .orderBy(asc(menuOptionTranslation.id));
  const allergens = await db
    .select({ optionId: menuOptionAllergen.optionId, type: menuOptionAllergen.type })
    .from(menuOptionAllergen)
    .innerJoin(menuOption, eq(menuOption.id, menuOptionAllergen.optionId))
    .innerJoin(menuOptionGroup, eq(menuOptionGroup.id, menuOption.groupId))
    .where(ofRestaurant);
  const links = await db
    .select({ itemId: menuItemOptionGroup.itemId, ref: menuOptionGroup.ref })
    .from(menuItemOptionGroup)
    .innerJoin(menuItem, eq(menuItem.id, menuItemOptionGroup.itemId))
    .innerJoin(menuOptionGroup, eq(menuOptionGroup.id, menuItemOptionGroup.groupId))
    .where(eq(menuItem.restaurantId, restaurantId))
    .orderBy(asc(menuItemOptionGroup.itemId), asc(menuItemOptionGroup.sortOrder), asc(menuOptionGroup.id));
  const textsOf = <T extends { isoCode: string; title: string; description: string }>(
    rows: T[] | undefined,
  ) =>
    (rows ?? []).map((row) => ({
      isoCode: row.isoCode as LanguageCode,
      title: row.title,
      description: row.description,
    }));
  const groupTextsBy = groupBy(
    groupTexts.map((row) => row.translation),
    (row) => row.groupId,
  );
  const optionsBy = groupBy(
    options.map((row) => row.option),
    (row) => row.groupId,
  );
  const optionTextsBy = groupBy(
    optionTexts.map((row) => row.translation),
    (row) => row.optionId,
  );
  const allergensBy = groupBy(allergens, (row) => row.optionId);
  const groupRefsByItem = new Map<number, string[]>();
  for (const link of links)
    groupRefsByItem.set(link.itemId, [...(groupRefsByItem.get(link.itemId) ?? []), link.ref]);
  return {
    groupRefsByItem,
    optionGroups: groups.map((group) => ({
      ref: group.ref,
      kind: group.kind,
      minChoices: group.minChoices,
      maxChoices: group.maxChoices,
      freeChoices: group.freeChoices,
      isActive: group.isActive,
      translations: textsOf(groupTextsBy.get(group.id)),
      options: (optionsBy.get(group.id) ?? []).map((option) => ({
        ref: option.ref,
        priceDelta: option.priceDelta,
        allergens: sortAllergens(allergensBy.get(option.id) ?? []).map((row) => row.type),
        availabilityType: option.availabilityType,
        isDefault: option.isDefault,
        translations: textsOf(optionTextsBy.get(option.id)),
      })),
    })),
  };
}

function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

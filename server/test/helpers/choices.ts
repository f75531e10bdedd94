import type { AllergenType } from '@tablo/contract/allergens';
import type { OptionGroupKind } from '@tablo/contract/choices';
import type { Db } from '../../src/db/database.ts';
import {
  menuItemOptionGroup,
  menuOption,
  menuOptionAllergen,
  menuOptionGroup,
  menuOptionGroupTranslation,
  menuOptionTranslation,
} from '../../src/db/schema.ts';

/** An option group for tests (issue 27), written straight into the tables, listed by the given items. */
export interface FixtureGroup {
  ref: string;
  kind: OptionGroupKind;
  minChoices?: number;
  maxChoices: number;
  freeChoices?: number;
  isActive?: boolean;
  titles: Record<string, string>;
  options: {
    ref: string;
    priceDelta?: number;
    allergens?: AllergenType[];
    isDefault?: boolean;
    availabilityType?: 'AVAILABLE' | 'SOLD_OUT';
    titles: Record<string, string>;
  }[];
}

export interface InsertedGroup {
  id: number;
  options: Record<string, number>;
}

export async function insertOptionGroup(
  db: Db,
  restaurantId: number,
  spec: FixtureGroup,
  itemIds: readonly number[],
  sortOrder = 0,
): Promise<InsertedGroup> {
  const [group] = await db
    .insert(menuOptionGroup)
    .values({
      restaurantId,
      ref: spec.ref,
      kind: spec.kind,
      minChoices: spec.minChoices ?? 0,
      maxChoices: spec.maxChoices,
      freeChoices: spec.freeChoices ?? 0,
      isActive: spec.isActive ?? true,
      sortOrder,
    })
    .returning({ id: menuOptionGroup.id });
  if (!group) throw new Error('no group');
  await db
    .insert(menuOptionGroupTranslation)
    .values(Object.entries(spec.titles).map(([isoCode, title]) => ({ groupId: group.id, isoCode, title })));
  const options: Record<string, number> = {};
  for (const [index, option] of spec.options.entries()) {
    const [row] = await db
      .insert(menuOption)
      .values({
        groupId: group.id,
        ref: option.ref,
        priceDelta: option.priceDelta ?? 0,
        isDefault: option.isDefault ?? false,
        availabilityType: option.availabilityType ?? 'AVAILABLE',
        sortOrder: index,
      })
      .returning({ id: menuOption.id });
    if (!row) throw new Error('no option');
    options[option.ref] = row.id;
    await db
      .insert(menuOptionTranslation)
      .values(
        Object.entries(option.titles).map(([isoCode, title]) => ({ optionId: row.id, isoCode, title })),
      );
    if (option.allergens?.length) {
      await db
        .insert(menuOptionAllergen)
        .values(option.allergens.map((type) => ({ optionId: row.id, type })));
    }
  }
  for (const itemId of itemIds) {
    const existing = await db.$count(menuItemOptionGroup, undefined);
    await db.insert(menuItemOptionGroup).values({ itemId, groupId: group.id, sortOrder: existing });
  }
  return { id: group.id, options };
}

/** The groups the choices tests use (a steak, a coffee, a burger's extras). */
export const DONENESS: FixtureGroup = {
  ref: 'doneness',
  kind: 'SINGLE',
  minChoices: 1,
  maxChoices: 1,
  titles: { hu: 'Sütési fok', en: 'Doneness', de: 'Garstufe' },
  options: [
    { ref: 'medium-rare', titles: { hu: 'Angolosan', en: 'Medium rare', de: 'Medium rare' } },
    { ref: 'medium', isDefault: true, titles: { hu: 'Közepesen', en: 'Medium', de: 'Medium' } },
    { ref: 'well-done', titles: { hu: 'Jól átsütve', en: 'Well done', de: 'Durchgebraten' } },
  ],
};

export const SAUCES: FixtureGroup = {
  ref: 'sauces',
  kind: 'MULTIPLE',
  maxChoices: 2,
  titles: { hu: 'Szószok', en: 'Sauces', de: 'Soßen' },
  options: [
    {
      ref: 'pepper',
      priceDelta: 600,
      allergens: ['MILK'],
      titles: { en: 'Pepper sauce', de: 'Pfeffersoße' },
    },
    { ref: 'mushroom', priceDelta: 500, titles: { en: 'Mushroom sauce' } },
    { ref: 'garlic', priceDelta: 400, allergens: ['MILK', 'EGGS'], titles: { en: 'Garlic sauce' } },
  ],
};

export const MILK: FixtureGroup = {
  ref: 'milk',
  kind: 'SINGLE',
  maxChoices: 1,
  titles: { en: 'Milk', de: 'Milch' },
  options: [
    { ref: 'regular', allergens: ['MILK'], isDefault: true, titles: { en: 'Milk' } },
    { ref: 'oat', priceDelta: 200, allergens: ['GLUTEN'], titles: { en: 'Oat milk', de: 'Hafermilch' } },
    { ref: 'none', titles: { en: 'No milk' } },
  ],
};

export const EXTRAS: FixtureGroup = {
  ref: 'extras',
  kind: 'QUANTITY',
  maxChoices: 5,
  freeChoices: 1,
  titles: { en: 'Extras' },
  options: [
    { ref: 'cheese', priceDelta: 300, allergens: ['MILK'], titles: { en: 'Cheese' } },
    { ref: 'bacon', priceDelta: 400, titles: { en: 'Bacon' } },
  ],
};

export const DIPS: FixtureGroup = {
  ref: 'dips',
  kind: 'MULTIPLE',
  minChoices: 2,
  maxChoices: 3,
  titles: { en: 'Dips' },
  options: [
    { ref: 'salsa', priceDelta: 100, isDefault: true, titles: { en: 'Salsa' } },
    { ref: 'aioli', priceDelta: 150, isDefault: true, allergens: ['EGGS'], titles: { en: 'Aioli' } },
    { ref: 'ketchup', titles: { en: 'Ketchup' } },
  ],
};

/** A grill with dishes that have choices, in the ordering kit's database: ids of items and options by ref. */
export async function insertGrill(db: Db, insertRestaurant: typeof import('./fixtures.ts').insertRestaurant) {
  const grill = await insertRestaurant(db, {
    shortName: 'grill',
    tables: [1, 2],
    categories: [
      {
        ref: 'mains',
        titles: { en: 'Mains' },
        items: [
          {
            ref: 'steak',
            priceGross: 5900,
            titles: { hu: 'Bélszín', en: 'Rib-eye steak', de: 'Rinderfilet' },
          },
          { ref: 'coffee', priceGross: 800, vat: 'alcohol', titles: { en: 'Latte' } },
          { ref: 'burger', priceGross: 3500, titles: { en: 'Burger' } },
          { ref: 'nachos', priceGross: 2000, titles: { en: 'Nachos' } },
          { ref: 'plain', priceGross: 1000, titles: { en: 'Bread' } },
        ],
      },
    ],
  });
  const item = (ref: string) => grill.items[ref] as number;
  const doneness = await insertOptionGroup(db, grill.id, DONENESS, [item('steak')], 0);
  const sauces = await insertOptionGroup(db, grill.id, SAUCES, [item('steak')], 1);
  const milk = await insertOptionGroup(db, grill.id, MILK, [item('coffee')], 2);
  const extras = await insertOptionGroup(db, grill.id, EXTRAS, [item('burger')], 3);
  const dips = await insertOptionGroup(db, grill.id, DIPS, [item('nachos')], 4);
  return { grill, item, groups: { doneness, sauces, milk, extras, dips } };
}

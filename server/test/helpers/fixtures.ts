import { randomBytes } from 'node:crypto';
import type { AllergenType } from '@tablo/contract/allergens';
import type { Db } from '../../src/db/database.ts';
import {
  diningTable,
  menuCategory,
  menuCategoryTranslation,
  menuItem,
  menuItemAllergen,
  menuItemTranslation,
  restaurant,
  vatKey,
} from '../../src/db/schema.ts';

/** Small test-data builders, written straight through Drizzle (no dependence on the demo seed). */

export interface FixtureItem {
  ref: string;
  priceGross: number;
  vat?: 'food' | 'alcohol';
  isActive?: boolean;
  availabilityType?: 'AVAILABLE' | 'SOLD_OUT';
  imageUrl?: string | null;
  allergens?: AllergenType[];
  titles?: Partial<Record<string, string>>;
  baseLikeCount?: number;
  baseDislikeCount?: number;
}

export interface FixtureCategory {
  ref: string;
  isActive?: boolean;
  titles?: Partial<Record<string, string>>;
  items: FixtureItem[];
}

export interface FixtureRestaurant {
  shortName: string;
  name?: string;
  isEnabled?: boolean;
  isOrderingEnabled?: boolean;
  /** The header's picture (default /images/restaurant.webp). */
  imageUrl?: string;
  /** Table numbers; a negative number makes a disabled table with that number's absolute value. */
  tables?: number[];
  categories?: FixtureCategory[];
}

export interface InsertedRestaurant {
  id: number;
  shortName: string;
  /** Item ids by ref. */
  items: Record<string, number>;
  /** Category ids by ref. */
  categories: Record<string, number>;
  /** dining_table ids by table number. */
  tables: Record<number, number>;
}

export async function insertRestaurant(db: Db, spec: FixtureRestaurant): Promise<InsertedRestaurant> {
  const [row] = await db
    .insert(restaurant)
    .values({
      shortName: spec.shortName,
      name: spec.name ?? `Bistro ${spec.shortName}`,
      descriptionHu: 'Magyar leírás',
      descriptionEn: 'English description',
      imageUrl: spec.imageUrl ?? '/images/restaurant.webp',
      isEnabled: spec.isEnabled ?? true,
      isOrderingEnabled: spec.isOrderingEnabled ?? true,
    })
    .returning({ id: restaurant.id });
  if (!row) throw new Error('restaurant insert returned nothing');
  const inserted: InsertedRestaurant = {
    id: row.id,
    shortName: spec.shortName,
    items: {},
    categories: {},
    tables: {},
  };

  for (const number of spec.tables ?? []) {
    const [table] = await db
      .insert(diningTable)
      .values({
        restaurantId: row.id,
        tableNumber: Math.abs(number),
        isEnabled: number > 0,
        qrToken: randomBytes(16).toString('hex'),
      })
      .returning({ id: diningTable.id });
    if (table) inserted.tables[Math.abs(number)] = table.id;
  }

  const vatRows = await db
    .insert(vatKey)
    .values([
      { restaurantId: row.id, code: 'C', valuePercent: 5 },
      { restaurantId: row.id, code: 'A', valuePercent: 27 },
    ])
    .returning({ id: vatKey.id, code: vatKey.code });
  const vatId = (code: string) => vatRows.find((v) => v.code === code)?.id ?? 0;

  for (const [categoryIndex, category] of (spec.categories ?? []).entries()) {
    const [categoryRow] = await db
      .insert(menuCategory)
      .values({
        restaurantId: row.id,
        ref: category.ref,
        isActive: category.isActive ?? true,
        sortOrder: (categoryIndex + 1) * 10,
      })
      .returning({ id: menuCategory.id });
    if (!categoryRow) throw new Error('category insert returned nothing');
    inserted.categories[category.ref] = categoryRow.id;
    const titles = category.titles ?? { hu: `${category.ref} hu`, en: `${category.ref} en` };
    await db.insert(menuCategoryTranslation).values(
      Object.entries(titles).map(([isoCode, title]) => ({
        categoryId: categoryRow.id,
        isoCode,
        title: title ?? '',
      })),
    );
    for (const [itemIndex, item] of category.items.entries()) {
      inserted.items[item.ref] = await insertItem(
        db,
        row.id,
        categoryRow.id,
        (itemIndex + 1) * 10,
        item,
        vatId,
      );
    }
  }
  return inserted;
}

async function insertItem(
  db: Db,
  restaurantId: number,
  categoryId: number,
  sortOrder: number,
  item: FixtureItem,
  vatId: (code: string) => number,
): Promise<number> {
  const [itemRow] = await db
    .insert(menuItem)
    .values({
      restaurantId,
      categoryId,
      ref: item.ref,
      priceGross: item.priceGross,
      vatKeyId: vatId(item.vat === 'alcohol' ? 'A' : 'C'),
      isActive: item.isActive ?? true,
      imageUrl: item.imageUrl === undefined ? `/images/${item.ref}.webp` : item.imageUrl,
      availabilityType: item.availabilityType ?? 'AVAILABLE',
      sortOrder,
      baseLikeCount: item.baseLikeCount ?? 0,
      baseDislikeCount: item.baseDislikeCount ?? 0,
    })
    .returning({ id: menuItem.id });
  if (!itemRow) throw new Error('item insert returned nothing');
  const titles = item.titles ?? { hu: `${item.ref} hu`, en: `${item.ref} en` };
  await db.insert(menuItemTranslation).values(
    Object.entries(titles).map(([isoCode, title]) => ({
      itemId: itemRow.id,
      isoCode,
      title: title ?? '',
      description: `${title} description`,
    })),
  );
  if (item.allergens?.length) {
    await db.insert(menuItemAllergen).values(item.allergens.map((type) => ({ itemId: itemRow.id, type })));
  }
  return itemRow.id;
}

/** A bistro with two active categories (one with an inactive item), one inactive category and tables. */
export const BISTRO: FixtureRestaurant = {
  shortName: 'bistro',
  name: 'Kis Bisztró',
  tables: [3, 1, 2, -4],
  categories: [
    {
      ref: 'soups',
      titles: { hu: 'Levesek', en: 'Soups', de: 'Suppen' },
      items: [
        {
          ref: 'goulash',
          priceGross: 2490,
          allergens: ['VEGAN', 'CELERY', 'GLUTEN'],
          titles: { hu: 'Gulyásleves', en: 'Goulash soup' },
          baseLikeCount: 10,
          baseDislikeCount: 2,
        },
        {
          ref: 'fishsoup',
          priceGross: 3290,
          allergens: ['FISH'],
          availabilityType: 'SOLD_OUT',
          imageUrl: null,
        },
        { ref: 'hidden-soup', priceGross: 100, isActive: false },
      ],
    },
    {
      ref: 'drinks',
      titles: { en: 'Drinks' },
      items: [{ ref: 'palinka', priceGross: 1800, vat: 'alcohol', titles: { hu: 'Pálinka' } }],
    },
    { ref: 'old', isActive: false, items: [{ ref: 'old-dish', priceGross: 500 }] },
  ],
};

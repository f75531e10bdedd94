import type { MenuFile } from '@tablo/contract/menu-import';
import { asc } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sampleMenu } from '../../../test/helpers/sample-menu.ts';
import { createTestDatabase, testDatabaseKinds } from '../../../test/helpers/test-database.ts';
import type { Database } from '../../db/database.ts';
import { menuOption, menuOptionGroup, restaurant } from '../../db/schema.ts';
import { exportMenu } from './export-menu.ts';
import { importMenu } from './import-menu.ts';
import { parseMenuFile } from './parse-menu-file.ts';

/** The sample menu with choices (issue 27): a soup with a size, a dessert with toppings. */
function menuWithChoices(): Record<string, unknown> {
  const file = sampleMenu() as unknown as {
    categories: { items: Record<string, unknown>[] }[];
  } & Record<string, unknown>;
  const [soups, desserts] = file.categories;
  if (!soups?.items[0] || !desserts?.items[0]) throw new Error('sample menu changed');
  soups.items[0].optionGroups = ['size'];
  desserts.items[0].optionGroups = ['toppings', 'size'];
  file.optionGroups = [
    {
      ref: 'size',
      kind: 'SINGLE',
      minChoices: 1,
      maxChoices: 1,
      translations: [
        { isoCode: 'hu', title: 'Méret' },
        { isoCode: 'en', title: 'Size' },
      ],
      options: [
        { ref: 'small', isDefault: true, translations: [{ isoCode: 'en', title: 'Small' }] },
        { ref: 'large', priceDelta: 700, translations: [{ isoCode: 'en', title: 'Large' }] },
      ],
    },
    {
      ref: 'toppings',
      kind: 'QUANTITY',
      maxChoices: 4,
      freeChoices: 2,
      translations: [{ isoCode: 'en', title: 'Toppings' }],
      options: [
        {
          ref: 'cream',
          priceDelta: 200,
          allergens: ['MILK'],
          translations: [{ isoCode: 'en', title: 'Whipped cream' }],
        },
        {
          ref: 'nuts',
          priceDelta: 300,
          allergens: ['NUTS', 'GLUTEN'],
          availabilityType: 'SOLD_OUT',
          translations: [{ isoCode: 'en', title: 'Walnuts' }],
        },
      ],
    },
  ];
  return file;
}

function valid(file: unknown): MenuFile {
  const result = parseMenuFile(file);
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.menu;
}

describe.each(testDatabaseKinds())('option groups in the menu file (issue 27) on %s', (kind) => {
  let database: Database;
  beforeEach(async () => {
    database = await createTestDatabase(kind);
    await database.db.insert(restaurant).values([{ shortName: 'bistro', name: 'Bistro' }]);
  });
  afterEach(() => database.close());

  const ids = async () => ({
    groups: await database.db
      .select({ id: menuOptionGroup.id, ref: menuOptionGroup.ref, isActive: menuOptionGroup.isActive })
      .from(menuOptionGroup)
      .orderBy(asc(menuOptionGroup.id)),
    options: await database.db
      .select({ id: menuOption.id, ref: menuOption.ref, priceDelta: menuOption.priceDelta })
      .from(menuOption)
      .orderBy(asc(menuOption.id)),
  });

  it('import → export → import gives the same menu, and a re-import keeps group and option ids', async () => {
    const file = valid(menuWithChoices());
    await importMenu(database, 'bistro', file);
    const exported = await exportMenu(database, 'bistro');
    // Allergens come back in the spec's display order (GLUTEN before NUTS).
    expect(exported.optionGroups).toEqual(
      file.optionGroups.map((group) => ({
        ...group,
        options: group.options.map((o) => ({
          ...o,
          allergens: o.ref === 'nuts' ? ['GLUTEN', 'NUTS'] : o.allergens,
          translations: o.translations.map((t) => ({ ...t, description: t.description })),
        })),
      })),
    );
    expect(exported.categories[1]?.items[0]?.optionGroups).toEqual(['toppings', 'size']);
    const before = await ids();
    await importMenu(database, 'bistro', valid(JSON.parse(JSON.stringify(exported))));
    expect(await exportMenu(database, 'bistro')).toEqual(exported);
    expect(await ids()).toEqual(before);
  });

  it('a re-import updates in place, deactivates a group the file dropped and removes a dropped option', async () => {
    await importMenu(database, 'bistro', valid(menuWithChoices()));
    const before = await ids();
    const changed = menuWithChoices() as {
      optionGroups: Record<string, unknown>[];
      categories: { items: Record<string, unknown>[] }[];
    };
    const size = changed.optionGroups[0] as { options: Record<string, unknown>[] };
    size.options = [{ ...size.options[1], priceDelta: 900 }];
    (size.options[0] as Record<string, unknown>).isDefault = true;
    changed.optionGroups = [size];
    const desserts = changed.categories[1]?.items[0] as Record<string, unknown>;
    desserts.optionGroups = ['size'];
    await importMenu(database, 'bistro', valid(changed));
    const after = await ids();
    expect(after.groups).toEqual(
      before.groups.map((g) => (g.ref === 'toppings' ? { ...g, isActive: false } : g)),
    );
    const large = before.options.find((o) => o.ref === 'large');
    expect(after.options.filter((o) => ['small', 'large'].includes(o.ref))).toEqual([
      { id: large?.id, ref: 'large', priceDelta: 900 },
    ]);
    const exported = await exportMenu(database, 'bistro');
    expect(exported.categories[1]?.items[0]?.optionGroups).toEqual(['size']);
    expect(exported.optionGroups.find((g) => g.ref === 'toppings')?.isActive).toBe(false);
  });

  it('refuses a bad file whole, listing every problem with its path', async () => {
    const file = menuWithChoices() as Record<string, unknown> & {
      optionGroups: Record<string, unknown>[];
      categories: { items: Record<string, unknown>[] }[];
    };
    const size = file.optionGroups[0] as Record<string, unknown> & { options: Record<string, unknown>[] };
    size.maxChoices = 2; // SINGLE takes one
    size.options.push({ ref: 'small', translations: [{ isoCode: 'en', title: 'Small again' }] });
    (file.categories[0]?.items[0] as Record<string, unknown>).optionGroups = ['size', 'sauces', 'size'];
    const result = parseMenuFile(file);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toEqual([
      { path: 'categories[0].items[0].optionGroups[1]', message: 'unknown option group "sauces"' },
      { path: 'categories[0].items[0].optionGroups[2]', message: 'duplicate option group "size"' },
      { path: 'optionGroups[0].maxChoices', message: 'must be 1 for a single choice' },
      { path: 'optionGroups[0].options[2].ref', message: 'duplicate ref "small"' },
    ]);
    const negative = menuWithChoices() as { optionGroups: { options: Record<string, unknown>[] }[] };
    (negative.optionGroups[1]?.options[0] as Record<string, unknown>).priceDelta = -100;
    const refused = parseMenuFile(negative);
    expect(refused.ok ? [] : refused.problems.map((p) => p.path)).toEqual([
      'optionGroups[1].options[0].priceDelta',
    ]);
    expect(await ids()).toEqual({ groups: [], options: [] });
  });
});

import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ALLERGEN_TYPES } from '@tablo/contract/allergens';
import { MenuFileSchema } from '@tablo/contract/menu-import';
import { describe, expect, it } from 'vitest';
import { parseMenuFile } from '../../modules/menu-import/parse-menu-file.ts';
import { DEMO_IMAGE } from '../demo-restaurants.ts';
import { DEMO_MENU } from './demo-menu.ts';

const menu = MenuFileSchema.parse(DEMO_MENU);
const items = menu.categories.flatMap((category) => category.items);
const WEB_PUBLIC = fileURLToPath(new URL('../../../../web/public', import.meta.url));
const publicFile = (url: string) => join(WEB_PUBLIC, url);

describe('the demo menu', () => {
  it('is a valid menu file without a single problem', () => {
    expect(parseMenuFile(JSON.parse(JSON.stringify(DEMO_MENU)))).toMatchObject({ ok: true });
  });

  it('is a full bistro menu: at least 8 categories and 40 items at Budapest prices in forints', () => {
    expect(menu.categories.length).toBeGreaterThanOrEqual(8);
    expect(items.length).toBeGreaterThanOrEqual(40);
    for (const item of items) {
      expect(item.priceGross).toBeGreaterThanOrEqual(500);
      expect(item.priceGross).toBeLessThanOrEqual(8990);
      expect(item.priceGross % 10).toBe(0);
    }
    const titles = items.flatMap((item) =>
      item.translations.filter((t) => t.isoCode === 'hu').map((t) => t.title),
    );
    expect(titles).toEqual(
      expect.arrayContaining(['Gulyásleves', 'Halászlé', 'Somlói galuska', 'Dobos torta']),
    );
  });

  it('shows every allergen type, with VEGAN on several dishes', () => {
    const used = new Set(items.flatMap((item) => item.allergens));
    expect([...ALLERGEN_TYPES].filter((type) => !used.has(type))).toEqual([]);
    expect(items.filter((item) => item.allergens.includes('VEGAN')).length).toBeGreaterThanOrEqual(5);
  });

  it('charges 5% VAT on food and 27% on alcohol', () => {
    expect(menu.vatKeys).toEqual([
      { code: '5', valuePercent: 5 },
      { code: '27', valuePercent: 27 },
    ]);
    const drinks = menu.categories.filter((c) => ['borok-sorok', 'palinkak-likorok'].includes(c.ref));
    for (const item of drinks.flatMap((c) => c.items)) expect(item.vatKey).toBe('27');
    expect(items.find((item) => item.ref === 'gulyasleves')?.vatKey).toBe('5');
  });

  it('has something sold out, ratings, and exactly one dish without a picture', () => {
    expect(items.filter((item) => item.availabilityType === 'SOLD_OUT').length).toBeGreaterThanOrEqual(1);
    expect(items.every((item) => item.likeCount > 0)).toBe(true);
    expect(items.filter((item) => item.imageUrl === null).map((item) => item.ref)).toEqual(['asvanyviz']);
  });

  it('offers choices on a steak (required doneness, priced sauce), a pizza, coffees and a burger', () => {
    const groups = new Map(menu.optionGroups.map((group) => [group.ref, group]));
    const groupsOf = (ref: string) => items.find((item) => item.ref === ref)?.optionGroups ?? [];
    expect(groupsOf('bifszek')).toEqual(['steak-doneness', 'steak-sauce']);
    expect(groups.get('steak-doneness')).toMatchObject({ kind: 'SINGLE', minChoices: 1, maxChoices: 1 });
    expect(groups.get('steak-sauce')?.options.find((o) => o.ref === 'pepper-sauce')?.priceDelta).toBe(600);
    expect(groups.get('coffee-milk')?.options.map((o) => [o.ref, o.priceDelta, o.allergens])).toEqual([
      ['cow-milk', 0, ['MILK']],
      ['oat-milk', 200, ['GLUTEN']],
      ['no-milk', 0, []],
    ]);
    expect(groups.get('burger-extras')).toMatchObject({ kind: 'QUANTITY', freeChoices: 1 });
    expect(groups.get('burger-without')?.options.every((o) => o.priceDelta === 0)).toBe(true);
    // The steak's doneness is the guest's to say (no default: the dialog asks); the smallest pizza is the
    // pizza's default.
    expect(groups.get('steak-doneness')?.options.some((o) => o.isDefault)).toBe(false);
    expect(groups.get('pizza-size')?.options.find((o) => o.isDefault)?.priceDelta).toBe(0);
  });

  it('ships every picture it names, small enough for phones', () => {
    for (const item of items) {
      if (item.imageUrl === null) continue;
      // Its own picture, or (the dishes with choices, issue 27) one drawn for another dish of the menu.
      expect(item.imageUrl).toMatch(/^\/images\/menu\/[a-z-]+\.webp$/);
      const file = publicFile(item.imageUrl);
      expect(existsSync(file), `${file} is missing`).toBe(true);
      expect(statSync(file).size).toBeLessThanOrEqual(30 * 1024);
    }
    expect(statSync(publicFile(DEMO_IMAGE)).size).toBeLessThanOrEqual(80 * 1024);
  });
});

import type { MenuFile } from '@tablo/contract/menu-import';
import { describe, expect, it } from 'vitest';
import { addItem, newRef, reorder, saveItem } from './draft-edits.ts';

const item = (ref: string) => ({
  ref,
  priceGross: 100,
  isActive: true,
  imageUrl: null,
  availabilityType: 'AVAILABLE' as const,
  vatKey: 'C',
  allergens: [],
  translations: [{ isoCode: 'hu' as const, title: ref, description: '' }],
  likeCount: 0,
  dislikeCount: 0,
  optionGroups: [] as string[],
});

const menu: MenuFile = {
  vatKeys: [{ code: 'C', valuePercent: 5 }],
  categories: [
    { ref: 'soups', isActive: true, translations: [], items: [item('goulash'), item('fishsoup')] },
    { ref: 'drinks', isActive: true, translations: [], items: [item('palinka')] },
  ],
  optionGroups: [],
};

describe('draft edits', () => {
  it('makes a ref from a title: accents dropped, lowercase, hyphens; numbered when taken; a fallback when empty', () => {
    expect(newRef(menu, 'Somlói galuska!', 'item')).toBe('somloi-galuska');
    expect(newRef(menu, 'Goulash', 'item')).toBe('goulash-2');
    expect(newRef(menu, '  —  ', 'item')).toBe('item');
    expect(newRef(menu, 'Ünnepi kürtőskalács', 'item')).toBe('unnepi-kurtoskalacs');
  });

  it('reorders, moving items between categories, and refuses an order that does not name everything exactly once', () => {
    const moved = reorder(menu, [
      { ref: 'drinks', items: ['palinka', 'fishsoup'] },
      { ref: 'soups', items: ['goulash'] },
    ]);
    expect(moved?.categories.map((c) => [c.ref, c.items.map((i) => i.ref)])).toEqual([
      ['drinks', ['palinka', 'fishsoup']],
      ['soups', ['goulash']],
    ]);
    const missingItem = [
      { ref: 'soups', items: ['goulash'] },
      { ref: 'drinks', items: ['palinka'] },
    ];
    expect(reorder(menu, missingItem)).toBeNull();
    const twice = [
      { ref: 'soups', items: ['goulash', 'fishsoup', 'palinka'] },
      { ref: 'drinks', items: ['palinka'] },
    ];
    expect(reorder(menu, twice)).toBeNull();
    expect(reorder(menu, [{ ref: 'soups', items: ['goulash', 'fishsoup', 'palinka'] }])).toBeNull();
    expect(
      reorder(menu, [
        { ref: 'soups', items: ['goulash', 'fishsoup'] },
        { ref: 'desserts', items: ['palinka'] },
      ]),
    ).toBeNull();
  });

  it("keeps an item's option groups when a save leaves them out, and replaces them when it names them (issue 27)", () => {
    const withGroups = saveItem(menu, 'goulash', { ...item('goulash'), optionGroups: ['size', 'extras'] });
    const { ref: _ref, optionGroups: _groups, ...fields } = item('goulash');
    const kept = saveItem(withGroups, 'goulash', { ...fields, priceGross: 300 });
    expect(kept.categories[0]?.items[0]).toMatchObject({ priceGross: 300, optionGroups: ['size', 'extras'] });
    const replaced = saveItem(kept, 'goulash', { ...fields, optionGroups: [] });
    expect(replaced.categories[0]?.items[0]?.optionGroups).toEqual([]);
    const added = addItem(menu, 'soups', 'new-soup', fields);
    expect(added.categories[0]?.items[2]).toMatchObject({ ref: 'new-soup', optionGroups: [] });
  });

  it('moves a saved item to the end of another category, leaving the given file as it was', () => {
    const { ref: _ref, ...fields } = item('goulash');
    const saved = saveItem(menu, 'goulash', { ...fields, priceGross: 200 }, 'drinks');
    expect(saved.categories.map((c) => c.items.map((i) => [i.ref, i.priceGross]))).toEqual([
      [['fishsoup', 100]],
      [
        ['palinka', 100],
        ['goulash', 200],
      ],
    ]);
    expect(menu.categories[0]?.items.map((i) => i.ref)).toEqual(['goulash', 'fishsoup']);
  });
});

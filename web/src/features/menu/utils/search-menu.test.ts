import { describe, expect, it } from 'vitest';
import { buildMenuFixture } from '../testing/menu-fixture.ts';
import { searchCategories, searchMenu } from './search-menu.ts';

const menu = buildMenuFixture();
const itemIds = (categories: ReturnType<typeof searchMenu>) =>
  categories.flatMap((category) => category.menuItems.map((item) => item.id));

describe('searchMenu', () => {
  it('finds dishes typed without accents', () => {
    expect(itemIds(searchMenu(menu, 'gulyas', 'hu'))).toEqual([11]);
    expect(itemIds(searchMenu(menu, 'TOLTOTT', 'hu'))).toEqual([21]);
  });

  it('searches descriptions too', () => {
    expect(itemIds(searchMenu(menu, 'szezam', 'hu'))).toEqual([31]);
  });

  it('keeps every dish of a category whose title matches', () => {
    expect(itemIds(searchMenu(menu, 'foetel', 'hu'))).toEqual([21, 22]);
  });

  it('searches in the language on screen', () => {
    expect(itemIds(searchMenu(menu, 'cabbage', 'en'))).toEqual([21]);
    expect(searchMenu(menu, 'cabbage', 'hu')).toEqual([]);
  });

  it('returns the whole menu for an empty query', () => {
    expect(searchMenu(menu, '  ', 'hu')).toHaveLength(menu.length);
  });
});

describe('searchCategories', () => {
  it('matches category titles and item titles, ignoring accents and case', () => {
    expect(searchCategories(menu, 'DESSZERT', 'hu').map((c) => c.id)).toEqual([4]);
    expect(searchCategories(menu, 'limonade', 'hu').map((c) => c.id)).toEqual([5]);
  });

  it('does not match descriptions', () => {
    expect(searchCategories(menu, 'csipetke', 'hu')).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import {
  findDietaryConflict,
  isDietaryFilterActive,
  NO_DIETARY_PREFERENCES,
  parseDietaryPreferences,
} from './dietary-filter.ts';

const pancake = {
  optionGroupIds: [],
  allergens: [{ type: 'MILK' as const }, { type: 'GLUTEN' as const }, { type: 'EGGS' as const }],
};
const salad = { allergens: [{ type: 'VEGAN' as const }, { type: 'SESAME' as const }], optionGroupIds: [] };

describe('findDietaryConflict', () => {
  it('names the avoided allergens a dish contains, in display order', () => {
    const preferences = { ...NO_DIETARY_PREFERENCES, avoid: ['MILK' as const, 'GLUTEN' as const] };
    expect(findDietaryConflict(pancake, preferences)).toEqual({
      allergens: ['GLUTEN', 'MILK'],
      notVegan: false,
    });
    expect(findDietaryConflict(salad, preferences)).toBeNull();
  });

  it('flags dishes that are not vegan when the diner wants vegan only', () => {
    const preferences = { ...NO_DIETARY_PREFERENCES, veganOnly: true };
    expect(findDietaryConflict(pancake, preferences)).toEqual({ allergens: [], notVegan: true });
    expect(findDietaryConflict(salad, preferences)).toBeNull();
  });

  it('finds nothing without preferences', () => {
    expect(findDietaryConflict(pancake, NO_DIETARY_PREFERENCES)).toBeNull();
    expect(isDietaryFilterActive(NO_DIETARY_PREFERENCES)).toBe(false);
  });
});

describe('parseDietaryPreferences', () => {
  it('reads stored preferences and sorts the allergens', () => {
    const stored = JSON.stringify({ avoid: ['MILK', 'GLUTEN'], veganOnly: true, hideConflicting: true });
    expect(parseDietaryPreferences(stored)).toEqual({
      avoid: ['GLUTEN', 'MILK'],
      veganOnly: true,
      hideConflicting: true,
    });
  });

  it('ignores missing, broken or unknown values', () => {
    expect(parseDietaryPreferences(null)).toEqual(NO_DIETARY_PREFERENCES);
    expect(parseDietaryPreferences('{not json')).toEqual(NO_DIETARY_PREFERENCES);
    expect(parseDietaryPreferences(JSON.stringify({ avoid: ['BACON'], veganOnly: 'yes' }))).toEqual(
      NO_DIETARY_PREFERENCES,
    );
  });
});

import type { AllergenType } from '@tablo/contract/allergens';
import type { MenuCategory } from '@tablo/contract/menu';
import { useMemo } from 'react';
import {
  type DietaryConflict,
  type DietaryPreferences,
  findDietaryConflict,
} from '../utils/dietary-filter.ts';

export type DietaryView = {
  categories: readonly MenuCategory[];
  /** Conflicts by menu item id, for the dishes that do not suit the diner. */
  conflicts: ReadonlyMap<number, DietaryConflict>;
  hiddenCount: number;
  markedCount: number;
};

/**
 * Applies the dietary filter: unsuitable dishes are marked, or left out when the diner chose to hide them.
 * With the option groups read (issue 27), a dish that cannot be made without an avoided allergen counts too.
 */
export function useDietaryView(
  categories: readonly MenuCategory[],
  preferences: DietaryPreferences,
  unavoidable?: ReadonlyMap<number, readonly AllergenType[]>,
): DietaryView {
  return useMemo(() => {
    const conflicts = new Map<number, DietaryConflict>();
    for (const category of categories) {
      for (const item of category.menuItems) {
        const conflict = findDietaryConflict(item, preferences, unavoidable);
        if (conflict) conflicts.set(item.id, conflict);
      }
    }
    if (!preferences.hideConflicting || conflicts.size === 0) {
      return { categories, conflicts, hiddenCount: 0, markedCount: conflicts.size };
    }
    const kept = categories
      .map((category) => ({
        ...category,
        menuItems: category.menuItems.filter((item) => !conflicts.has(item.id)),
      }))
      .filter((category) => category.menuItems.length > 0);
    return { categories: kept, conflicts, hiddenCount: conflicts.size, markedCount: 0 };
  }, [categories, preferences, unavoidable]);
}

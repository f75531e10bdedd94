import type { AllergenType } from './allergens.ts';

// The allergen types and their order, apart from allergens.ts's schemas (which re-exports these): the web
// app's menu page uses them without loading zod (docs/decisions/036-menu-page-javascript.md).

/** spec §3: the allergen types in display order. Allergens are always sorted in this order. */
export const ALLERGEN_TYPES = [
  'GLUTEN',
  'CRUSTACEANS',
  'EGGS',
  'FISH',
  'PEANUTS',
  'SOYBEANS',
  'MILK',
  'NUTS',
  'CELERY',
  'MUSTARD',
  'SESAME',
  'SULPHUR_DIOXIDE',
  'LUPIN',
  'MOLLUSCS',
  'VEGAN',
] as const;

const RANK = new Map<AllergenType, number>(ALLERGEN_TYPES.map((type, index) => [type, index]));

/** Returns a new list in the specification's display order. */
export function sortAllergens<T extends { type: AllergenType }>(allergens: readonly T[]): T[] {
  return [...allergens].sort((a, b) => (RANK.get(a.type) ?? 0) - (RANK.get(b.type) ?? 0));
}

import { z } from 'zod';

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

export const AllergenTypeSchema = z.enum(ALLERGEN_TYPES);
export type AllergenType = z.infer<typeof AllergenTypeSchema>;

export const AllergenSchema = z.object({ type: AllergenTypeSchema });
export type Allergen = z.infer<typeof AllergenSchema>;

const RANK = new Map<AllergenType, number>(ALLERGEN_TYPES.map((type, index) => [type, index]));

/** Returns a new list in the specification's display order. */
export function sortAllergens<T extends { type: AllergenType }>(allergens: readonly T[]): T[] {
  return [...allergens].sort((a, b) => (RANK.get(a.type) ?? 0) - (RANK.get(b.type) ?? 0));
}

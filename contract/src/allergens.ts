import { z } from 'zod';
import { ALLERGEN_TYPES } from './allergen-order.ts';

export { ALLERGEN_TYPES, sortAllergens } from './allergen-order.ts';

export const AllergenTypeSchema = z.enum(ALLERGEN_TYPES);
export type AllergenType = z.infer<typeof AllergenTypeSchema>;

export const AllergenSchema = z.object({ type: AllergenTypeSchema });
export type Allergen = z.infer<typeof AllergenSchema>;

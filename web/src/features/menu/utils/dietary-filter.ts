import {
  ALLERGEN_TYPES,
  type AllergenType,
  AllergenTypeSchema,
  sortAllergens,
} from '@tablo/contract/allergens';
import type { MenuItem } from '@tablo/contract/menu';
import { z } from 'zod';

/** Every allergen a diner can avoid; VEGAN is a property of a dish, chosen with "vegan only". */
export const AVOIDABLE_ALLERGENS = ALLERGEN_TYPES.filter((type) => type !== 'VEGAN');

const DietaryPreferencesSchema = z.object({
  avoid: z.array(AllergenTypeSchema.exclude(['VEGAN'])).catch([]),
  veganOnly: z.boolean().catch(false),
  hideConflicting: z.boolean().catch(false),
});
export type DietaryPreferences = z.infer<typeof DietaryPreferencesSchema>;

export const NO_DIETARY_PREFERENCES: DietaryPreferences = {
  avoid: [],
  veganOnly: false,
  hideConflicting: false,
};

/** Reads what was stored on the device; anything unreadable means "no preferences". */
export function parseDietaryPreferences(stored: string | null): DietaryPreferences {
  if (!stored) return NO_DIETARY_PREFERENCES;
  try {
    const parsed = DietaryPreferencesSchema.safeParse(JSON.parse(stored));
    if (!parsed.success) return NO_DIETARY_PREFERENCES;
    return {
      ...parsed.data,
      avoid: sortAllergens(parsed.data.avoid.map((type) => ({ type }))).map((a) => a.type),
    };
  } catch {
    return NO_DIETARY_PREFERENCES;
  }
}

export function isDietaryFilterActive(preferences: DietaryPreferences): boolean {
  return preferences.avoid.length > 0 || preferences.veganOnly;
}

export type DietaryConflict = {
  /** The avoided allergens the dish contains, in display order. */
  allergens: AllergenType[];
  notVegan: boolean;
};

/** Why a dish does not suit the diner, or null when it does. */
export function findDietaryConflict(
  item: Pick<MenuItem, 'allergens'>,
  preferences: DietaryPreferences,
): DietaryConflict | null {
  const avoided = new Set<AllergenType>(preferences.avoid);
  const allergens = sortAllergens(item.allergens)
    .map((allergen) => allergen.type)
    .filter((type) => avoided.has(type));
  const notVegan = preferences.veganOnly && !item.allergens.some((allergen) => allergen.type === 'VEGAN');
  return allergens.length > 0 || notVegan ? { allergens, notVegan } : null;
}

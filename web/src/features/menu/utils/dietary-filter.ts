import { ALLERGEN_TYPES, sortAllergens } from '@tablo/contract/allergen-order';
import type { AllergenType } from '@tablo/contract/allergens';
import type { MenuItem } from '@tablo/contract/menu';

/** Every allergen a diner can avoid; VEGAN is a property of a dish, chosen with "vegan only". */
export const AVOIDABLE_ALLERGENS = ALLERGEN_TYPES.filter(
  (type): type is AvoidableAllergen => type !== 'VEGAN',
);

type AvoidableAllergen = Exclude<AllergenType, 'VEGAN'>;
export type DietaryPreferences = {
  avoid: AvoidableAllergen[];
  veganOnly: boolean;
  hideConflicting: boolean;
};

export const NO_DIETARY_PREFERENCES: DietaryPreferences = {
  avoid: [],
  veganOnly: false,
  hideConflicting: false,
};

/** Reads what was stored on the device; anything unreadable means "no preferences". */
export function parseDietaryPreferences(stored: string | null): DietaryPreferences {
  if (!stored) return NO_DIETARY_PREFERENCES;
  // The device's own record, not an answer of the contract: read by hand, without zod on the menu page (036).
  // Each field that is unreadable falls back on its own; anything but an object means "no preferences".
  try {
    const value: unknown = JSON.parse(stored);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return NO_DIETARY_PREFERENCES;
    const { avoid, veganOnly, hideConflicting } = value as Record<string, unknown>;
    const avoidable = (type: unknown) => (AVOIDABLE_ALLERGENS as readonly unknown[]).includes(type);
    const avoided = Array.isArray(avoid) && avoid.every(avoidable) ? (avoid as AvoidableAllergen[]) : [];
    return {
      avoid: sortAllergens(avoided.map((type) => ({ type }))).map((a) => a.type),
      veganOnly: veganOnly === true,
      hideConflicting: hideConflicting === true,
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

/**
 * Why a dish does not suit the diner, or null when it does. `unavoidable`: by option group, the avoided
 * allergens a group cannot be chosen without (issue 27, dietary-choices.ts), once the groups are read.
 */
export function findDietaryConflict(
  item: Pick<MenuItem, 'allergens' | 'optionGroupIds'>,
  preferences: DietaryPreferences,
  unavoidable?: ReadonlyMap<number, readonly AllergenType[]>,
): DietaryConflict | null {
  const avoided = new Set<AllergenType>(preferences.avoid);
  const fromChoices = item.optionGroupIds.flatMap((id) => unavoidable?.get(id) ?? []);
  const allergens = sortAllergens(
    [...new Set([...item.allergens.map((a) => a.type), ...fromChoices])].map((type) => ({ type })),
  )
    .map((allergen) => allergen.type)
    .filter((type) => avoided.has(type));
  const notVegan = preferences.veganOnly && !item.allergens.some((allergen) => allergen.type === 'VEGAN');
  return allergens.length > 0 || notVegan ? { allergens, notVegan } : null;
}

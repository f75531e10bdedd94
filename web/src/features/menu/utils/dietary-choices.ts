import type { AllergenType } from '@tablo/contract/allergens';
import type { QueryClient } from '@tanstack/react-query';
import { menuOptionsQueryOptions } from '../../../lib/menu-options-query.ts';

/** What the filter needs of a dish's option groups (issue 27). */
export type ChoiceGroupAllergens = {
  kind: 'SINGLE' | 'MULTIPLE' | 'QUANTITY';
  minChoices: number;
  options: readonly { allergens: readonly { type: AllergenType }[]; availabilityType: string }[];
};

/**
 * Issue 27: the avoided allergens a dish cannot be made without — those of a required group in which every
 * option that can be chosen holds one. A dish whose choices only may hold them stays (its dialog marks
 * the choices to avoid).
 */
export function unavoidableChoiceAllergens(
  groups: readonly ChoiceGroupAllergens[],
  avoided: ReadonlySet<AllergenType>,
): AllergenType[] {
  const found = new Set<AllergenType>();
  for (const group of groups) {
    if (group.minChoices < 1) continue;
    const choosable = group.options.filter((option) => option.availabilityType === 'AVAILABLE');
    const clean = choosable.filter((option) => !option.allergens.some((a) => avoided.has(a.type)));
    // Several different options needed (MULTIPLE) and fewer clean ones: every way to order it holds one.
    const needed = group.kind === 'MULTIPLE' ? group.minChoices : 1;
    if (clean.length >= needed) continue;
    for (const option of choosable)
      for (const { type } of option.allergens) if (avoided.has(type)) found.add(type);
  }
  return [...found];
}

/**
 * Issue 27, loaded only while allergens are avoided on a menu with choices: by option group, the avoided
 * allergens it cannot be chosen without (read with the options, cached like them).
 */
export async function unavoidableByGroup(
  queryClient: QueryClient,
  shortName: string,
  avoid: readonly AllergenType[],
): Promise<Map<number, AllergenType[]>> {
  const options = await queryClient.fetchQuery(menuOptionsQueryOptions(shortName));
  const avoided = new Set(avoid);
  const result = new Map<number, AllergenType[]>();
  for (const group of options.groups) {
    const found = unavoidableChoiceAllergens([group], avoided);
    if (found.length > 0) result.set(group.id, found);
  }
  return result;
}

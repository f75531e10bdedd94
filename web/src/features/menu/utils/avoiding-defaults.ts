import type { AllergenType } from '@tablo/contract/allergens';
import { type ChoiceSelection, defaultSelections } from '@tablo/contract/choices';
import type { MenuOptionGroup } from '@tablo/contract/menu-options';

/**
 * Issue 27: the choices a dish's dialog starts with, steered away from the allergens the diner avoids. A
 * default that holds one gives way, in its group, to the cheapest option that can be chosen and holds none
 * (cow's milk → no milk, not a surcharge the diner did not ask for; the group's order breaks a tie), or is
 * dropped where the group needs no choice; a group that cannot do without one keeps its defaults (the dialog
 * marks them). The server applies no defaults: this only decides what is ticked when the dialog opens.
 */
export function defaultsAvoiding(
  groups: readonly MenuOptionGroup[],
  avoid: readonly AllergenType[],
): ChoiceSelection[] {
  if (avoid.length === 0) return defaultSelections(groups);
  const holds = (option: MenuOptionGroup['options'][number]) =>
    option.allergens.some((allergen) => avoid.includes(allergen.type));
  return groups.flatMap((group) => {
    const defaults = defaultSelections([group]);
    const kept = defaults.filter((selection) => {
      const option = group.options.find((o) => o.id === selection.optionId);
      return option !== undefined && !holds(option);
    });
    if (kept.length === defaults.length) return defaults;
    const clean = group.options
      .filter(
        (option) =>
          option.availabilityType === 'AVAILABLE' &&
          !holds(option) &&
          !kept.some((selection) => selection.optionId === option.id),
      )
      // Stable: options of the same price stay in the group's order.
      .sort((a, b) => a.priceDelta - b.priceDelta);
    // One for one: each default given up is replaced by a clean option, as long as there are some.
    const replaced = clean
      .slice(0, defaults.length - kept.length)
      .map((option) => ({ optionId: option.id, quantity: 1 }));
    const steered = [...kept, ...replaced];
    return steered.length >= group.minChoices ? steered : defaults;
  });
}

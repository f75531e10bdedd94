/**
 * Choices on dishes (issue 27, docs/decisions/067-choices-on-dishes.md): the one rule for what a diner may
 * choose and what it costs, used by the item dialog (before adding to the cart) and by the server (before
 * placing an order). Zod-free on purpose: the dialog imports it without the validation library.
 *
 * - A group's count is the sum of its chosen quantities; it must lie within `minChoices`…`maxChoices`
 *   (`minChoices` ≥ 1 makes the group required). SINGLE and MULTIPLE take each option at most once
 *   (SINGLE: `maxChoices` is 1); QUANTITY takes an option several times.
 * - The first `freeChoices` units of a group cost nothing: the cheapest ones, so "two sauces free" never
 *   depends on the order they were ticked in.
 * - A sold-out option cannot be chosen; an option of another group or item is unknown here.
 */

export const OPTION_GROUP_KINDS = ['SINGLE', 'MULTIPLE', 'QUANTITY'] as const;
export type OptionGroupKind = (typeof OPTION_GROUP_KINDS)[number];

/** At most this many of one option in one line (QUANTITY groups), and choices in one line. */
export const MAX_CHOICE_QUANTITY = 20;
export const MAX_CHOICES_PER_LINE = 40;

/** What the rule needs of an option group (the wire's `MenuOptionGroup` has this shape and more). */
export type ChoiceGroup = {
  id: number;
  kind: OptionGroupKind;
  minChoices: number;
  maxChoices: number;
  freeChoices: number;
  options: readonly ChoiceOption[];
};

export type ChoiceOption = {
  id: number;
  priceDelta: number;
  availabilityType: 'AVAILABLE' | 'SOLD_OUT';
  isDefault: boolean;
};

/** One chosen option of a cart or order line. */
export type ChoiceSelection = { optionId: number; quantity: number };

export type ChoiceProblemCode =
  | 'required'
  | 'too_few'
  | 'too_many'
  | 'sold_out'
  | 'unknown'
  | 'duplicate'
  | 'not_repeatable';

/** What is wrong with a line's choices; `groupId`/`optionId` name the place (null when there is none). */
export type ChoiceProblem = {
  code: ChoiceProblemCode;
  groupId: number | null;
  optionId: number | null;
};

/** A chosen option as priced: `freeQuantity` of its `quantity` units cost nothing. */
export type PricedChoice = {
  optionId: number;
  groupId: number;
  quantity: number;
  freeQuantity: number;
  priceDelta: number;
};

/** Every problem of `selections` against the item's `groups` (empty: the line may be ordered). */
export function checkChoices(
  groups: readonly ChoiceGroup[],
  selections: readonly ChoiceSelection[],
): ChoiceProblem[] {
  const problems: ChoiceProblem[] = [];
  const owner = new Map<number, { group: ChoiceGroup; option: ChoiceOption }>();
  for (const group of groups) for (const option of group.options) owner.set(option.id, { group, option });
  const counts = new Map<number, number>();
  const seen = new Set<number>();
  for (const { optionId, quantity } of selections) {
    const found = owner.get(optionId);
    if (!found) {
      problems.push({ code: 'unknown', groupId: null, optionId });
      continue;
    }
    const { group, option } = found;
    if (seen.has(optionId)) {
      problems.push({ code: 'duplicate', groupId: group.id, optionId });
      continue;
    }
    seen.add(optionId);
    if (option.availabilityType === 'SOLD_OUT')
      problems.push({ code: 'sold_out', groupId: group.id, optionId });
    if (quantity > 1 && group.kind !== 'QUANTITY') {
      problems.push({ code: 'not_repeatable', groupId: group.id, optionId });
    }
    counts.set(group.id, (counts.get(group.id) ?? 0) + quantity);
  }
  for (const group of groups) {
    const count = counts.get(group.id) ?? 0;
    if (count === 0 && group.minChoices > 0)
      problems.push({ code: 'required', groupId: group.id, optionId: null });
    else if (count < group.minChoices) problems.push({ code: 'too_few', groupId: group.id, optionId: null });
    else if (count > group.maxChoices) problems.push({ code: 'too_many', groupId: group.id, optionId: null });
  }
  return problems;
}

/**
 * Prices checked selections: each group's `freeChoices` cheapest units are free. Selections of options
 * not in `groups` are left out (check first). Returns the choices in the groups' and options' order.
 */
export function priceChoices(
  groups: readonly ChoiceGroup[],
  selections: readonly ChoiceSelection[],
): { choices: PricedChoice[]; total: number } {
  const chosen = new Map(selections.map((s) => [s.optionId, s.quantity]));
  const choices: PricedChoice[] = [];
  let total = 0;
  for (const group of groups) {
    const inGroup: PricedChoice[] = [];
    for (const option of group.options) {
      const quantity = chosen.get(option.id);
      if (quantity === undefined || quantity < 1) continue;
      inGroup.push({
        optionId: option.id,
        groupId: group.id,
        quantity,
        freeQuantity: 0,
        priceDelta: option.priceDelta,
      });
    }
    let free = group.freeChoices;
    for (const choice of [...inGroup].sort((a, b) => a.priceDelta - b.priceDelta)) {
      if (free <= 0) break;
      choice.freeQuantity = Math.min(free, choice.quantity);
      free -= choice.freeQuantity;
    }
    for (const choice of inGroup) total += (choice.quantity - choice.freeQuantity) * choice.priceDelta;
    choices.push(...inGroup);
  }
  return { choices, total };
}

/** The default choices of the groups (each default once; sold-out defaults are left out). */
export function defaultSelections(groups: readonly ChoiceGroup[]): ChoiceSelection[] {
  return groups.flatMap((group) =>
    group.options
      .filter((option) => option.isDefault && option.availabilityType === 'AVAILABLE')
      .map((option) => ({ optionId: option.id, quantity: 1 })),
  );
}

/** What the defaults add to an item's price: a card shows `priceGross` plus this, never less than the dialog. */
export function defaultChoicesPrice(groups: readonly ChoiceGroup[]): number {
  return priceChoices(groups, defaultSelections(groups)).total;
}

/**
 * The same choices in a canonical order (by option id), so two lines of one dish with the same choices
 * compare equal however they were ticked: the cart's key and "the same choices add up".
 */
export function choicesKey(selections: readonly ChoiceSelection[]): string {
  return [...selections]
    .filter((s) => s.quantity > 0)
    .sort((a, b) => a.optionId - b.optionId)
    .map((s) => `${s.optionId}x${s.quantity}`)
    .join(',');
}

/** The problems with a group's own settings (the menu file and the editor refuse a group that has any). */
export function optionGroupSettingProblems(group: {
  kind: OptionGroupKind;
  minChoices: number;
  maxChoices: number;
  freeChoices: number;
  options: readonly { isDefault: boolean }[];
}): { field: 'minChoices' | 'maxChoices' | 'freeChoices' | 'options'; message: string }[] {
  const problems: { field: 'minChoices' | 'maxChoices' | 'freeChoices' | 'options'; message: string }[] = [];
  if (group.maxChoices < 1) problems.push({ field: 'maxChoices', message: 'must be at least 1' });
  if (group.minChoices > group.maxChoices) {
    problems.push({ field: 'minChoices', message: 'must not be more than maxChoices' });
  }
  if (group.kind === 'SINGLE' && group.maxChoices !== 1) {
    problems.push({ field: 'maxChoices', message: 'must be 1 for a single choice' });
  }
  if (group.kind !== 'QUANTITY' && group.maxChoices > group.options.length) {
    problems.push({ field: 'maxChoices', message: 'must not be more than the number of options' });
  }
  if (group.freeChoices > group.maxChoices) {
    problems.push({ field: 'freeChoices', message: 'must not be more than maxChoices' });
  }
  if (group.options.length === 0)
    problems.push({ field: 'options', message: 'must list at least one option' });
  if (group.options.filter((o) => o.isDefault).length > group.maxChoices) {
    problems.push({ field: 'options', message: 'has more default options than maxChoices allows' });
  }
  return problems;
}

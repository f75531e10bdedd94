import { sortAllergens } from '@tablo/contract/allergen-order';
import type { MenuFile } from '@tablo/contract/menu-import';
import { formatPath } from '../menu-import/parse-menu-file.ts';
import { uniqueRef } from './draft-edits.ts';

/**
 * The editor's changes to the draft's option groups (issue 27), as pure functions like draft-edits.ts:
 * a group is saved whole, options included; the result is validated by the menu file's schema on save.
 */

export type DraftOptionGroup = MenuFile['optionGroups'][number];
export type OptionGroupFields = Omit<DraftOptionGroup, 'ref'>;

export const optionGroupKey = (ref: string) => `g:${ref}`;
/** Set when the editor changed an option's availability (publish keeps the waiters' value otherwise). */
export const optionAvailabilityKey = (group: string, option: string) => `a:${group}/${option}`;

export function findOptionGroup(menu: MenuFile, ref: string): DraftOptionGroup | undefined {
  return menu.optionGroups.find((group) => group.ref === ref);
}

/** A group ref made from a title, made unique among the groups with a number if taken. */
export function newOptionGroupRef(menu: MenuFile, title: string): string {
  return uniqueRef(title, 'choices', (ref) => findOptionGroup(menu, ref) !== undefined);
}

/** Allergens of each option once, in the specification's order. */
function normalised(fields: OptionGroupFields): OptionGroupFields {
  return {
    ...fields,
    options: fields.options.map((option) => ({
      ...option,
      allergens: sortAllergens([...new Set(option.allergens)].map((type) => ({ type }))).map((a) => a.type),
    })),
  };
}

export function saveOptionGroup(menu: MenuFile, ref: string, fields: OptionGroupFields): MenuFile {
  return {
    ...menu,
    optionGroups: menu.optionGroups.map((group) =>
      group.ref === ref ? { ...normalised(fields), ref } : group,
    ),
  };
}

export function addOptionGroup(menu: MenuFile, ref: string, fields: OptionGroupFields): MenuFile {
  return { ...menu, optionGroups: [...menu.optionGroups, { ...normalised(fields), ref }] };
}

/** The options whose availability the save changes (new options count as set by the editor). */
export function changedAvailability(
  before: DraftOptionGroup | undefined,
  after: OptionGroupFields,
): string[] {
  return after.options
    .filter((option) => {
      const was = before?.options.find((candidate) => candidate.ref === option.ref);
      return was === undefined || was.availabilityType !== option.availabilityType;
    })
    .map((option) => option.ref);
}

/** `optionGroups[1].maxChoices` → `group.maxChoices` when that is the group being saved. */
export function renameOptionGroupPath(menu: MenuFile, ref: string): (path: string) => string {
  const gi = menu.optionGroups.findIndex((group) => group.ref === ref);
  if (gi < 0) return (path) => path;
  const prefix = formatPath(['optionGroups', gi]);
  return (path) =>
    path === prefix || path.startsWith(`${prefix}.`) || path.startsWith(`${prefix}[`)
      ? `group${path.slice(prefix.length)}`
      : path;
}

import { sortAllergens } from '@tablo/contract/allergens';
import {
  type ChoiceProblem,
  type ChoiceSelection,
  checkChoices,
  priceChoices,
} from '@tablo/contract/choices';
import { LANGUAGE_CODES, type LanguageCode } from '@tablo/contract/languages';
import type { OrderChoice } from '@tablo/contract/menu-options';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rowsOf } from '../../db/rows.ts';
import type { GroupForOrder, MenuItemForOrder } from './repository.ts';

/**
 * Issue 27 (docs/decisions/067): a line's choices checked against the item's groups as the database holds
 * them (contract/src/choices.ts is the rule), priced, and kept as a snapshot. Defaults are never applied
 * here: what the diner did not choose is not in the order.
 */

const KNOWN_LANGUAGES = new Set<string>(LANGUAGE_CODES);

type Titles = { isoCode: string; title: string }[];

function english(titles: Titles, fallback: string): string {
  return (titles.find((t) => t.isoCode === 'en') ?? titles[0])?.title ?? fallback;
}

function snapshotTitles(titles: Titles): OrderChoice['titles'] {
  return titles
    .filter((t) => KNOWN_LANGUAGES.has(t.isoCode))
    .map((t) => ({ isoCode: t.isoCode as LanguageCode, title: t.title }));
}

/** What one unit of the line costs with its choices, and the choices as the order keeps them. */
export function priceLine(
  item: MenuItemForOrder,
  selections: readonly ChoiceSelection[],
): { unitPrice: number; choices: OrderChoice[] } {
  const { choices, total } = priceChoices(item.groups, selections);
  const groups = new Map(item.groups.map((group) => [group.id, group]));
  return {
    unitPrice: item.priceGross + total,
    choices: choices.map((choice) => {
      const group = groups.get(choice.groupId) as GroupForOrder;
      const option = group.options.find((o) => o.id === choice.optionId);
      return {
        optionId: choice.optionId,
        groupId: choice.groupId,
        groupTitles: snapshotTitles(group.titles),
        titles: snapshotTitles(option?.titles ?? []),
        quantity: choice.quantity,
        freeQuantity: choice.freeQuantity,
        priceDelta: choice.priceDelta,
        allergens: sortAllergens((option?.allergens ?? []).map((type) => ({ type }))).map((a) => a.type),
      };
    }),
  };
}

/** The problems of every line, each with its dish (checked first: `checkChoices`). */
export function lineChoiceProblems(
  lines: readonly { item: MenuItemForOrder; choices: readonly ChoiceSelection[] }[],
): { item: MenuItemForOrder; problem: ChoiceProblem }[] {
  return lines.flatMap(({ item, choices }) =>
    checkChoices(item.groups, choices).map((problem) => ({ item, problem })),
  );
}

/** Options of the restaurant (any group, any item), by id: to tell "another item's option" from "unknown". */
async function optionsOfRestaurant(
  tx: Db,
  restaurantId: number,
  optionIds: readonly number[],
): Promise<Map<number, { group: string; option: string }>> {
  if (optionIds.length === 0) return new Map();
  const result = await tx.execute(sql`
    select o.id,
      coalesce((select t.title from menu_option_translation t where t.option_id = o.id
        order by (t.iso_code = 'en') desc, t.id limit 1), '') as option,
      coalesce((select t.title from menu_option_group_translation t where t.group_id = g.id
        order by (t.iso_code = 'en') desc, t.id limit 1), '') as "group"
    from menu_option o join menu_option_group g on g.id = o.group_id
    where g.restaurant_id = ${restaurantId}
      and o.id in (select value::int from jsonb_array_elements_text(${JSON.stringify(optionIds)}::jsonb))`);
  return new Map(
    rowsOf<{ id: number | string; option: string; group: string }>(result).map((row) => [
      Number(row.id),
      { group: row.group, option: row.option },
    ]),
  );
}

/** English messages naming the dish, the group and the option (like the other order errors). */
export async function describeProblems(
  tx: Db,
  restaurantId: number,
  problems: readonly { item: MenuItemForOrder; problem: ChoiceProblem }[],
  dishOf: (item: MenuItemForOrder) => string,
): Promise<string[]> {
  const unknownIds = problems.filter((p) => p.problem.code === 'unknown').map((p) => p.problem.optionId ?? 0);
  const elsewhere = await optionsOfRestaurant(tx, restaurantId, unknownIds);
  return problems.map(({ item, problem }) => {
    const dish = dishOf(item);
    if (problem.code === 'unknown') {
      const other = elsewhere.get(problem.optionId ?? 0);
      return other
        ? `${dish}: option ${problem.optionId} (${other.option}, ${other.group}) is another item's option`
        : `${dish}: option ${problem.optionId} is not on this restaurant's menu`;
    }
    const group = item.groups.find((g) => g.id === problem.groupId);
    const groupName = group ? `"${english(group.titles, `group ${group.id}`)}"` : 'a group';
    const option = group?.options.find((o) => o.id === problem.optionId);
    const optionName = option ? `"${english(option.titles, `option ${option.id}`)}"` : '';
    switch (problem.code) {
      case 'required':
        return `${dish}: a choice of ${groupName} is required`;
      case 'too_few':
        return `${dish}: choose at least ${group?.minChoices} of ${groupName}`;
      case 'too_many':
        return `${dish}: choose at most ${group?.maxChoices} of ${groupName}`;
      case 'sold_out':
        return `${dish}: ${optionName} of ${groupName} is sold out`;
      case 'duplicate':
        return `${dish}: ${optionName} of ${groupName} is chosen more than once`;
      default:
        // 'not_repeatable'
        return `${dish}: ${optionName} of ${groupName} can be chosen only once`;
    }
  });
}

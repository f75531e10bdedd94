import type { ChoiceProblem } from '@tablo/contract/choices';
import type { MenuOptionGroup } from '@tablo/contract/menu-options';
import type { TFunction } from '../../../../lib/texts/texts.ts';

/** What is wrong with a group's choice, in the diner's language (issue 27: said before adding to the cart). */
export function problemText(
  t: TFunction,
  problem: ChoiceProblem,
  groupTitle: string,
  group: Pick<MenuOptionGroup, 'minChoices' | 'maxChoices'>,
  optionTitle: (optionId: number | null) => string,
): string {
  switch (problem.code) {
    case 'required':
      return t('problem_required', { group: groupTitle });
    case 'too_few':
      return t('problem_under_min', { group: groupTitle, count: group.minChoices });
    case 'too_many':
      return t('problem_over_max', { group: groupTitle, count: group.maxChoices });
    case 'sold_out':
      return t('problem_sold_out', { option: optionTitle(problem.optionId) });
    default:
      return t('problem_unknown');
  }
}

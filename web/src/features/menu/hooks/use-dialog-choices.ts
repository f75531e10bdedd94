import type { AllergenType } from '@tablo/contract/allergens';
import {
  type ChoiceProblem,
  type ChoiceSelection,
  checkChoices,
  priceChoices,
} from '@tablo/contract/choices';
import type { MenuItem } from '@tablo/contract/menu';
import type { MenuOptionGroup } from '@tablo/contract/menu-options';
import { type RefObject, useMemo, useRef, useState } from 'react';
import { groupsOf, useMenuOptions } from '../../../lib/menu-options-query.ts';
import { defaultsAvoiding } from '../utils/avoiding-defaults.ts';

export type DialogChoicesState = {
  selections: ChoiceSelection[];
  unitPrice: number;
  ready: boolean;
  confirm: () => boolean;
  done: () => void;
  hasChoices: boolean;
  groups: MenuOptionGroup[];
  setSelections: (selections: ChoiceSelection[]) => void;
  /** The problems to show (none until the diner tried to add). */
  shownProblems: ChoiceProblem[];
  status: 'pending' | 'error' | 'success';
  retry: () => void;
  /** Holds the groups: focus goes to the first group with a problem. */
  root: RefObject<HTMLDivElement | null>;
};

/**
 * Issue 27: the choices of the open dish — the groups (loaded with the dialog), the defaults preselected
 * (steered away from the allergens the diner avoids), the price of one unit with what is chosen, and the
 * problems, shown once the diner tries to add.
 */
export function useDialogChoices(
  item: MenuItem,
  shortName: string,
  avoid: readonly AllergenType[],
  onDone: () => void,
): DialogChoicesState {
  const hasChoices = item.optionGroupIds.length > 0;
  const options = useMenuOptions(shortName, hasChoices);
  const groups = useMemo(() => groupsOf(options.data, item), [options.data, item]);
  const [chosen, setChosen] = useState<ChoiceSelection[] | null>(null);
  const [tried, setTried] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const ready = !hasChoices || options.data !== undefined;
  const selections = useMemo(() => chosen ?? defaultsAvoiding(groups, avoid), [chosen, groups, avoid]);
  const problems = useMemo(() => checkChoices(groups, selections), [groups, selections]);
  // Until the groups arrive, the card's figure (the defaults' price, from the menu) stands.
  const unitPrice =
    item.priceGross +
    (hasChoices && options.data ? priceChoices(groups, selections).total : item.defaultChoicesPrice);

  function confirm(): boolean {
    if (!ready) return false;
    if (problems.length === 0) return true;
    setTried(true);
    const first = problems[0];
    const container = root.current;
    const target =
      first?.groupId != null
        ? container?.querySelector<HTMLElement>(
            `[data-group-id="${first.groupId}"] :is(input, button):not(:disabled)`,
          )
        : null;
    (target ?? container?.querySelector<HTMLElement>('input:not(:disabled), button:not(:disabled)'))?.focus();
    return false;
  }

  return {
    hasChoices,
    groups,
    selections,
    setSelections: setChosen,
    unitPrice,
    ready,
    confirm,
    done: onDone,
    shownProblems: tried ? problems : [],
    status: options.status,
    retry: () => void options.refetch(),
    root,
  };
}

import type { LanguageCode } from '@tablo/contract/language-list';
import type { OrderChoice } from '@tablo/contract/menu-options';
import { pickTitle } from './pick-title.ts';

/** One chosen option of a line as shown: its title, how many, and what it added to one unit. */
export type ShownChoice = { optionId: number; title: string; quantity: number; extra: number };

/** An order line's choices as shown, titles by spec §4's rule from the snapshot kept with the order. */
export function shownOrderChoices(
  choices: readonly OrderChoice[],
  language: LanguageCode | string,
  placeholder: string,
): ShownChoice[] {
  return choices.map((choice) => ({
    optionId: choice.optionId,
    title: pickTitle(choice.titles, language, placeholder),
    quantity: choice.quantity,
    extra: (choice.quantity - choice.freeQuantity) * choice.priceDelta,
  }));
}

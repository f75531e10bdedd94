import type { ChoiceSelection } from '@tablo/contract/choices';

/**
 * Issue 27: what the details dialog of a dish with choices hands the screen's action (the order route's
 * "Add") — the chosen options, the price of one unit with them, and `confirm`, which shows what is missing
 * (focus on the first problem) and says whether the line may go in the cart. Shared by the menu feature
 * (which renders the dialog) and the ordering feature (which adds to the cart).
 */
export type DialogChoices = {
  selections: ChoiceSelection[];
  unitPrice: number;
  /** The groups are loaded (until then nothing can be added). */
  ready: boolean;
  confirm: () => boolean;
  /** The line went in the cart: the dialog closes. */
  done: () => void;
};

export type MenuItemActionContext = {
  /** On a card: opens the dish's dialog (a dish with choices is added from there). */
  openDialog?: () => void;
  /** In the dialog: the choices of a dish with choices once their chunk runs, else null (nothing to choose, or not yet). */
  choices?: DialogChoices | null;
};

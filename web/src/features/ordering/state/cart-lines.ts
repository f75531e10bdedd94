import { type ChoiceSelection, choicesKey } from '@tablo/contract/choices';
import { MAX_LINES_PER_ORDER, MAX_NOTE_LENGTH, MAX_QUANTITY_PER_LINE } from '@tablo/contract/order';

/**
 * A cart line is a dish with its choices and its note: one goulash "no onions" and one without are two
 * lines (issue 24 §11), and so are a small and a large coffee (issue 27). `id` tells lines of one dish apart
 * on the device; it is never sent.
 */
export type CartLine = {
  id: number;
  menuItemId: number;
  quantity: number;
  note: string;
  choices: ChoiceSelection[];
};

/** What POST /api/orders takes for a line. */
export type OrderLine = { menuItemId: number; quantity: number; note: string; choices: ChoiceSelection[] };

/** The same dish with the same choices (in any order). */
function sameChoices(a: readonly ChoiceSelection[], b: readonly ChoiceSelection[]): boolean {
  return choicesKey(a) === choicesKey(b);
}

function clampQuantity(quantity: number): number {
  return Math.min(MAX_QUANTITY_PER_LINE, Math.max(1, Math.round(quantity)));
}

function nextId(lines: readonly CartLine[]): number {
  return lines.reduce((max, line) => Math.max(max, line.id), 0) + 1;
}

/**
 * "Add" on a dish: more of its line with the same choices and no note, or a new line when there is none
 * (other choices, or every such line has a note). "Order again" passes the earlier line's note too.
 */
export function addUnits(
  lines: readonly CartLine[],
  menuItemId: number,
  quantity = 1,
  choices: readonly ChoiceSelection[] = [],
  note = '',
): CartLine[] {
  const same = lines.find(
    (line) =>
      line.menuItemId === menuItemId &&
      line.note.trim() === note.trim() &&
      sameChoices(line.choices, choices) &&
      line.quantity < MAX_QUANTITY_PER_LINE,
  );
  if (same) return updateLine(lines, same.id, { quantity: same.quantity + quantity });
  if (lines.length >= MAX_LINES_PER_ORDER) return [...lines];
  return [
    ...lines,
    {
      id: nextId(lines),
      menuItemId,
      quantity: clampQuantity(quantity),
      note: note.slice(0, MAX_NOTE_LENGTH),
      choices: choices.filter((choice) => choice.quantity > 0).map((choice) => ({ ...choice })),
    },
  ];
}

export function updateLine(
  lines: readonly CartLine[],
  id: number,
  change: Partial<Pick<CartLine, 'quantity' | 'note'>>,
): CartLine[] {
  return lines.map((line) =>
    line.id === id
      ? {
          ...line,
          quantity: change.quantity === undefined ? line.quantity : clampQuantity(change.quantity),
          note: change.note === undefined ? line.note : change.note.slice(0, MAX_NOTE_LENGTH),
        }
      : line,
  );
}

export function removeLine(lines: readonly CartLine[], id: number): CartLine[] {
  return lines.filter((line) => line.id !== id);
}

/**
 * "A different note for one": one unit of a line leaves it as a line of its own, right below, without a
 * note, for the diner to write one. Returns the lines and the new line's id (null when it cannot split).
 */
export function splitOne(
  lines: readonly CartLine[],
  id: number,
): { lines: CartLine[]; newId: number | null } {
  const index = lines.findIndex((line) => line.id === id);
  const line = lines[index];
  if (!line || line.quantity < 2 || lines.length >= MAX_LINES_PER_ORDER)
    return { lines: [...lines], newId: null };
  const newId = nextId(lines);
  const next = [...lines];
  next.splice(
    index,
    1,
    { ...line, quantity: line.quantity - 1 },
    { ...line, id: newId, quantity: 1, note: '' },
  );
  return { lines: next, newId };
}

/** Units of one dish across its lines, whatever their choices (the "2 in the cart" beside Add). */
export function unitsOf(lines: readonly CartLine[], menuItemId: number): number {
  return lines.reduce((sum, line) => sum + (line.menuItemId === menuItemId ? line.quantity : 0), 0);
}

/**
 * The order's lines: notes trimmed, and lines that ended up alike (the same dish, choices and note) sent as
 * one while they fit in a line; different notes or choices always stay different lines.
 */
export function orderLines(lines: readonly CartLine[]): OrderLine[] {
  const result: OrderLine[] = [];
  for (const line of lines) {
    const note = line.note.trim();
    const same = result.find(
      (o) =>
        o.menuItemId === line.menuItemId &&
        o.note === note &&
        sameChoices(o.choices, line.choices) &&
        o.quantity + line.quantity <= MAX_QUANTITY_PER_LINE,
    );
    if (same) same.quantity += line.quantity;
    else
      result.push({
        menuItemId: line.menuItemId,
        quantity: line.quantity,
        note,
        choices: line.choices.map(({ optionId, quantity }) => ({ optionId, quantity })),
      });
  }
  return result;
}

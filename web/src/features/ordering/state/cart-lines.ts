import { MAX_LINES_PER_ORDER, MAX_NOTE_LENGTH, MAX_QUANTITY_PER_LINE } from '@tablo/contract/order';

/**
 * A cart line is a dish with its note (and, later, its choices): one goulash "no onions" and one without
 * are two lines (issue 24 §11). `id` tells lines of one dish apart on the device; it is never sent.
 */
export type CartLine = { id: number; menuItemId: number; quantity: number; note: string };

/** What POST /api/orders takes for a line. */
export type OrderLine = { menuItemId: number; quantity: number; note: string };

function clampQuantity(quantity: number): number {
  return Math.min(MAX_QUANTITY_PER_LINE, Math.max(1, Math.round(quantity)));
}

function nextId(lines: readonly CartLine[]): number {
  return lines.reduce((max, line) => Math.max(max, line.id), 0) + 1;
}

/** "Add" on a dish: one more of its line without a note, or a new line when every line of it has one. */
export function addUnits(lines: readonly CartLine[], menuItemId: number, quantity = 1): CartLine[] {
  const plain = lines.find(
    (line) =>
      line.menuItemId === menuItemId && line.note.trim() === '' && line.quantity < MAX_QUANTITY_PER_LINE,
  );
  if (plain) return updateLine(lines, plain.id, { quantity: plain.quantity + quantity });
  if (lines.length >= MAX_LINES_PER_ORDER) return [...lines];
  return [...lines, { id: nextId(lines), menuItemId, quantity: clampQuantity(quantity), note: '' }];
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

/** Units of one dish across its lines (the "2 in the cart" beside Add). */
export function unitsOf(lines: readonly CartLine[], menuItemId: number): number {
  return lines.reduce((sum, line) => sum + (line.menuItemId === menuItemId ? line.quantity : 0), 0);
}

/**
 * The order's lines: notes trimmed, and lines that ended up alike (the same dish, the same note) sent as
 * one while they fit in a line; different notes always stay different lines.
 */
export function orderLines(lines: readonly CartLine[]): OrderLine[] {
  const result: OrderLine[] = [];
  for (const line of lines) {
    const note = line.note.trim();
    const same = result.find(
      (o) =>
        o.menuItemId === line.menuItemId &&
        o.note === note &&
        o.quantity + line.quantity <= MAX_QUANTITY_PER_LINE,
    );
    if (same) same.quantity += line.quantity;
    else result.push({ menuItemId: line.menuItemId, quantity: line.quantity, note });
  }
  return result;
}

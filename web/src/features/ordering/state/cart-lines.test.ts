import { MAX_QUANTITY_PER_LINE } from '@tablo/contract/order';
import { describe, expect, it } from 'vitest';
import { addUnits, type CartLine, orderLines, splitOne, unitsOf, updateLine } from './cart-lines.ts';

const goulash = 11;

describe('cart lines (issue 24 §11: a dish with its note)', () => {
  it('adds to the line of the dish without a note, and starts one when every line has a note', () => {
    let lines = addUnits([], goulash);
    lines = addUnits(lines, goulash);
    expect(lines).toEqual([{ id: 1, menuItemId: goulash, quantity: 2, note: '' }]);
    lines = updateLine(lines, 1, { note: 'no onions' });
    lines = addUnits(lines, goulash);
    expect(lines).toEqual([
      { id: 1, menuItemId: goulash, quantity: 2, note: 'no onions' },
      { id: 2, menuItemId: goulash, quantity: 1, note: '' },
    ]);
    expect(unitsOf(lines, goulash)).toBe(3);
  });

  it('splits one unit off a line, right below it, without a note', () => {
    const lines: CartLine[] = [
      { id: 1, menuItemId: goulash, quantity: 3, note: 'spicy' },
      { id: 2, menuItemId: 21, quantity: 1, note: '' },
    ];
    const split = splitOne(lines, 1);
    expect(split.newId).toBe(3);
    expect(split.lines.map((l) => [l.id, l.quantity, l.note])).toEqual([
      [1, 2, 'spicy'],
      [3, 1, ''],
      [2, 1, ''],
    ]);
    expect(splitOne(lines, 2)).toEqual({ lines, newId: null });
  });

  it('sends different notes as different lines, alike lines as one (within the line limit)', () => {
    const lines: CartLine[] = [
      { id: 1, menuItemId: goulash, quantity: 1, note: 'no onions ' },
      { id: 2, menuItemId: goulash, quantity: 2, note: '' },
      { id: 3, menuItemId: goulash, quantity: 1, note: 'no onions' },
      { id: 4, menuItemId: goulash, quantity: MAX_QUANTITY_PER_LINE, note: '' },
    ];
    expect(orderLines(lines)).toEqual([
      { menuItemId: goulash, quantity: 2, note: 'no onions' },
      { menuItemId: goulash, quantity: 2, note: '' },
      { menuItemId: goulash, quantity: MAX_QUANTITY_PER_LINE, note: '' },
    ]);
  });
});

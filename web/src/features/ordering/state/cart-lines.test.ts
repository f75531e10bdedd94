import { MAX_QUANTITY_PER_LINE } from '@tablo/contract/order';
import { describe, expect, it } from 'vitest';
import { addUnits, type CartLine, orderLines, splitOne, unitsOf, updateLine } from './cart-lines.ts';

const goulash = 11;

describe('cart lines (issue 24 §11: a dish with its note)', () => {
  it('adds to the line of the dish without a note, and starts one when every line has a note', () => {
    let lines = addUnits([], goulash);
    lines = addUnits(lines, goulash);
    expect(lines).toEqual([{ id: 1, menuItemId: goulash, quantity: 2, note: '', choices: [] }]);
    lines = updateLine(lines, 1, { note: 'no onions' });
    lines = addUnits(lines, goulash);
    expect(lines).toEqual([
      { id: 1, menuItemId: goulash, quantity: 2, note: 'no onions', choices: [] },
      { id: 2, menuItemId: goulash, quantity: 1, note: '', choices: [] },
    ]);
    expect(unitsOf(lines, goulash)).toBe(3);
  });

  it('splits one unit off a line, right below it, without a note', () => {
    const lines: CartLine[] = [
      { id: 1, menuItemId: goulash, quantity: 3, note: 'spicy', choices: [] },
      { id: 2, menuItemId: 21, quantity: 1, note: '', choices: [] },
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
      { id: 1, menuItemId: goulash, quantity: 1, note: 'no onions ', choices: [] },
      { id: 2, menuItemId: goulash, quantity: 2, note: '', choices: [] },
      { id: 3, menuItemId: goulash, quantity: 1, note: 'no onions', choices: [] },
      { id: 4, menuItemId: goulash, quantity: MAX_QUANTITY_PER_LINE, note: '', choices: [] },
    ];
    expect(orderLines(lines)).toEqual([
      { menuItemId: goulash, quantity: 2, note: 'no onions', choices: [] },
      { menuItemId: goulash, quantity: 2, note: '', choices: [] },
      { menuItemId: goulash, quantity: MAX_QUANTITY_PER_LINE, note: '', choices: [] },
    ]);
  });

  it('keeps the same dish with other choices on another line, and adds up the same choices in any order', () => {
    const coffee = 31;
    let lines = addUnits([], coffee, 1, [
      { optionId: 1, quantity: 1 },
      { optionId: 5, quantity: 2 },
    ]);
    lines = addUnits(lines, coffee, 1, [{ optionId: 2, quantity: 1 }]);
    lines = addUnits(lines, coffee, 2, [
      { optionId: 5, quantity: 2 },
      { optionId: 1, quantity: 1 },
    ]);
    expect(lines.map((l) => [l.quantity, l.choices.map((c) => c.optionId)])).toEqual([
      [3, [1, 5]],
      [1, [2]],
    ]);
    expect(orderLines(lines)).toEqual([
      {
        menuItemId: coffee,
        quantity: 3,
        note: '',
        choices: [
          { optionId: 1, quantity: 1 },
          { optionId: 5, quantity: 2 },
        ],
      },
      { menuItemId: coffee, quantity: 1, note: '', choices: [{ optionId: 2, quantity: 1 }] },
    ]);
  });
});

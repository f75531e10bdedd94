import { describe, expect, it } from 'vitest';
import { moved } from './move.ts';

const order = [
  { ref: 'soups', items: ['goulash', 'broth'] },
  { ref: 'mains', items: ['stew'] },
];

describe('moved', () => {
  it('moves a category and names every category and item once', () => {
    expect(moved(order, { kind: 'category', ref: 'mains' }, 0)).toEqual({
      order: [order[1], order[0]],
      position: 1,
      count: 2,
    });
  });
  it('moves an item inside its category only', () => {
    expect(moved(order, { kind: 'item', ref: 'broth' }, 0)?.order).toEqual([
      { ref: 'soups', items: ['broth', 'goulash'] },
      { ref: 'mains', items: ['stew'] },
    ]);
    expect(moved(order, { kind: 'item', ref: 'stew' }, 1)).toBeNull();
    expect(moved(order, { kind: 'category', ref: 'soups' }, -1)).toBeNull();
  });
});

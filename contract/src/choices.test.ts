import { describe, expect, it } from 'vitest';
import {
  type ChoiceGroup,
  checkChoices,
  choicesKey,
  defaultChoicesPrice,
  optionGroupSettingProblems,
  priceChoices,
} from './choices.ts';

const option = (id: number, priceDelta = 0, extra: Partial<ChoiceGroup['options'][number]> = {}) => ({
  id,
  priceDelta,
  availabilityType: 'AVAILABLE' as const,
  isDefault: false,
  ...extra,
});

const doneness: ChoiceGroup = {
  id: 1,
  kind: 'SINGLE',
  minChoices: 1,
  maxChoices: 1,
  freeChoices: 0,
  options: [option(11), option(12), option(13)],
};
const sauces: ChoiceGroup = {
  id: 2,
  kind: 'QUANTITY',
  minChoices: 0,
  maxChoices: 4,
  freeChoices: 2,
  options: [option(21, 200), option(22, 300), option(23, 0, { availabilityType: 'SOLD_OUT' })],
};
const extras: ChoiceGroup = {
  id: 3,
  kind: 'MULTIPLE',
  minChoices: 2,
  maxChoices: 3,
  freeChoices: 0,
  options: [option(31, 100), option(32, 100), option(33, 100), option(34, 100)],
};

describe('checkChoices', () => {
  it('accepts a line within every group’s bounds', () => {
    expect(
      checkChoices(
        [doneness, sauces, extras],
        [
          { optionId: 12, quantity: 1 },
          { optionId: 21, quantity: 3 },
          { optionId: 31, quantity: 1 },
          { optionId: 33, quantity: 1 },
        ],
      ),
    ).toEqual([]);
  });

  it('names the group that is required, has too few or too many', () => {
    expect(checkChoices([doneness], [])).toEqual([{ code: 'required', groupId: 1, optionId: null }]);
    expect(checkChoices([extras], [{ optionId: 31, quantity: 1 }])).toEqual([
      { code: 'too_few', groupId: 3, optionId: null },
    ]);
    expect(
      checkChoices(
        [doneness],
        [
          { optionId: 11, quantity: 1 },
          { optionId: 12, quantity: 1 },
        ],
      ),
    ).toEqual([{ code: 'too_many', groupId: 1, optionId: null }]);
    expect(checkChoices([sauces], [{ optionId: 21, quantity: 5 }])).toEqual([
      { code: 'too_many', groupId: 2, optionId: null },
    ]);
  });

  it('names the option that is sold out, unknown, repeated or taken twice where once is the most', () => {
    expect(checkChoices([sauces], [{ optionId: 23, quantity: 1 }])).toEqual([
      { code: 'sold_out', groupId: 2, optionId: 23 },
    ]);
    expect(
      checkChoices(
        [doneness],
        [
          { optionId: 99, quantity: 1 },
          { optionId: 11, quantity: 1 },
        ],
      ),
    ).toEqual([{ code: 'unknown', groupId: null, optionId: 99 }]);
    expect(
      checkChoices(
        [doneness],
        [
          { optionId: 11, quantity: 1 },
          { optionId: 11, quantity: 1 },
        ],
      ),
    ).toEqual([{ code: 'duplicate', groupId: 1, optionId: 11 }]);
    expect(checkChoices([extras], [{ optionId: 31, quantity: 2 }])).toEqual([
      { code: 'not_repeatable', groupId: 3, optionId: 31 },
    ]);
  });
});

describe('priceChoices', () => {
  it('makes the cheapest units free, whatever order they were chosen in', () => {
    const priced = priceChoices(
      [sauces],
      [
        { optionId: 22, quantity: 1 },
        { optionId: 21, quantity: 2 },
      ],
    );
    // 2 × 200 free, 1 × 300 paid.
    expect(priced.total).toBe(300);
    expect(priced.choices).toEqual([
      { optionId: 21, groupId: 2, quantity: 2, freeQuantity: 2, priceDelta: 200 },
      { optionId: 22, groupId: 2, quantity: 1, freeQuantity: 0, priceDelta: 300 },
    ]);
    expect(priceChoices([sauces], [{ optionId: 21, quantity: 4 }]).total).toBe(400);
  });

  it('adds the defaults to the shown price; a sold-out default is not chosen', () => {
    const size: ChoiceGroup = {
      id: 4,
      kind: 'SINGLE',
      minChoices: 1,
      maxChoices: 1,
      freeChoices: 0,
      options: [option(41, 0), option(42, 800, { isDefault: true })],
    };
    expect(defaultChoicesPrice([size])).toBe(800);
    expect(
      defaultChoicesPrice([
        { ...size, options: [option(42, 800, { isDefault: true, availabilityType: 'SOLD_OUT' })] },
      ]),
    ).toBe(0);
  });
});

describe('choicesKey', () => {
  it('is the same for the same choices in any order, and differs for others', () => {
    const a = choicesKey([
      { optionId: 21, quantity: 1 },
      { optionId: 12, quantity: 1 },
    ]);
    expect(a).toBe(
      choicesKey([
        { optionId: 12, quantity: 1 },
        { optionId: 21, quantity: 1 },
      ]),
    );
    expect(a).not.toBe(
      choicesKey([
        { optionId: 12, quantity: 1 },
        { optionId: 21, quantity: 2 },
      ]),
    );
    expect(choicesKey([])).toBe('');
  });
});

describe('optionGroupSettingProblems', () => {
  it('refuses bounds that cannot be met', () => {
    expect(optionGroupSettingProblems({ ...extras, minChoices: 4 }).map((p) => p.field)).toEqual([
      'minChoices',
    ]);
    expect(optionGroupSettingProblems({ ...extras, maxChoices: 5 }).map((p) => p.field)).toEqual([
      'maxChoices',
    ]);
    expect(optionGroupSettingProblems({ ...doneness, maxChoices: 2 })[0]).toEqual({
      field: 'maxChoices',
      message: 'must be 1 for a single choice',
    });
    expect(optionGroupSettingProblems({ ...sauces, freeChoices: 5 })[0]?.field).toBe('freeChoices');
    expect(optionGroupSettingProblems(doneness)).toEqual([]);
  });
});

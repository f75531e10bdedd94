import { describe, expect, it } from 'vitest';
import { unavoidableChoiceAllergens } from './dietary-choices.ts';

const option = (allergens: ('MILK' | 'SOYBEANS')[], soldOut = false) => ({
  allergens: allergens.map((type) => ({ type })),
  availabilityType: soldOut ? 'SOLD_OUT' : 'AVAILABLE',
});
const avoided = new Set(['MILK'] as const);

describe('allergens a dish cannot be made without (issue 27)', () => {
  it('a required group where every option that can be chosen holds the allergen', () => {
    const milk = { kind: 'SINGLE' as const, minChoices: 1, options: [option(['MILK']), option([], true)] };
    expect(unavoidableChoiceAllergens([milk], avoided)).toEqual(['MILK']);
  });

  it('not when one option is free of it, or when the group may be left out', () => {
    const required = {
      kind: 'SINGLE' as const,
      minChoices: 1,
      options: [option(['MILK']), option(['SOYBEANS'])],
    };
    const optional = { kind: 'SINGLE' as const, minChoices: 0, options: [option(['MILK'])] };
    expect(unavoidableChoiceAllergens([required, optional], avoided)).toEqual([]);
  });

  it('several different options needed and too few without it', () => {
    const two = {
      kind: 'MULTIPLE' as const,
      minChoices: 2,
      options: [option(['MILK']), option([]), option(['MILK'])],
    };
    expect(unavoidableChoiceAllergens([two], avoided)).toEqual(['MILK']);
  });
});

import type { AllergenType } from '@tablo/contract/allergens';
import type { MenuOption, MenuOptionGroup } from '@tablo/contract/menu-options';
import { describe, expect, it } from 'vitest';
import { defaultsAvoiding } from './avoiding-defaults.ts';

let nextId = 1;
function option(
  allergens: AllergenType[],
  { priceDelta = 0, isDefault = false, soldOut = false } = {},
): MenuOption {
  const id = nextId++;
  return {
    id,
    translations: [],
    priceDelta,
    allergens: allergens.map((type) => ({ type })),
    availabilityType: soldOut ? 'SOLD_OUT' : 'AVAILABLE',
    isDefault,
    order: id,
  };
}
function group(
  options: MenuOption[],
  { kind = 'SINGLE', minChoices = 1, maxChoices = 1 } = {},
): MenuOptionGroup {
  return {
    id: nextId++,
    translations: [],
    kind: kind as MenuOptionGroup['kind'],
    minChoices,
    maxChoices,
    freeChoices: 0,
    order: 1,
    options,
  };
}

describe('the choices a dialog starts with, steered away from avoided allergens (issue 27)', () => {
  // The demo coffee's milk: cow's milk by default, oat milk +200 Ft (gluten), no milk.
  const cow = option(['MILK'], { isDefault: true });
  const oat = option(['GLUTEN'], { priceDelta: 200 });
  const none = option([]);
  const milk = group([cow, oat, none]);

  it('are the defaults when nothing is avoided, or when the defaults hold nothing avoided', () => {
    expect(defaultsAvoiding([milk], [])).toEqual([{ optionId: cow.id, quantity: 1 }]);
    expect(defaultsAvoiding([milk], ['EGGS'])).toEqual([{ optionId: cow.id, quantity: 1 }]);
  });

  it('give a default holding an avoided allergen up for the cheapest option free of it', () => {
    expect(defaultsAvoiding([milk], ['MILK'])).toEqual([{ optionId: none.id, quantity: 1 }]);
    // Gluten avoided too: still no milk, the only option free of both.
    expect(defaultsAvoiding([milk], ['MILK', 'GLUTEN'])).toEqual([{ optionId: none.id, quantity: 1 }]);
    // Without "no milk", and it sold out: the oat drink.
    const withoutNone = group([cow, oat, option([], { soldOut: true })]);
    expect(defaultsAvoiding([withoutNone], ['MILK'])).toEqual([{ optionId: oat.id, quantity: 1 }]);
  });

  it('keep the default of a required group that cannot do without the allergen (the dialog marks it)', () => {
    const onlyMilk = group([cow, option(['MILK'])]);
    expect(defaultsAvoiding([onlyMilk], ['MILK'])).toEqual([{ optionId: cow.id, quantity: 1 }]);
  });

  it('drop a default extra holding it where the group needs no choice', () => {
    const cheese = option(['MILK'], { isDefault: true, priceDelta: 300 });
    const bacon = option([], { isDefault: true, priceDelta: 400 });
    const extras = group([cheese, bacon], { kind: 'MULTIPLE', minChoices: 0, maxChoices: 2 });
    expect(defaultsAvoiding([extras], ['MILK'])).toEqual([{ optionId: bacon.id, quantity: 1 }]);
  });
});

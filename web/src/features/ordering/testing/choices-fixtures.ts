import type { AllergenType } from '@tablo/contract/allergens';
import { type ChoiceSelection, priceChoices } from '@tablo/contract/choices';
import { type Menu, type MenuItem, MenuSchema } from '@tablo/contract/menu';
import {
  type MenuOptionGroup,
  type MenuOptions,
  MenuOptionsSchema,
  type OrderChoice,
  OrderChoiceSchema,
} from '@tablo/contract/menu-options';
import type { OrderItem } from '@tablo/contract/order';

function texts(en: string, de: string) {
  return [
    { id: 1, isoCode: 'en' as const, title: en, description: '' },
    { id: 2, isoCode: 'de' as const, title: de, description: '' },
  ];
}

type OptionInput = [id: number, en: string, de: string, priceDelta: number, allergens?: AllergenType[]];

function group(
  id: number,
  [en, de]: [string, string],
  kind: MenuOptionGroup['kind'],
  [minChoices, maxChoices, freeChoices]: [number, number, number],
  options: OptionInput[],
  { defaults = [], soldOut = [] }: { defaults?: number[]; soldOut?: number[] } = {},
): MenuOptionGroup {
  return {
    id,
    translations: texts(en, de),
    kind,
    minChoices,
    maxChoices,
    freeChoices,
    order: id,
    options: options.map(([optionId, optionEn, optionDe, priceDelta, allergens = []], order) => ({
      id: optionId,
      translations: texts(optionEn, optionDe),
      priceDelta,
      allergens: allergens.map((type) => ({ type })),
      availabilityType: soldOut.includes(optionId) ? 'SOLD_OUT' : 'AVAILABLE',
      isDefault: defaults.includes(optionId),
      order,
    })),
  };
}

/**
 * Issue 27's groups: a coffee's size (required, priced) and milk (optional, oat +200 Ft, soy sold out), a
 * steak's doneness (required, no default) and sauces (a number of each, the first one free), and a latte
 * whose milk is required and every milk holds MILK (it cannot be made without it).
 */
export function choicesOptions(): MenuOptions {
  return MenuOptionsSchema.parse({
    groups: [
      group(
        1,
        ['Size', 'Größe'],
        'SINGLE',
        [1, 1, 0],
        [
          [101, 'Small', 'Klein', 0],
          [102, 'Large', 'Groß', 300],
        ],
        {
          defaults: [101],
        },
      ),
      group(
        2,
        ['Milk', 'Milch'],
        'SINGLE',
        [0, 1, 0],
        [
          [201, "Cow's milk", 'Kuhmilch', 0, ['MILK']],
          [202, 'Oat milk', 'Hafermilch', 200, ['GLUTEN']],
          [203, 'Soy milk', 'Sojamilch', 200, ['SOYBEANS']],
        ],
        { defaults: [201], soldOut: [203] },
      ),
      group(
        3,
        ['Doneness', 'Garstufe'],
        'SINGLE',
        [1, 1, 0],
        [
          [301, 'Rare', 'Englisch', 0],
          [302, 'Medium rare', 'Medium rare', 0],
          [303, 'Well done', 'Durchgebraten', 0],
        ],
      ),
      group(
        4,
        ['Sauces', 'Soßen'],
        'QUANTITY',
        [0, 3, 1],
        [
          [401, 'Pepper sauce', 'Pfeffersoße', 600],
          [402, 'Garlic sauce', 'Knoblauchsoße', 400],
        ],
      ),
      group(
        5,
        ['Latte milk', 'Lattemilch'],
        'SINGLE',
        [1, 1, 0],
        [
          [501, 'Whole milk', 'Vollmilch', 0, ['MILK']],
          [502, 'Lactose-free milk', 'Laktosefreie Milch', 100, ['MILK']],
        ],
      ),
    ],
  });
}

function dish(
  id: number,
  price: number,
  en: string,
  optionGroupIds: number[],
  defaultChoicesPrice = 0,
): MenuItem {
  return {
    id,
    priceGross: price,
    isActive: true,
    imageUrl: null,
    availabilityType: 'AVAILABLE',
    translations: texts(en, en),
    vatKey: { code: '27', valuePercent: 27 },
    order: id,
    allergens: [],
    likeCount: 0,
    dislikeCount: 0,
    optionGroupIds,
    defaultChoicesPrice,
  };
}

/** The ordering menu with a category of dishes with choices. */
export function withChoiceDishes(menu: Menu): Menu {
  return MenuSchema.parse([
    ...menu,
    {
      id: 3,
      restaurantShortName: 'demo',
      isActive: true,
      translations: texts('Choices', 'Auswahl'),
      order: 3,
      menuItems: [
        dish(31, 800, 'Coffee', [1, 2]),
        dish(22, 6990, 'Steak', [3, 4]),
        dish(32, 900, 'Latte', [5]),
      ],
    },
  ]);
}

/** The choices of an order line as the server keeps them (names, prices, allergens at the time). */
export function orderChoices(
  options: MenuOptions,
  item: Pick<MenuItem, 'optionGroupIds'>,
  selections: readonly ChoiceSelection[],
): OrderChoice[] {
  const groups = options.groups.filter((g) => item.optionGroupIds.includes(g.id));
  return priceChoices(groups, selections).choices.map((choice) => {
    const group = groups.find((g) => g.id === choice.groupId);
    const option = group?.options.find((o) => o.id === choice.optionId);
    return OrderChoiceSchema.parse({
      ...choice,
      groupTitles: (group?.translations ?? []).map(({ isoCode, title }) => ({ isoCode, title })),
      titles: (option?.translations ?? []).map(({ isoCode, title }) => ({ isoCode, title })),
      allergens: (option?.allergens ?? []).map((a) => a.type),
    });
  });
}

/** An order line of a dish with choices, priced as the server prices it (or at an older `unitPrice`). */
export function choiceOrderItem(
  id: number,
  item: MenuItem,
  options: MenuOptions,
  selections: ChoiceSelection[],
  { quantity = 1, note = '', unitPrice }: { quantity?: number; note?: string; unitPrice?: number } = {},
): OrderItem {
  const groups = options.groups.filter((g) => item.optionGroupIds.includes(g.id));
  const price = unitPrice ?? item.priceGross + priceChoices(groups, selections).total;
  return {
    id,
    menuItemId: item.id,
    titles: item.translations.map(({ isoCode, title }) => ({ isoCode, title })),
    unitPrice: price,
    vatPercent: 27,
    quantity,
    paidQuantity: 0,
    note,
    lineTotal: price * quantity,
    choices: orderChoices(options, item, selections),
  };
}

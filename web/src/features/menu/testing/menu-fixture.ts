import type { AllergenType } from '@tablo/contract/allergens';
import type { LanguageCode } from '@tablo/contract/language-list';
import { type Menu, type MenuItem, MenuSchema } from '@tablo/contract/menu';

let nextTranslationId = 1;

function translations(texts: Partial<Record<LanguageCode, [string, string]>>) {
  return Object.entries(texts).map(([isoCode, [title, description]]) => ({
    id: nextTranslationId++,
    isoCode: isoCode as LanguageCode,
    title,
    description,
  }));
}

type ItemInput = {
  id: number;
  price: number;
  texts: Partial<Record<LanguageCode, [string, string]>>;
  allergens?: AllergenType[];
  soldOut?: boolean;
  image?: boolean;
  likes?: number;
  dislikes?: number;
  optionGroupIds?: number[];
  defaultChoicesPrice?: number;
};

function item(input: ItemInput, order: number): MenuItem {
  return {
    id: input.id,
    priceGross: input.price,
    isActive: true,
    imageUrl: input.image === false ? null : `/images/menu/${input.id}.webp`,
    availabilityType: input.soldOut ? 'SOLD_OUT' : 'AVAILABLE',
    translations: translations(input.texts),
    vatKey: { code: '27', valuePercent: 27 },
    order,
    allergens: (input.allergens ?? []).map((type) => ({ type })),
    likeCount: input.likes ?? 0,
    dislikeCount: input.dislikes ?? 0,
    optionGroupIds: input.optionGroupIds ?? [],
    defaultChoicesPrice: input.defaultChoicesPrice ?? 0,
  };
}

function category(id: number, texts: Partial<Record<LanguageCode, [string, string]>>, items: ItemInput[]) {
  return {
    id,
    restaurantShortName: 'demo',
    isActive: true,
    translations: translations(texts),
    menuItems: items.map(item),
    order: id,
  };
}

/** A small Hungarian menu, checked against the contract like every answer of the test server. */
export function buildMenuFixture(): Menu {
  return MenuSchema.parse([
    category(1, { hu: ['Levesek', ''], en: ['Soups', ''] }, [
      {
        id: 11,
        price: 2490,
        texts: {
          hu: ['Gulyásleves', 'Marhahúsból, csipetkével'],
          en: ['Goulash soup', 'Beef, with pinched noodles'],
        },
        // Deliberately out of display order: the badges must still be sorted.
        allergens: ['CELERY', 'GLUTEN', 'EGGS'],
        likes: 12,
        dislikes: 1,
      },
      {
        id: 12,
        price: 1890,
        texts: {
          hu: ['Újházi tyúkhúsleves', 'Zöldségekkel, cérnametélttel'],
          de: ['Újházi-Hühnersuppe', 'Mit Gemüse'],
        },
        allergens: ['GLUTEN', 'CELERY'],
        image: false,
      },
    ]),
    category(2, { hu: ['Főételek', ''], en: ['Main courses', ''] }, [
      {
        id: 21,
        price: 3990,
        texts: {
          hu: ['Töltött káposzta', 'Füstölt tarjával, tejföllel'],
          en: ['Stuffed cabbage', 'With sour cream'],
        },
        allergens: ['MILK'],
        likes: 4,
      },
      {
        id: 22,
        price: 3690,
        texts: {
          hu: ['Rántott csirkemell', 'Petrezselymes burgonyával'],
          en: ['Breaded chicken', 'With parsley potatoes'],
        },
        allergens: ['MILK', 'GLUTEN', 'EGGS'],
        soldOut: true,
      },
    ]),
    category(3, { hu: ['Saláták', ''], en: ['Salads', ''] }, [
      {
        id: 31,
        price: 2790,
        texts: {
          hu: ['Cékla saláta', 'Pirított szezámmaggal'],
          en: ['Beetroot salad', 'With toasted sesame'],
        },
        allergens: ['SESAME', 'VEGAN'],
      },
    ]),
    category(4, { hu: ['Desszertek', ''], en: ['Desserts', ''] }, [
      {
        id: 41,
        price: 1990,
        texts: {
          hu: ['Somlói galuska', 'Csokoládéöntettel, dióval'],
          en: ['Somló sponge', 'Chocolate sauce, walnuts'],
        },
        allergens: ['NUTS', 'MILK', 'EGGS', 'GLUTEN'],
      },
    ]),
    category(5, { hu: ['Italok', ''], en: ['Drinks', ''] }, [
      {
        id: 51,
        price: 990,
        texts: { hu: ['Házi limonádé', 'Bodzás'], en: ['Homemade lemonade', 'Elderflower'] },
        allergens: ['VEGAN'],
      },
      { id: 52, price: 790, texts: {}, image: false },
    ]),
  ]);
}

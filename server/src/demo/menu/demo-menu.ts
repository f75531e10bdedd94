import type { MenuFileInput } from '@tablo/contract/menu-import';
import { FOOD_VAT, STANDARD_VAT } from './dish.ts';
import { DRINKS_CATEGORIES } from './drinks.ts';
import { KITCHEN_CATEGORIES } from './kitchen.ts';
import { SIDES_AND_SWEETS_CATEGORIES } from './sides-and-sweets.ts';

/** Paprika Bisztró's menu, in the menu-file format of `npm run tablo -- import-menu`. */
export const DEMO_MENU: MenuFileInput = {
  vatKeys: [
    { code: FOOD_VAT, valuePercent: 5 },
    { code: STANDARD_VAT, valuePercent: 27 },
  ],
  categories: [...KITCHEN_CATEGORIES, ...SIDES_AND_SWEETS_CATEGORIES, ...DRINKS_CATEGORIES],
};

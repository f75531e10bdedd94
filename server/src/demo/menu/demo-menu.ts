import type { MenuFileInput } from '@tablo/contract/menu-import';
import { COFFEE_AND_TEA } from './coffee-and-tea.ts';
import { DESSERTS } from './desserts.ts';
import { FOOD_VAT, STANDARD_VAT } from './dish.ts';
import { KIDS_MENU } from './kids-menu.ts';
import { MAINS } from './mains.ts';
import { DEMO_OPTION_GROUPS } from './option-groups.ts';
import { PALINKA_AND_LIQUEURS } from './palinka-and-liqueurs.ts';
import { SALADS_AND_SIDES } from './salads-and-sides.ts';
import { SOFT_DRINKS } from './soft-drinks.ts';
import { SOUPS } from './soups.ts';
import { STARTERS } from './starters.ts';
import { VEGETARIAN } from './vegetarian.ts';
import { WINE_AND_BEER } from './wine-and-beer.ts';

/**
 * Paprika Bisztró's menu, in the menu-file format of `npm run tablo -- import-menu`, every text in all ten
 * languages (docs/decisions/056-demo-menu-in-every-language.md).
 */
export const DEMO_MENU: MenuFileInput = {
  vatKeys: [
    { code: FOOD_VAT, valuePercent: 5 },
    { code: STANDARD_VAT, valuePercent: 27 },
  ],
  categories: [
    STARTERS,
    SOUPS,
    MAINS,
    VEGETARIAN,
    SALADS_AND_SIDES,
    KIDS_MENU,
    DESSERTS,
    COFFEE_AND_TEA,
    SOFT_DRINKS,
    WINE_AND_BEER,
    PALINKA_AND_LIQUEURS,
  ],
  optionGroups: DEMO_OPTION_GROUPS,
};

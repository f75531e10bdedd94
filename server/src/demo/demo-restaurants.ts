import type { NewRestaurant } from '../modules/restaurants/manage-restaurants.ts';

export const DEMO_SHORT_NAME = 'demo';

export const DEMO_IMAGE = '/images/demo/restaurant.webp';

/** The demo's table numbers; the last one is disabled, to show a table that cannot order. */
export const DEMO_TABLE_NUMBERS = Array.from({ length: 13 }, (_, i) => i + 1);
export const DEMO_DISABLED_TABLE = 13;

/**
 * The three demo restaurants: `demo` orders, `demo-menu` only shows its menu (ordering disabled) and
 * `demo-closed` is switched off (the diner sees "restaurant not found"). All three serve the same menu.
 */
export const DEMO_RESTAURANTS: readonly NewRestaurant[] = [
  {
    shortName: DEMO_SHORT_NAME,
    name: 'Paprika Bisztró',
    descriptionHu:
      'Családias bisztró a belvárosi Paprika utcában. Házias magyar konyha friss, szezonális alapanyagokból, ' +
      'kézműves pálinkák és hazai borok — rendeljen az asztaltól, fizessen egyben vagy külön.',
    descriptionEn:
      'A family-run bistro on Paprika Street in downtown Budapest. Home-style Hungarian cooking from fresh, ' +
      'seasonal produce, craft pálinka and Hungarian wines — order from your table, pay together or separately.',
    imageUrl: DEMO_IMAGE,
    isEnabled: true,
    isOrderingEnabled: true,
  },
  {
    shortName: 'demo-menu',
    name: 'Paprika Bisztró Terasz',
    descriptionHu: 'A bisztró nyári terasza: itt az étlapot böngészheti, rendelni a pincérnél tud.',
    descriptionEn: 'The bistro’s summer terrace: browse the menu here and order from your waiter.',
    imageUrl: DEMO_IMAGE,
    isEnabled: true,
    isOrderingEnabled: false,
  },
  {
    shortName: 'demo-closed',
    name: 'Paprika Bisztró Balaton',
    descriptionHu: 'Balatoni éttermünk a szezonon kívül zárva tart.',
    descriptionEn: 'Our Lake Balaton restaurant is closed out of season.',
    imageUrl: DEMO_IMAGE,
    isEnabled: false,
    isOrderingEnabled: false,
  },
];

import type { LanguageCode } from '@tablo/contract/languages';
import { toBcp47 } from '@tablo/contract/languages';
import type { Menu, MenuItem } from '@tablo/contract/menu';
import type { MenuOptionGroup } from '@tablo/contract/menu-options';
import type { Restaurant } from '@tablo/contract/restaurant';
import { pickText } from './pick-text.ts';
import { SEO_TEXTS } from './texts.ts';

type JsonLd = Record<string, unknown>;

/** Resolves a stored path (`/images/…`) against the public address; absolute URLs stay as they are. */
export function absoluteUrl(publicUrl: string, pathOrUrl: string): string {
  return new URL(pathOrUrl, `${publicUrl}/`).href;
}

function availabilityLd(availabilityType: MenuItem['availabilityType']): string {
  return availabilityType === 'SOLD_OUT' ? 'https://schema.org/SoldOut' : 'https://schema.org/InStock';
}

/**
 * Issue 27: a dish's choices as schema.org `menuAddOn`, one `MenuSection` per group (in the item's order),
 * its options as `MenuItem`s offered at what they add to the dish's price. Groups and options without a name
 * are left out, as the menu leaves out dishes without one.
 */
function addOnsLd(
  item: MenuItem,
  groups: ReadonlyMap<number, MenuOptionGroup>,
  language: LanguageCode,
  currency: string,
): JsonLd[] {
  return item.optionGroupIds.flatMap((groupId) => {
    const group = groups.get(groupId);
    const name = group && pickText(group.translations, language)?.title;
    if (!group || !name) return [];
    const options = group.options.flatMap((option) => {
      const title = pickText(option.translations, language)?.title;
      if (!title) return [];
      return [
        {
          '@type': 'MenuItem',
          name: title,
          offers: {
            '@type': 'Offer',
            price: option.priceDelta,
            priceCurrency: currency,
            availability: availabilityLd(option.availabilityType),
          },
        },
      ];
    });
    return options.length === 0 ? [] : [{ '@type': 'MenuSection', name, hasMenuItem: options }];
  });
}

function menuItemLd(
  item: MenuItem,
  groups: ReadonlyMap<number, MenuOptionGroup>,
  language: LanguageCode,
  currency: string,
  publicUrl: string,
): JsonLd | null {
  const text = pickText(item.translations, language);
  if (!text) return null;
  const addOns = addOnsLd(item, groups, language, currency);
  return {
    '@type': 'MenuItem',
    name: text.title,
    ...(text.description ? { description: text.description } : {}),
    ...(item.imageUrl ? { image: absoluteUrl(publicUrl, item.imageUrl) } : {}),
    offers: {
      '@type': 'Offer',
      // Whole units of the currency, VAT included (contract/src/menu.ts).
      price: item.priceGross,
      priceCurrency: currency,
      availability: availabilityLd(item.availabilityType),
    },
    ...(addOns.length > 0 ? { menuAddOn: addOns } : {}),
    // The restaurant marks a dish vegan itself (spec §3 allergen VEGAN); no other diet has a basis in the data.
    ...(item.allergens.some((allergen) => allergen.type === 'VEGAN')
      ? { suitableForDiet: 'https://schema.org/VeganDiet' }
      : {}),
  };
}

/**
 * schema.org `Restaurant` with its `Menu` → `MenuSection` → `MenuItem`, from the same restaurant and menu
 * answers the API serves (and the options answer for the dishes' choices), in the page's language with the
 * specification's fallback (spec §4). Only what the data says: no address or cuisine, which Tablo does not
 * know.
 */
export function restaurantJsonLd(
  restaurant: Restaurant,
  menu: Menu,
  optionGroups: readonly MenuOptionGroup[],
  language: LanguageCode,
  options: { publicUrl: string; pageUrl: string; description: string },
): JsonLd {
  const groups = new Map(optionGroups.map((group) => [group.id, group]));
  const sections = menu.flatMap((category) => {
    const items = category.menuItems
      .map((item) => menuItemLd(item, groups, language, restaurant.currency, options.publicUrl))
      .filter((item): item is JsonLd => item !== null);
    if (items.length === 0) return [];
    const title = pickText(category.translations, language)?.title;
    return [{ '@type': 'MenuSection', ...(title ? { name: title } : {}), hasMenuItem: items }];
  });
  return {
    '@context': 'https://schema.org',
    '@type': 'Restaurant',
    '@id': `${options.publicUrl}/menu/${restaurant.shortName}#restaurant`,
    name: restaurant.name,
    url: options.pageUrl,
    ...(options.description ? { description: options.description } : {}),
    ...(restaurant.image ? { image: absoluteUrl(options.publicUrl, restaurant.image) } : {}),
    ...(restaurant.phone ? { telephone: restaurant.phone } : {}),
    ...(restaurant.reservationUrl ? { acceptsReservations: restaurant.reservationUrl } : {}),
    currenciesAccepted: restaurant.currency,
    hasMenu: {
      '@type': 'Menu',
      name: SEO_TEXTS[language].menuName,
      url: options.pageUrl,
      inLanguage: toBcp47(language),
      hasMenuSection: sections,
    },
  };
}

/** What the landing page honestly is: the product's web site, published by Tablo. */
export function landingJsonLd(publicUrl: string, language: LanguageCode, description: string): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@graph': [
      { '@type': 'Organization', '@id': `${publicUrl}/#organization`, name: 'Tablo', url: `${publicUrl}/` },
      {
        '@type': 'WebSite',
        '@id': `${publicUrl}/#website`,
        name: 'Tablo',
        url: `${publicUrl}/${language}`,
        description,
        inLanguage: toBcp47(language),
        publisher: { '@id': `${publicUrl}/#organization` },
      },
    ],
  };
}

/**
 * A JSON-LD data block that no text inside can end or comment out: `<`, `>`, `&` and the two JavaScript line
 * separators become `\u` escapes, which JSON.parse reads back as the same characters.
 */
export function jsonLdScript(value: JsonLd): string {
  const json = JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => {
    return `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
  return `<script type="application/ld+json">${json}</script>`;
}

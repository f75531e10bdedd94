import { LANGUAGES, type LanguageCode } from '@tablo/contract/languages';
import type { Menu } from '@tablo/contract/menu';
import type { MenuOptionGroup } from '@tablo/contract/menu-options';
import type { Restaurant } from '@tablo/contract/restaurant';
import { escapeHtml } from '../../lib/html-escape.ts';
import { absoluteUrl, jsonLdScript, landingJsonLd, restaurantJsonLd } from './json-ld.ts';
import { type RestaurantScreen, restaurantPath } from './page-path.ts';
import { fillName, SEO_TEXTS } from './texts.ts';

/** og:locale wants language_TERRITORY: each language where it is mainly spoken. */
const OG_LOCALES: Record<LanguageCode, string> = {
  hu: 'hu_HU',
  en: 'en_GB',
  sk: 'sk_SK',
  cz: 'cs_CZ',
  de: 'de_DE',
  fr: 'fr_FR',
  pl: 'pl_PL',
  si: 'sl_SI',
  hr: 'hr_HR',
  ro: 'ro_RO',
};

const meta = (attribute: 'name' | 'property', key: string, content: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`;
const link = (rel: string, href: string, extra = '') =>
  `<link rel="${rel}"${extra} href="${escapeHtml(href)}">`;

interface CommonHead {
  title: string;
  description: string;
  language: LanguageCode;
  /** The page's own address; also canonical unless the page is not indexed. */
  url: string;
  /** The page in every language (hreflang alternates); x-default is the default language's (spec §2). */
  alternates: (language: LanguageCode) => string;
  image: string | null;
  index: boolean;
}

function commonHead(head: CommonHead): string {
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    head.index ? '' : meta('name', 'robots', 'noindex'),
    link('canonical', head.url),
    ...LANGUAGES.map((l) => link('alternate', head.alternates(l.code), ` hreflang="${l.bcp47}"`)),
    link('alternate', head.alternates('hu'), ' hreflang="x-default"'),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', 'Tablo'),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.url),
    meta('property', 'og:locale', OG_LOCALES[head.language]),
    ...LANGUAGES.filter((l) => l.code !== head.language).map((l) =>
      meta('property', 'og:locale:alternate', OG_LOCALES[l.code]),
    ),
    head.image ? meta('property', 'og:image', head.image) : '',
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
  ];
  return tags.join('');
}

/** spec §1: the restaurant's description is Hungarian or English; other languages get Tablo's sentence. */
function restaurantDescription(restaurant: Restaurant, language: LanguageCode): string {
  const own =
    language === 'hu' ? restaurant.descriptionHu : language === 'en' ? restaurant.descriptionEn : '';
  return own.trim() || fillName(SEO_TEXTS[language].menuDescription, restaurant.name);
}

/**
 * A page's tags: `head` for its <head>; `end` (the JSON-LD) for the end of its <body>, after the first
 * screen's markup, whose bytes it would otherwise delay on a slow link (issue 27: ~3.5 KB brotli on the demo
 * menu with its choices). Search engines read JSON-LD anywhere in the document.
 */
export interface PageTags {
  head: string;
  end: string;
}

/**
 * The tags of an enabled restaurant's screen. The menu is indexed and carries the JSON-LD; the table screens
 * belong to one table's visit (orders, payments), so they are previewable but not indexed.
 */
export function restaurantHead(
  page: { screen: RestaurantScreen; table: string | null; language: LanguageCode },
  restaurant: Restaurant,
  menu: Menu | null,
  optionGroups: readonly MenuOptionGroup[],
  publicUrl: string,
): PageTags {
  const { screen, table, language } = page;
  const pathIn = (l: LanguageCode) => `${publicUrl}${restaurantPath(screen, restaurant.shortName, table, l)}`;
  const url = pathIn(language);
  const description = restaurantDescription(restaurant, language);
  const head = commonHead({
    title: fillName(SEO_TEXTS[language].menuTitle, restaurant.name),
    description,
    language,
    url,
    alternates: pathIn,
    image: restaurant.image ? absoluteUrl(publicUrl, restaurant.image) : null,
    index: screen === 'menu',
  });
  if (screen !== 'menu' || menu === null) return { head, end: '' };
  return {
    head,
    end: jsonLdScript(
      restaurantJsonLd(restaurant, menu, optionGroups, language, { publicUrl, pageUrl: url, description }),
    ),
  };
}

export function landingHead(language: LanguageCode, publicUrl: string): PageTags {
  const texts = SEO_TEXTS[language];
  const pathIn = (l: LanguageCode) => `${publicUrl}/${l}`;
  return {
    head: commonHead({
      title: texts.landingTitle,
      description: texts.landingDescription,
      language,
      url: pathIn(language),
      alternates: pathIn,
      image: null,
      index: true,
    }),
    end: jsonLdScript(landingJsonLd(publicUrl, language, texts.landingDescription)),
  };
}

/** Unknown or disabled restaurants, staff screens, any other path: a plain title, never indexed. */
export function unlistedHead(language: LanguageCode, title: string): PageTags {
  const head = [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', SEO_TEXTS[language].landingDescription),
    meta('name', 'robots', 'noindex'),
  ].join('');
  return { head, end: '' };
}

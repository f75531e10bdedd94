import type { Menu } from '@tablo/contract/menu';
import type { MenuOptions } from '@tablo/contract/menu-options';
import type { Restaurant } from '@tablo/contract/restaurant';
import type { CachedAnswer } from '../../lib/cached-answer.ts';
import { landingHead, type PageTags, restaurantHead, unlistedHead } from './head-tags.ts';
import { parsePagePath } from './page-path.ts';
import { SEO_TEXTS } from './texts.ts';

/** The cached answers the API serves (modules/restaurants, modules/menu), or null when there is none. */
export interface SeoSources {
  publicUrl: string;
  restaurantAnswer(shortName: string): Promise<CachedAnswer | null>;
  menuAnswer(shortName: string): Promise<CachedAnswer | null>;
  /** The dishes' choices (issue 27), named in the menu's JSON-LD as `menuAddOn`. */
  optionsAnswer(shortName: string): Promise<CachedAnswer | null>;
}

interface Heads {
  /** The menu and options answers the menu screen's heads were built from. */
  menu: CachedAnswer | null;
  options: CachedAnswer | null;
  byPage: Map<string, PageTags>;
}

/** The tags of a page (its head, and its JSON-LD for the end of its body), from its path (no query string). */
export type HeadOf = (path: string) => Promise<PageTags>;

/** A restaurant's heads, per screen, table and language; bounded, as table numbers come from the URL. */
const MAX_HEADS_PER_RESTAURANT = 256;

/**
 * Title, description, canonical, hreflang, og: and JSON-LD for a page. Built from the restaurant and menu
 * answers of the answer cache (no query of its own) and kept beside them: the heads hang off the restaurant
 * answer object, so the cache's invalidation (a NOTIFY naming the restaurant) drops them with it.
 */
export function createHeadOf(sources: SeoSources): HeadOf {
  const heads = new WeakMap<CachedAnswer, Heads>();
  const landing = new Map<string, PageTags>();

  return async (path) => {
    const page = parsePagePath(path);
    if (page.kind === 'other') return unlistedHead('hu', 'Tablo');
    if (page.kind === 'landing') {
      let head = landing.get(page.language);
      if (head === undefined) {
        head = landingHead(page.language, sources.publicUrl);
        landing.set(page.language, head);
      }
      return head;
    }
    const restaurantAnswer = await sources.restaurantAnswer(page.shortName);
    // Parsed with RestaurantSchema when the answer was built (modules/restaurants/service.ts).
    const restaurant = restaurantAnswer?.value as Restaurant | undefined;
    if (!restaurantAnswer || !restaurant?.isEnabled) {
      return unlistedHead(page.language, SEO_TEXTS[page.language].notFoundTitle);
    }
    const isMenu = page.screen === 'menu';
    const [menuAnswer, optionsAnswer] = isMenu
      ? await Promise.all([sources.menuAnswer(page.shortName), sources.optionsAnswer(page.shortName)])
      : [null, null];
    let entry = heads.get(restaurantAnswer);
    if (!entry || entry.byPage.size >= MAX_HEADS_PER_RESTAURANT) {
      entry = { menu: menuAnswer, options: optionsAnswer, byPage: new Map() };
      heads.set(restaurantAnswer, entry);
    }
    if (isMenu && (entry.menu !== menuAnswer || entry.options !== optionsAnswer)) {
      // The menu or its choices changed (or could not be read before): its heads are stale, the table
      // screens' are not.
      for (const key of entry.byPage.keys()) if (key.startsWith('menu/')) entry.byPage.delete(key);
      entry.menu = menuAnswer;
      entry.options = optionsAnswer;
    }
    const key = `${page.screen}/${page.table}/${page.language}`;
    let head = entry.byPage.get(key);
    if (head === undefined) {
      // Parsed with MenuSchema when the answer was built (modules/menu/service.ts).
      head = restaurantHead(
        page,
        restaurant,
        (menuAnswer?.value as Menu | undefined) ?? null,
        // Parsed with MenuOptionsSchema when the answer was built (modules/menu/service.ts).
        (optionsAnswer?.value as MenuOptions | undefined)?.groups ?? [],
        sources.publicUrl,
      );
      entry.byPage.set(key, head);
    }
    return head;
  };
}

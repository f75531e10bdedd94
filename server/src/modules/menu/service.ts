import { ERROR_TEXTS } from '@tablo/contract/errors';
import { MenuSchema } from '@tablo/contract/menu';
import { MenuOptionsSchema } from '@tablo/contract/menu-options';
import type { Db } from '../../db/database.ts';
import type { AnswerCache } from '../../lib/answer-cache.ts';
import type { CachedAnswer } from '../../lib/cached-answer.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/http-error.ts';
import { loadMenuAtInputs, menuAt } from '../menu-windows/menu-at.ts';
import { findRestaurantRef } from '../restaurants/repository.ts';
import { loadMenuOptionGroups } from './option-groups-repository.ts';
import { loadMenu } from './repository.ts';

/**
 * The cached, compressed menu answer. Unknown restaurant → 404 "Restaurant not found"; a disabled one →
 * 404 "The restaurant is not available" (the web app shows its not-found screen for both, spec §8).
 * Issue 28: as the menu is at the moment it is built (`clock`): what is outside its window is left out; the
 * menu boundary timer drops it at the next boundary (docs/decisions/075).
 */
export async function getMenuAnswer(
  db: Db,
  cache: AnswerCache,
  shortName: string,
  clock: Clock,
): Promise<CachedAnswer> {
  const answer = await cache.get(
    'menu',
    shortName,
    async () => {
      const restaurant = await findRestaurantRef(db, shortName);
      if (!restaurant?.isEnabled) return null;
      // Checked once per build, so a row that breaks the contract fails loudly instead of reaching clients.
      // Read side by side: the windows cost no extra round trip of their own.
      const [menu, windows] = await Promise.all([
        loadMenu(db, restaurant.id, restaurant.shortName),
        loadMenuAtInputs(db, restaurant.id, clock.now()),
      ]);
      return MenuSchema.parse(menuAt(menu, windows));
    },
    // Rebuilt as soon as a change (a publish) drops it, while the open menus are still being told: the
    // diners' reads that follow the event find it built or building (docs/decisions/068).
    { keepWarm: true },
  );
  if (answer) return answer;
  const restaurant = await findRestaurantRef(db, shortName);
  throw notFound(restaurant ? ERROR_TEXTS.restaurantNotAvailable : ERROR_TEXTS.restaurantNotFound);
}

/**
 * Issue 27: the option groups of the menu's items, answered when a dish's dialog opens (not in the menu
 * document). Cached per restaurant with its own ETag, dropped with the menu answer (publish, import, a
 * change of availability).
 */
export async function getMenuOptionsAnswer(
  db: Db,
  cache: AnswerCache,
  shortName: string,
): Promise<CachedAnswer> {
  const answer = await cache.get(
    'menu-options',
    shortName,
    async () => {
      const restaurant = await findRestaurantRef(db, shortName);
      if (!restaurant?.isEnabled) return null;
      const { groups } = await loadMenuOptionGroups(db, restaurant.id);
      return MenuOptionsSchema.parse({ groups });
    },
    { keepWarm: true },
  );
  if (answer) return answer;
  const restaurant = await findRestaurantRef(db, shortName);
  throw notFound(restaurant ? ERROR_TEXTS.restaurantNotAvailable : ERROR_TEXTS.restaurantNotFound);
}

import { ERROR_TEXTS } from '@tablo/contract/errors';
import { type Restaurant, RestaurantSchema } from '@tablo/contract/restaurant';
import type { Db } from '../../db/database.ts';
import type { AnswerCache } from '../../lib/answer-cache.ts';
import type { CachedAnswer } from '../../lib/cached-answer.ts';
import { notFound } from '../../lib/http-error.ts';
import { loadRestaurant } from './repository.ts';

/** The cached, compressed restaurant answer; 404 for a name no restaurant has. */
export async function getRestaurantAnswer(
  db: Db,
  cache: AnswerCache,
  shortName: string,
): Promise<CachedAnswer> {
  const answer = await cache.get('restaurant', shortName, async () => {
    const restaurant = await loadRestaurant(db, shortName);
    // Checked once per build, so a row that breaks the contract fails loudly instead of reaching clients.
    return restaurant && RestaurantSchema.parse(restaurant);
  });
  if (!answer) throw notFound(ERROR_TEXTS.restaurantNotFound);
  return answer;
}

/** The enabled restaurant's image, read from the cached answer (the web app preloads it); else null. */
export async function heroImageOf(db: Db, cache: AnswerCache, shortName: string): Promise<string | null> {
  const answer = await getRestaurantAnswer(db, cache, shortName);
  // Parsed with RestaurantSchema when the answer was built (getRestaurantAnswer).
  const restaurant = answer.value as Restaurant;
  return restaurant.isEnabled ? (restaurant.image ?? null) : null;
}

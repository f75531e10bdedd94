import { ERROR_TEXTS } from '@tablo/contract/errors';
import type { MyRatingsResponse, RatingRequest, RatingResponse } from '@tablo/contract/rating';
import { notifyMenuChanged } from '../../db/channels.ts';
import type { Database } from '../../db/database.ts';
import { forbidden, notFound } from '../../lib/http-error.ts';
import { findRestaurantRef } from '../restaurants/repository.ts';
import { touchSession } from '../sessions/repository.ts';
import { deleteRating, findRateableItem, itemCounts, sessionRatings, upsertRating } from './repository.ts';

/**
 * A diner session likes, dislikes or takes back (`rating: null`) its rating of an item, in one transaction:
 * a refused request stores nothing. The answer's counts are read fresh inside the transaction; the cached
 * menu follows through the NOTIFY sent on commit.
 */
export async function rateMenuItem(database: Database, request: RatingRequest): Promise<RatingResponse> {
  return database.transaction(async (tx) => {
    if (!(await touchSession(tx, request.sessionId))) throw forbidden(ERROR_TEXTS.unknownSession);
    const shortName = await findRateableItem(tx, request.menuItemId);
    if (!shortName) throw notFound(ERROR_TEXTS.menuItemNotFound);
    if (request.rating === null) await deleteRating(tx, request.menuItemId, request.sessionId);
    else await upsertRating(tx, request.menuItemId, request.sessionId, request.rating);
    const counts = await itemCounts(tx, request.menuItemId);
    await notifyMenuChanged(database, shortName, tx);
    return { menuItemId: request.menuItemId, ...counts, rating: request.rating };
  });
}

export async function listMyRatings(
  database: Database,
  sessionId: string,
  shortName: string,
): Promise<MyRatingsResponse> {
  return database.transaction(async (tx) => {
    if (!(await touchSession(tx, sessionId))) throw forbidden(ERROR_TEXTS.unknownSession);
    const restaurant = await findRestaurantRef(tx, shortName);
    if (!restaurant) throw notFound(ERROR_TEXTS.restaurantNotFound);
    return sessionRatings(tx, sessionId, restaurant.id);
  });
}

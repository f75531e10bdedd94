import type { Menu } from '@tablo/contract/menu';
import { MenuSchema } from '@tablo/contract/menu';
import {
  type MyRatingsResponse,
  MyRatingsResponseSchema,
  RatingRequestSchema,
  RatingResponseSchema,
  type RatingValue,
} from '@tablo/contract/rating';
import { SESSION_HEADER } from '@tablo/contract/session-keys';
import { HttpResponse, http } from 'msw';

type MenuHandlerOptions = {
  menu: Menu;
  /** The session's ratings known to the server at the start. */
  myRatings?: MyRatingsResponse;
  /** Answer rating calls with this status and message instead of saving them. */
  failRatings?: { status: number; message: string };
  /** Rating calls are answered only once this settles: lets a test see the optimistic state. */
  ratingGate?: Promise<void>;
};

/**
 * The menu's API, as the server answers it: every answer passes the contract schemas, and ratings are
 * kept (per session and dish) so that counts change the way the server changes them.
 */
export function menuHandlers({ menu, myRatings = [], failRatings, ratingGate }: MenuHandlerOptions) {
  const current = structuredClone(menu);
  const ratings = new Map<string, RatingValue>();
  const key = (sessionId: string, itemId: number) => `${sessionId}:${itemId}`;
  const seeded = new Set<string>();

  const items = () => current.flatMap((category) => category.menuItems);

  return [
    http.get('/api/menu/current/:shortName', () => HttpResponse.json(MenuSchema.parse(current))),

    http.get('/api/menu-item-ratings/:shortName', ({ request }) => {
      const sessionId = request.headers.get(SESSION_HEADER) ?? '';
      if (!seeded.has(sessionId)) {
        seeded.add(sessionId);
        for (const rating of myRatings) ratings.set(key(sessionId, rating.menuItemId), rating.rating);
      }
      const mine = items().flatMap((item) => {
        const rating = ratings.get(key(sessionId, item.id));
        return rating ? [{ menuItemId: item.id, rating }] : [];
      });
      return HttpResponse.json(MyRatingsResponseSchema.parse(mine));
    }),

    http.post('/api/menu-item-ratings', async ({ request }) => {
      const body = RatingRequestSchema.parse(await request.json());
      await ratingGate;
      if (failRatings) {
        return HttpResponse.json(
          { statusCode: failRatings.status, error: 'Error', message: failRatings.message },
          { status: failRatings.status },
        );
      }
      const item = items().find((candidate) => candidate.id === body.menuItemId);
      if (!item) {
        return HttpResponse.json(
          { statusCode: 404, error: 'Not Found', message: 'Menu item not found' },
          { status: 404 },
        );
      }
      const id = key(body.sessionId, item.id);
      const previous = ratings.get(id) ?? null;
      if (previous === 'LIKE') item.likeCount -= 1;
      if (previous === 'DISLIKE') item.dislikeCount -= 1;
      if (body.rating === 'LIKE') item.likeCount += 1;
      if (body.rating === 'DISLIKE') item.dislikeCount += 1;
      if (body.rating) ratings.set(id, body.rating);
      else ratings.delete(id);
      return HttpResponse.json(
        RatingResponseSchema.parse({
          menuItemId: item.id,
          likeCount: item.likeCount,
          dislikeCount: item.dislikeCount,
          rating: body.rating,
        }),
      );
    }),
  ];
}

import type { Menu } from '@tablo/contract/menu';
import { apiPaths } from '@tablo/contract/paths';
import type { MyRatingsResponse, RatingResponse, RatingValue } from '@tablo/contract/rating';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { menuQueryKey } from '../../../lib/menu-query.ts';
import { RequestError } from '../../../lib/request-error.ts';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { notify } from '../../../lib/toast.ts';
import { myRatingsQueryKey } from './get-my-ratings.ts';

type Counts = { likeCount: number; dislikeCount: number };
type RateVariables = { rating: RatingValue | null };
type Snapshot = { menu: Menu | undefined; mine: MyRatingsResponse | undefined };

/** The counts after the diner's rating moves from `from` to `to` (either may be "none"). */
export function applyRatingChange(counts: Counts, from: RatingValue | null, to: RatingValue | null): Counts {
  const delta = (value: RatingValue) => (to === value ? 1 : 0) - (from === value ? 1 : 0);
  return {
    likeCount: Math.max(0, counts.likeCount + delta('LIKE')),
    dislikeCount: Math.max(0, counts.dislikeCount + delta('DISLIKE')),
  };
}

function updateItem(
  client: QueryClient,
  shortName: string,
  menuItemId: number,
  update: (c: Counts) => Counts,
) {
  client.setQueryData<Menu>(menuQueryKey(shortName), (menu) =>
    menu?.map((category) => ({
      ...category,
      menuItems: category.menuItems.map((item) =>
        item.id === menuItemId ? { ...item, ...update(item) } : item,
      ),
    })),
  );
}

function setMine(
  client: QueryClient,
  key: ReturnType<typeof myRatingsQueryKey>,
  id: number,
  rating: RatingValue | null,
) {
  client.setQueryData<MyRatingsResponse>(key, (mine = []) => {
    const others = mine.filter((r) => r.menuItemId !== id);
    return rating === null ? others : [...others, { menuItemId: id, rating }];
  });
}

/**
 * spec §7 call 4: like, dislike or take back (`rating: null`). Optimistic: the counts and the pressed
 * button change at once, and return to what they were, with an error toast, when the call fails.
 * Ratings of one dish are sent one after the other (mutation scope), so answers cannot overtake each other.
 */
export function useRateItem(shortName: string, sessionId: string, menuItemId: number) {
  const client = useQueryClient();
  const { t } = useTranslation('menu');
  const mineKey = myRatingsQueryKey(shortName, sessionId);

  return useMutation<RatingResponse, Error, RateVariables, Snapshot>({
    scope: { id: `rate-item-${menuItemId}` },
    mutationFn: async ({ rating }) => {
      // The contract's schema (and zod with it) is loaded by the first rating, not by the menu page (036).
      const { RatingResponseSchema } = await import('@tablo/contract/rating');
      const result = await apiRequest(apiPaths.ratings(), {
        method: 'POST',
        body: { sessionId, menuItemId, rating },
        schema: RatingResponseSchema,
      });
      if (!result.ok) throw new RequestError(result.status, result.message);
      return result.data;
    },
    onMutate: async ({ rating }) => {
      await Promise.all([
        client.cancelQueries({ queryKey: menuQueryKey(shortName) }),
        client.cancelQueries({ queryKey: mineKey }),
      ]);
      const snapshot: Snapshot = {
        menu: client.getQueryData<Menu>(menuQueryKey(shortName)),
        mine: client.getQueryData<MyRatingsResponse>(mineKey),
      };
      const previous = snapshot.mine?.find((r) => r.menuItemId === menuItemId)?.rating ?? null;
      updateItem(client, shortName, menuItemId, (counts) => applyRatingChange(counts, previous, rating));
      setMine(client, mineKey, menuItemId, rating);
      return snapshot;
    },
    onError: (error, _variables, snapshot) => {
      if (snapshot) {
        client.setQueryData(menuQueryKey(shortName), snapshot.menu);
        client.setQueryData(mineKey, snapshot.mine);
      }
      notify.error(t('rating_failed'), { description: error.message });
    },
    onSuccess: (answer) => {
      updateItem(client, shortName, menuItemId, () => ({
        likeCount: answer.likeCount,
        dislikeCount: answer.dislikeCount,
      }));
      setMine(client, mineKey, menuItemId, answer.rating);
    },
  });
}

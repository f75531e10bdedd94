import { apiPaths } from '@tablo/contract/paths';
import type { MyRatingsResponse, RatingValue } from '@tablo/contract/rating';
import { SESSION_HEADER } from '@tablo/contract/session-keys';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { myRatingsResponseCheck } from '../../../lib/first-screen-checks.ts';
import { RequestError } from '../../../lib/request-error.ts';

export function myRatingsQueryKey(shortName: string, sessionId: string | null) {
  return ['my-ratings', shortName, sessionId] as const;
}

/** The session's own ratings, so the buttons show what this diner said before. */
export async function getMyRatings(
  shortName: string,
  sessionId: string,
  signal?: AbortSignal,
): Promise<MyRatingsResponse> {
  const result = await apiRequest(apiPaths.myRatings(shortName), {
    schema: myRatingsResponseCheck,
    headers: { [SESSION_HEADER]: sessionId },
    signal,
  });
  if (!result.ok) throw new RequestError(result.status, result.message);
  return result.data;
}

export function myRatingsQueryOptions(shortName: string, sessionId: string | null) {
  return queryOptions({
    queryKey: myRatingsQueryKey(shortName, sessionId),
    queryFn: ({ signal }) => getMyRatings(shortName, sessionId ?? '', signal),
    enabled: sessionId !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

const NO_RATINGS = new Map<number, RatingValue>();

/** No ratings yet (every new session) keeps the same empty map: the memoized dishes then skip the render the
 * answer would cause on a menu already on screen (decision record 036). */
function toMap(ratings: MyRatingsResponse): Map<number, RatingValue> {
  if (ratings.length === 0) return NO_RATINGS;
  return new Map(ratings.map((r) => [r.menuItemId, r.rating]));
}

/** Rating by menu item id; empty without a session or while loading (the counts are shown regardless). */
export function useMyRatings(shortName: string, sessionId: string | null): Map<number, RatingValue> {
  const { data } = useQuery({ ...myRatingsQueryOptions(shortName, sessionId), select: toMap });
  return data ?? NO_RATINGS;
}

import type { MenuItem } from '@tablo/contract/menu';
import type { RatingValue } from '@tablo/contract/rating';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { RatingButtons } from './rating-buttons.tsx';
import { RatingCounts } from './rating-counts.tsx';

export type RatingContext = { shortName: string; sessionId: string | null };

type DishRatings = { rating: RatingContext; myRatings: ReadonlyMap<number, RatingValue> };

const NO_SESSION: DishRatings = { rating: { shortName: '', sessionId: null }, myRatings: new Map() };

const DishRatingsContext = createContext<DishRatings>(NO_SESSION);

/**
 * The diner's session and own ratings, for every dish's rating controls. Through context rather than the
 * cards' props: the session usually arrives just after the page is taken over, and then only the 57 small
 * rating components of the demo menu render again, not every card of the menu (decision record 044).
 */
export function DishRatingsProvider({
  shortName,
  sessionId,
  myRatings,
  children,
}: RatingContext & { myRatings: DishRatings['myRatings']; children: ReactNode }) {
  const value = useMemo(
    () => ({ rating: { shortName, sessionId }, myRatings }),
    [shortName, sessionId, myRatings],
  );
  return <DishRatingsContext.Provider value={value}>{children}</DishRatingsContext.Provider>;
}

/** A dish's likes and dislikes: buttons with a session to rate with, read-only counts without. */
export function DishRating({ item }: { item: Pick<MenuItem, 'id' | 'likeCount' | 'dislikeCount'> }) {
  const { rating, myRatings } = useContext(DishRatingsContext);
  if (!rating.sessionId) return <RatingCounts item={item} />;
  return (
    <RatingButtons
      item={item}
      shortName={rating.shortName}
      sessionId={rating.sessionId}
      myRating={myRatings.get(item.id) ?? null}
    />
  );
}

import { apiPaths } from '@tablo/contract/paths';
import { HERO_SIZES, pictureSrcSet } from '@tablo/contract/picture-variants';
import type { Restaurant } from '@tablo/contract/restaurant';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext } from 'react';
import { useParams } from 'react-router';
import { apiRequest } from '../lib/api-client.ts';
import { RequestError } from '../lib/request-error.ts';

export function restaurantQueryOptions(shortName: string) {
  return queryOptions({
    queryKey: ['restaurant', shortName],
    queryFn: async ({ client, queryKey, signal }) => {
      // The schema (and zod) loads with the request: the menu page has the answer in its HTML (036).
      const result = await apiRequest(apiPaths.restaurant(shortName), {
        schema: async () => (await import('@tablo/contract/restaurant')).RestaurantSchema,
        signal,
      });
      if (result.ok && result.data.isEnabled && result.data.image) preloadHeroImage(result.data.image);
      // A restaurant already shown stays shown when a later reload fails (a network drop, a server restarting):
      // thrown, the failure leaves the query's last answer in place. Only "not found" replaces it.
      if (!result.ok && result.status !== 404 && client.getQueryData<typeof result>(queryKey)?.ok) {
        throw new RequestError(result.status, result.message);
      }
      return result;
    },
    staleTime: 60_000,
    // Asked for even while the browser says it is offline: the service worker may answer with its kept copy.
    networkMode: 'offlineFirst',
  });
}

/**
 * The header's hero image is the page's largest paint (decision record 013). It is asked for as soon as its
 * address is known, not once the header renders (after the texts, the screen's code and the session).
 */
function preloadHeroImage(href: string): void {
  if (
    typeof document === 'undefined' ||
    document.querySelector(`link[rel="preload"][href="${CSS.escape(href)}"]`)
  ) {
    return;
  }
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = href;
  // As the header's picture asks for it, or the browser would fetch a second file (decision record 039).
  const srcSet = pictureSrcSet(href);
  if (srcSet) {
    link.imageSrcset = srcSet;
    link.imageSizes = HERO_SIZES;
  }
  link.fetchPriority = 'high';
  document.head.append(link);
}

/** The restaurant the screens show; given by the provider below, or by the owner's preview (decision 069). */
export const RestaurantContext = createContext<Restaurant | null>(null);

export function useRestaurant(): Restaurant {
  const restaurant = useContext(RestaurantContext);
  if (!restaurant) throw new Error('useRestaurant must be used inside <RestaurantProvider>');
  return restaurant;
}

/**
 * spec §4: loads the restaurant on entry; not ok, or not enabled → the full-screen not-found message. The
 * caller gives what shows meanwhile and instead (the app's spinner and not-found screen), so this shared layer
 * draws no screens of its own. `closed` draws a restaurant that exists but is not open, given the screens it
 * would hold (the owner's preview, docs/decisions/069-owner-preview.md); without it, `notFound`.
 */
export function RestaurantProvider({
  children,
  pending,
  notFound,
  closed,
}: {
  children: ReactNode;
  pending: ReactNode;
  notFound: ReactNode;
  closed?: (restaurant: Restaurant, screens: ReactNode) => ReactNode;
}) {
  const { shortName = '' } = useParams();
  const query = useQuery(restaurantQueryOptions(shortName));
  if (query.isPending) return pending;
  const result = query.data;
  if (!result?.ok) return notFound;
  if (!result.data.isEnabled) return closed ? closed(result.data, children) : notFound;
  return <RestaurantContext value={result.data}>{children}</RestaurantContext>;
}

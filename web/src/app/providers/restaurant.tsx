import { apiPaths } from '@tablo/contract/paths';
import { type Restaurant, RestaurantSchema } from '@tablo/contract/restaurant';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext } from 'react';
import { useParams } from 'react-router';
import { RestaurantNotFound } from '../../components/full-screen-message/restaurant-not-found.tsx';
import { Spinner } from '../../components/spinner/spinner.tsx';
import { apiRequest } from '../../lib/api-client.ts';

export function restaurantQueryOptions(shortName: string) {
  return queryOptions({
    queryKey: ['restaurant', shortName],
    queryFn: ({ signal }) => apiRequest(apiPaths.restaurant(shortName), { schema: RestaurantSchema, signal }),
    staleTime: 60_000,
  });
}

const RestaurantContext = createContext<Restaurant | null>(null);

export function useRestaurant(): Restaurant {
  const restaurant = useContext(RestaurantContext);
  if (!restaurant) throw new Error('useRestaurant must be used inside <RestaurantProvider>');
  return restaurant;
}

/** spec §4: loads the restaurant on entry; not ok, or not enabled → the full-screen not-found message. */
export function RestaurantProvider({ children }: { children: ReactNode }) {
  const { shortName = '' } = useParams();
  const query = useQuery(restaurantQueryOptions(shortName));
  if (query.isPending) return <Spinner fullScreen />;
  const result = query.data;
  if (!result?.ok || !result.data.isEnabled) return <RestaurantNotFound />;
  return <RestaurantContext value={result.data}>{children}</RestaurantContext>;
}

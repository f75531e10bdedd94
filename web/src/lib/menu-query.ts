import { type Menu, MenuSchema } from '@tablo/contract/menu';
import { apiPaths } from '@tablo/contract/paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';
import { RequestError } from './request-error.ts';

export function menuQueryKey(shortName: string) {
  return ['menu', shortName] as const;
}

/** spec §7 call 2: the restaurant's current menu — categories with their dishes, each by `order`. */
export async function getMenu(shortName: string, signal?: AbortSignal): Promise<Menu> {
  const result = await apiRequest(apiPaths.menu(shortName), { schema: MenuSchema, signal });
  if (!result.ok) throw new RequestError(result.status, result.message);
  return result.data
    .filter((category) => category.isActive)
    .sort((a, b) => a.order - b.order)
    .map((category) => ({
      ...category,
      menuItems: category.menuItems.filter((item) => item.isActive).sort((a, b) => a.order - b.order),
    }));
}

export function menuQueryOptions(shortName: string) {
  return queryOptions({
    queryKey: menuQueryKey(shortName),
    queryFn: ({ signal }) => getMenu(shortName, signal),
    staleTime: 60_000,
  });
}

/** spec §4: the menu loads once the restaurant has — the screen renders inside the restaurant provider. */
export function useMenu(shortName: string) {
  return useQuery(menuQueryOptions(shortName));
}

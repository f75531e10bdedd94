import type { Menu } from '@tablo/contract/menu';
import { apiPaths } from '@tablo/contract/paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { apiRequest } from './api-client.ts';
import { RequestError } from './request-error.ts';

export function menuQueryKey(shortName: string) {
  return ['menu', shortName] as const;
}

/**
 * spec §7 call 2: the restaurant's current menu — categories with their dishes, each by `order` — as answered at
 * `path` (the guests' route, or the owner's preview route), as the screens show it.
 */
export async function getMenu(path: string, signal?: AbortSignal): Promise<Menu> {
  // The schema (and zod) loads with the request: the menu page has the answer in its HTML (036).
  const result = await apiRequest(path, {
    schema: async () => (await import('@tablo/contract/menu')).MenuSchema,
    signal,
  });
  if (!result.ok) throw new RequestError(result.status, result.message);
  return shownMenu(result.data);
}

/** The menu as the screens show it: active categories and dishes, each by `order` (also the server's render). */
export function shownMenu(menu: Menu): Menu {
  return menu
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
    queryFn: ({ signal }) => getMenu(apiPaths.menu(shortName), signal),
    staleTime: 60_000,
    // Asked for even while the browser says it is offline: the service worker may answer with its kept copy.
    networkMode: 'offlineFirst',
  });
}

/**
 * Where the menu's screens read the menu from: the guests' menu, unless the owner's preview gives its own
 * (docs/decisions/069-owner-preview.md) — so the preview's code stays out of the diners' scripts.
 */
export const MenuSourceContext = createContext<typeof menuQueryOptions>(menuQueryOptions);

/** spec §4: the menu loads once the restaurant has — the screen renders inside the restaurant provider. */
export function useMenu(shortName: string) {
  return useQuery(useContext(MenuSourceContext)(shortName));
}

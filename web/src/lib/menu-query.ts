import type { Menu } from '@tablo/contract/menu';
import { apiPaths } from '@tablo/contract/paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';
import { RequestError } from './request-error.ts';

export function menuQueryKey(shortName: string) {
  return ['menu', shortName] as const;
}

/** The owner's preview of the menu is kept apart from the guests' (docs/decisions/069-owner-preview.md). */
function previewMenuQueryKey(shortName: string) {
  return ['menu', shortName, 'preview'] as const;
}

/**
 * spec §7 call 2: the restaurant's current menu — categories with their dishes, each by `order`. `preview`:
 * the same menu from the staff preview route, for the owner of a restaurant that is not open yet.
 */
export async function getMenu(shortName: string, signal?: AbortSignal, preview = false): Promise<Menu> {
  // The schema (and zod) loads with the request: the menu page has the answer in its HTML (036).
  const result = await apiRequest((preview ? apiPaths.menuPreview : apiPaths.menu)(shortName), {
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

export function menuQueryOptions(shortName: string, preview = false) {
  return queryOptions({
    queryKey: preview ? previewMenuQueryKey(shortName) : menuQueryKey(shortName),
    queryFn: ({ signal }) => getMenu(shortName, signal, preview),
    // A refused preview (not signed in, another role or restaurant) is the not-found screen at once.
    ...(preview ? { retry: false } : {}),
    staleTime: 60_000,
    // Asked for even while the browser says it is offline: the service worker may answer with its kept copy.
    networkMode: 'offlineFirst',
  });
}

/** spec §4: the menu loads once the restaurant has — the screen renders inside the restaurant provider. */
export function useMenu(shortName: string, preview = false) {
  return useQuery(menuQueryOptions(shortName, preview));
}

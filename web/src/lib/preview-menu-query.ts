import { apiPaths } from '@tablo/contract/paths';
import { queryOptions } from '@tanstack/react-query';
import { PREVIEW_PARAM } from '../config/routes.ts';
import { getMenu, menuQueryKey, type menuQueryOptions } from './menu-query.ts';

/**
 * The owner's preview of a restaurant not open yet (docs/decisions/069-owner-preview.md): the menu from the
 * staff preview route, under a key of its own (`demo?preview`), so it is never taken for the guests' menu.
 * A refusal (not signed in, another role or restaurant) is the not-found screen at once: no retry.
 */
export const previewMenuQueryOptions: typeof menuQueryOptions = (shortName) =>
  queryOptions({
    queryKey: menuQueryKey(`${shortName}?${PREVIEW_PARAM}`),
    queryFn: ({ signal }) => getMenu(apiPaths.menuPreview(shortName), signal),
    retry: false,
    staleTime: 60_000,
  });

import type { LanguageCode } from '@tablo/contract/language-list';
import type { Menu } from '@tablo/contract/menu';
import type { Restaurant } from '@tablo/contract/restaurant';
import type { QueryClient } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';
import type { ApiResult } from '../lib/api-client.ts';
import { menuQueryKey, shownMenu } from '../lib/menu-query.ts';
import type { Resources } from '../lib/texts/texts.ts';
import { restaurantQueryOptions } from '../providers/restaurant.tsx';

/** The id of the page's data block (`<script type="application/json">`), written by the server. */
export const BOOT_DATA_ID = 'tablo-boot-data';

/**
 * What a server-rendered restaurant page carries for the browser to hydrate it without asking again: the
 * restaurant and menu answers it was rendered from, the texts, and the router's state
 * (docs/decisions/022-server-rendered-menu.md).
 */
export interface BootData {
  language: LanguageCode;
  restaurant: Restaurant;
  menu: Menu;
  resources: Resources;
  hydration: Pick<HydrationState, 'loaderData' | 'actionData' | 'errors'>;
}

/** Puts the answers where the screens read them, as if they had just been fetched (so nothing refetches). */
export function seedQueryClient(queryClient: QueryClient, data: BootData): void {
  const { shortName } = data.restaurant;
  const answer: ApiResult<Restaurant> = { ok: true, status: 200, data: data.restaurant };
  queryClient.setQueryData(restaurantQueryOptions(shortName).queryKey, answer);
  queryClient.setQueryData(menuQueryKey(shortName), shownMenu(data.menu));
}

/** The page's data block, or null on a page the server did not render. */
export function readBootData(doc: Document = document): BootData | null {
  const text = doc.getElementById(BOOT_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as BootData;
  } catch {
    return null;
  }
}

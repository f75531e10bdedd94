import type { Restaurant } from '@tablo/contract/restaurant';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { useLocation } from 'react-router';
import { PREVIEW_PARAM } from '../../config/routes.ts';
import { MenuSourceContext } from '../../lib/menu-query.ts';
import { previewMenuQueryOptions } from '../../lib/preview-menu-query.ts';
import { RestaurantContext } from '../../providers/restaurant.tsx';
import { OwnerPreviewBanner } from './owner-preview-banner.tsx';

/**
 * A restaurant that exists but is not open (a chunk of its own: no diner of an open restaurant loads it).
 * For everyone, spec §4's not-found screen — except the owner's preview (`?preview`,
 * docs/decisions/069-owner-preview.md): when the staff preview route answers (only to that restaurant's
 * signed-in OWNER or MANAGER), the screens show its menu under the banner, and nobody can order (no tables,
 * ordering off, so no ordering session). The layout gives its spinner and not-found screen: imported here,
 * the build would split them out of the diners' first chunk into files of their own.
 */
export function ClosedRestaurant({
  restaurant,
  pending,
  notFound,
  children,
}: {
  restaurant: Restaurant;
  pending: ReactNode;
  notFound: ReactNode;
  children: ReactNode;
}) {
  const wantsPreview = new URLSearchParams(useLocation().search).has(PREVIEW_PARAM);
  const menu = useQuery({ ...previewMenuQueryOptions(restaurant.shortName), enabled: wantsPreview });
  const previewed = useMemo(() => ({ ...restaurant, isOrderingEnabled: false, tables: [] }), [restaurant]);
  if (!wantsPreview || menu.isError) return notFound;
  if (menu.isPending) return pending;
  return (
    <MenuSourceContext value={previewMenuQueryOptions}>
      <RestaurantContext value={previewed}>
        <OwnerPreviewBanner />
        {children}
      </RestaurantContext>
    </MenuSourceContext>
  );
}

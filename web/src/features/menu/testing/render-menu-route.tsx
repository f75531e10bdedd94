import type { LanguageCode } from '@tablo/contract/languages';
import { type Restaurant, RestaurantSchema } from '@tablo/contract/restaurant';
import { SESSION_STORAGE_KEY } from '@tablo/contract/session';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { StrictMode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createRoutes } from '../../../app/router.tsx';
import { GUIDE_SEEN_STORAGE_KEY } from '../../../config/constants.ts';
import { createTestI18n } from '../../../testing/i18n.ts';

export const TEST_SESSION_ID = '4b0c1f4e-8a53-4a8e-9d3c-2f7f3c1d2e10';

export function buildRestaurant(overrides: Partial<Restaurant> = {}): Restaurant {
  return RestaurantSchema.parse({
    shortName: 'demo',
    isEnabled: true,
    isOrderingEnabled: true,
    name: 'Demo Bisztró',
    image: null,
    descriptionHu: 'Magyar konyha',
    descriptionEn: 'Hungarian kitchen',
    currency: 'HUF',
    tables: [{ id: 1, tableId: 1, isEnabled: true }],
    ...overrides,
  });
}

export function restaurantHandler(restaurant: Restaurant) {
  return http.get('/api/restaurant/one/:shortName', () =>
    HttpResponse.json(RestaurantSchema.parse(restaurant)),
  );
}

/**
 * Renders the app's real route tree at /menu/demo/:lang with test texts; the diner has a stored session
 * (when ordering is on) and has already seen the first-use guide.
 */
export function renderMenuRoute({
  language = 'hu',
  session = true,
}: {
  language?: LanguageCode;
  session?: boolean;
} = {}) {
  localStorage.setItem(GUIDE_SEEN_STORAGE_KEY, '1');
  if (session) localStorage.setItem(SESSION_STORAGE_KEY, TEST_SESSION_ID);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(createRoutes(queryClient), {
    initialEntries: [`/menu/demo/${language}`],
  });
  return render(
    <StrictMode>
      <I18nextProvider i18n={createTestI18n(language)}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </I18nextProvider>
    </StrictMode>,
  );
}

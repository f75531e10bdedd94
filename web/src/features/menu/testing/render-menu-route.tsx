import type { LanguageCode } from '@tablo/contract/language-list';
import { SESSION_STORAGE_KEY } from '@tablo/contract/session-keys';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createRoutes } from '../../../app/router.tsx';
import { GUIDE_SEEN_STORAGE_KEY } from '../../../config/constants.ts';
import { TextsProvider } from '../../../lib/texts/use-texts.tsx';
import { DEMO_SESSION_ID } from '../../../testing/fixtures.ts';
import { createTestTexts } from '../../../testing/texts.ts';

type MenuRouteOptions = {
  language?: LanguageCode;
  /** `demo` takes orders (the diner has a session); `demo-menu` only shows its menu (testing/fixtures.ts). */
  shortName?: 'demo' | 'demo-menu';
};

/**
 * Renders the app's real route tree at /menu/:shortName/:lang under StrictMode (as main.tsx does), with the
 * test texts; the diner has a stored session and has already seen the first-use guide.
 */
export function renderMenuRoute({ language = 'hu', shortName = 'demo' }: MenuRouteOptions = {}) {
  localStorage.setItem(GUIDE_SEEN_STORAGE_KEY, '1');
  localStorage.setItem(SESSION_STORAGE_KEY, DEMO_SESSION_ID);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(createRoutes(queryClient), {
    initialEntries: [`/menu/${shortName}/${language}`],
  });
  return render(
    <StrictMode>
      <TextsProvider texts={createTestTexts(language)}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </TextsProvider>
    </StrictMode>,
  );
}

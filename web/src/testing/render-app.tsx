import type { LanguageCode } from '@tablo/contract/language-list';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { createRoutes } from '../app/router.tsx';
import { TextsProvider } from '../lib/texts/use-texts.tsx';
import { createTestTexts } from './texts.ts';

function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false } } });
}

function renderRouter(
  routes: RouteObject[],
  path: string,
  queryClient: QueryClient,
  language?: LanguageCode,
) {
  const texts = createTestTexts(language);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <TextsProvider texts={texts}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </TextsProvider>,
  );
  return { ...view, router, texts, queryClient };
}

/** The real app (routes, lazy screens, providers) at `path`, with texts from the locale files. */
export function renderApp(path: string) {
  const queryClient = testQueryClient();
  return renderRouter(createRoutes(queryClient), path, queryClient);
}

/** A single element under a route `pattern`, for testing one piece inside the real providers. */
export function renderRoute(pattern: string, path: string, element: ReactNode) {
  return renderRouter([{ path: pattern, element }], path, testQueryClient());
}

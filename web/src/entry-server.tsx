import type { AppConfig } from '@tablo/contract/config';
import type { LanguageCode } from '@tablo/contract/language-list';
import type { Menu } from '@tablo/contract/menu';
import type { Restaurant } from '@tablo/contract/restaurant';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { type BootData, seedQueryClient } from './app/boot-data.ts';
import { createRoutes } from './app/router.tsx';
import { provideAppConfig } from './lib/app-config.ts';
import { type Resources, Texts } from './lib/texts/texts.ts';
import { TextsProvider } from './lib/texts/use-texts.tsx';

export interface RenderInput {
  /** The page's path (and query), e.g. /menu/demo/en. */
  url: string;
  language: LanguageCode;
  /** The restaurant and menu answers, as the API sends them (already checked against the contract). */
  restaurant: Restaurant;
  menu: Menu;
  /** The texts the screen uses: { [language]: { [namespace]: texts } }, the page's language and the fallback. */
  resources: Resources;
  config: AppConfig;
}

export interface RenderResult {
  /** The markup for #root. */
  html: string;
  /** What the browser needs to hydrate it without asking again (web/src/lib/boot-data.ts). */
  data: BootData;
}

/**
 * Renders a restaurant page's first screen with the app's own components, routes and texts — the same tree
 * main.tsx hydrates (docs/decisions/022-server-rendered-menu.md). Null when the route does not render a page
 * here (a redirect, a route error): the server then sends the app's plain page.
 */
export async function render(input: RenderInput): Promise<RenderResult | null> {
  provideAppConfig(input.config);
  const data: BootData = {
    language: input.language,
    restaurant: input.restaurant,
    menu: input.menu,
    resources: input.resources,
    hydration: { loaderData: {}, actionData: null, errors: null },
  };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  seedQueryClient(queryClient, data);

  const texts = new Texts(input.language, input.resources);

  const handler = createStaticHandler(createRoutes(queryClient));
  const context = await handler.query(new Request(new URL(input.url, 'http://tablo.invalid')));
  if (context instanceof Response || context.errors) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  data.hydration = { loaderData: context.loaderData, actionData: context.actionData, errors: null };

  const html = renderToString(
    <StrictMode>
      <TextsProvider texts={texts}>
        <QueryClientProvider client={queryClient}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </QueryClientProvider>
      </TextsProvider>
    </StrictMode>,
  );
  return { html, data };
}

import './styles/global.css';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { readBootData, seedQueryClient } from './app/boot-data.ts';
import { createRoutes } from './app/router.tsx';
import { beginHydration, endHydration } from './lib/hydration.ts';
import { registerServiceWorker } from './lib/register-service-worker.ts';
import { createTexts, languageFromPath } from './lib/texts/create-texts.ts';
import { TextsProvider } from './lib/texts/use-texts.tsx';
import { loadWebFonts } from './lib/web-fonts.ts';

const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } },
});

// spec §1's Rubik, once its files have loaded: only now, after the restaurant's picture (decision record 040).
void loadWebFonts();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// A restaurant's menu page comes rendered by the server, with the answers and texts it was rendered from
// (decision record 022): the app takes that page over instead of drawing it again, and asks for none of it.
const boot = readBootData();
if (boot) seedQueryClient(queryClient, boot);
const texts = createTexts(boot?.language ?? languageFromPath(location.pathname), boot?.resources);
const routes = createRoutes(queryClient);

function App({ router }: { router: ReturnType<typeof createBrowserRouter> }) {
  return (
    <StrictMode>
      <TextsProvider texts={texts}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </TextsProvider>
    </StrictMode>
  );
}

if (boot) {
  // The server rendered the route's lazy screen: its code must be in place before the first render matches.
  await resolveLazyRoutes(routes);
  const router = createBrowserRouter(routes, { hydrationData: boot.hydration });
  // The server's page lasts until the diner goes elsewhere: React hydrates its Suspense boundaries one by one,
  // so "the root has committed" would be too early for the components inside them (lib/hydration.ts).
  const serverLocation = router.state.location;
  const unsubscribe = router.subscribe((state) => {
    if (state.location === serverLocation) return;
    endHydration();
    unsubscribe();
  });
  beginHydration();
  // As a transition too: the hydration of a whole menu is split into short tasks (the page is on screen).
  startTransition(() => {
    hydrateRoot(container, <App router={router} />);
  });
} else {
  // As a transition, React renders the app in short slices and lets the phone handle input (and paint)
  // between them, instead of in one long task (decision record 014).
  const root = createRoot(container);
  const router = createBrowserRouter(routes);
  startTransition(() => root.render(<App router={router} />));
}

async function resolveLazyRoutes(tree: RouteObject[]): Promise<void> {
  const matches = matchRoutes(tree, location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

registerServiceWorker();

import { DEFAULT_LANGUAGE, resolveLanguage } from '@tablo/contract/language-list';
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject, replace } from 'react-router';
import { Spinner } from '../components/spinner/spinner.tsx';
import { PREVIEW_PARAM, ROUTE_PATTERNS } from '../config/routes.ts';
import type { MenuSliderHandle } from '../features/menu/hooks/use-menu-slider.tsx';
import { loadChunk } from '../lib/chunk-load.ts';
import { menuQueryOptions } from '../lib/menu-query.ts';
import { restaurantQueryOptions } from '../providers/restaurant.tsx';
import { needsNewSession, sessionUuidQueryOptions } from '../providers/session.tsx';
import { LanguageLayout } from './routes/language-layout.tsx';
import { RestaurantLayout } from './routes/restaurant-layout.tsx';
import { RootError } from './routes/root-error.tsx';
import { RootLayout } from './routes/root-layout.tsx';

/** spec §2, §4: every screen's code is loaded lazily; failures and time-outs raise a ChunkLoadError. */
function screen<M>(chunkId: string, load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => ({ Component: pick(await loadChunk(chunkId, load)) });
}

type StaffRoutes = typeof import('./routes/staff/staff-routes.tsx');
const STAFF_SCREENS = ['board', 'kitchen', 'tables', 'menu', 'payments'] as const;

/** The staff console: every staff route comes from one chunk that no diner page loads (decision record 018). */
function staff(pick: (module: StaffRoutes) => Pick<RouteObject, 'loader' | 'Component'>) {
  return async () => pick(await loadChunk('staff', () => import('./routes/staff/staff-routes.tsx')));
}

/** The mailed links' screens under /account/ (contract accountScreens). */
const ACCOUNT_SCREENS = ['confirm-email', 'forgot-password', 'reset-password', 'invitation'] as const;

/** The console's screens in the accounts chunk (a chunk of their own could split a shared one onto /menu). */
const CONSOLE_ACCOUNT_SCREENS = ['team', 'setup', 'menu-editor', 'hours', 'printers', 'figures'] as const;

type AccountRoutes = typeof import('./routes/accounts/accounts-routes.tsx');

/** Sign-up, the mailed links' screens and the console's team: one chunk of their own (issue 26). */
function account(pick: (routes: AccountRoutes['accountRoutes']) => Pick<RouteObject, 'Component'>) {
  return async () =>
    pick((await loadChunk('accounts', () => import('./routes/accounts/accounts-routes.tsx'))).accountRoutes);
}

/**
 * The landing page's links (spec §1: `ADMIN_URL/register?lang=..`, `ADMIN_URL/login?lang=..`) reach
 * Tablo's own screens, whose language is the path's last segment like every route's (DESIGN §1).
 */
function withLanguageFromQuery(path: (lang: string) => string) {
  return ({ request }: LoaderFunctionArgs) =>
    replace(path(resolveLanguage(new URL(request.url).searchParams.get('lang'))));
}

function FullScreenSpinner() {
  return <Spinner fullScreen />;
}

/** The route tree, shared by the browser router and the tests' memory routers. */
export function createRoutes(queryClient: QueryClient): RouteObject[] {
  // Starts the restaurant request while the screen's code is still downloading; the provider reads the cache.
  // When the restaurant answers and will need a new ordering session, that request starts at once too, not
  // after the texts have loaded and the providers have rendered.
  function prefetchRestaurant({ params }: LoaderFunctionArgs) {
    // The server renders with the answers in its cache already (entry-server.tsx): nothing to start.
    if (import.meta.env.SSR || !params.shortName) return null;
    void queryClient.fetchQuery(restaurantQueryOptions(params.shortName)).then(
      (result) => {
        if (result.ok && needsNewSession(result.data))
          void queryClient.prefetchQuery(sessionUuidQueryOptions());
      },
      () => undefined,
    );
    return null;
  }

  // On the menu route the menu is requested at the same time, not after the restaurant has answered: the
  // screen still uses it only inside the restaurant provider, i.e. once the restaurant is ok (spec §4).
  // The owner's preview (`?preview`) reads its menu from the staff route instead (decision 069): the guests'
  // menu of a restaurant not open yet would only answer 404.
  function prefetchRestaurantAndMenu(args: LoaderFunctionArgs) {
    const { shortName } = args.params;
    const preview = new URL(args.request.url).searchParams.has(PREVIEW_PARAM);
    if (shortName && !preview && !import.meta.env.SSR)
      void queryClient.prefetchQuery(menuQueryOptions(shortName));
    return prefetchRestaurant(args);
  }

  function restaurantRoute(
    path: string,
    lazy: RouteObject['lazy'],
    loader: (args: LoaderFunctionArgs) => null = prefetchRestaurant,
    handle?: MenuSliderHandle,
  ): RouteObject {
    return {
      path,
      loader,
      handle,
      Component: RestaurantLayout,
      children: [{ index: true, lazy }],
    };
  }

  return [
    {
      id: 'root',
      Component: RootLayout,
      ErrorBoundary: RootError,
      HydrateFallback: FullScreenSpinner,
      children: [
        // spec §2: "/" redirects to /hu, replacing the history entry.
        { index: true, loader: () => replace(`/${DEFAULT_LANGUAGE}`), Component: FullScreenSpinner },
        {
          Component: LanguageLayout,
          children: [
            {
              path: ROUTE_PATTERNS.landing,
              lazy: screen(
                'landing',
                () => import('./routes/landing-route.tsx'),
                (m) => m.LandingRoute,
              ),
            },
            restaurantRoute(
              ROUTE_PATTERNS.menu,
              screen(
                'menu',
                () => import('./routes/menu-route.tsx'),
                (m) => m.MenuRoute,
              ),
              prefetchRestaurantAndMenu,
              { menuSlider: true },
            ),
            restaurantRoute(
              ROUTE_PATTERNS.order,
              screen(
                'order',
                () => import('./routes/order-route.tsx'),
                (m) => m.OrderRoute,
              ),
            ),
            restaurantRoute(
              ROUTE_PATTERNS.table,
              screen(
                'table',
                () => import('./routes/table-route.tsx'),
                (m) => m.TableRoute,
              ),
            ),
            restaurantRoute(
              ROUTE_PATTERNS.payment,
              screen(
                'payment',
                () => import('./routes/payment-route.tsx'),
                (m) => m.PaymentRoute,
              ),
            ),
            restaurantRoute(
              ROUTE_PATTERNS.paymentSuccess,
              screen(
                'payment-success',
                () => import('./routes/payment-success-route.tsx'),
                (m) => m.PaymentSuccessRoute,
              ),
            ),
            restaurantRoute(
              ROUTE_PATTERNS.receipt,
              screen(
                'receipt',
                () => import('./routes/receipt-route.tsx'),
                (m) => m.ReceiptRoute,
              ),
            ),
            restaurantRoute(
              ROUTE_PATTERNS.terms,
              screen(
                'terms-and-conditions',
                () => import('./routes/terms-route.tsx'),
                (m) => m.TermsRoute,
              ),
            ),
            {
              path: 'register',
              loader: withLanguageFromQuery((lang) => `/register/${lang}`),
              Component: FullScreenSpinner,
            },
            { path: 'register/:lang', lazy: account((r) => r.register) },
            {
              path: 'login',
              loader: withLanguageFromQuery((lang) => `/staff/login/${lang}`),
              Component: FullScreenSpinner,
            },
            {
              path: 'account',
              children: ACCOUNT_SCREENS.map((name) => ({
                path: `${name}/:lang?`,
                lazy: account((r) => r[name]),
              })),
            },
            {
              path: 'staff',
              lazy: staff((m) => m.staffShell),
              children: [
                { path: 'login/:lang?', lazy: staff((m) => m.staffLogin) },
                {
                  lazy: staff((m) => m.staffConsole),
                  children: [
                    ...STAFF_SCREENS.map((name) => ({
                      path: `${name}/:lang?`,
                      lazy: staff((m) => m.staffScreens[name]),
                    })),
                    // The team, the set-up and the menu editor (issue 26), the hours, printers and figures (issue 28): in the
                    // accounts chunk, loaded only when opened (each screen in a chunk of its own costs /menu's route table bytes).
                    ...CONSOLE_ACCOUNT_SCREENS.map((name) => ({
                      path: `${name}/:lang?`,
                      lazy: account((r) => r[name]),
                    })),
                    // Any other console address: the console's own not-found screen, not the root error.
                    { path: ':unknown/:lang?', lazy: staff((m) => m.staffNotFound) },
                    { path: '*', lazy: staff((m) => m.staffUnknownDeep) },
                  ],
                },
              ],
            },
          ],
        },
      ],
    },
  ];
}

export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(createRoutes(queryClient));
}

import { useSyncExternalStore } from 'react';

/**
 * A restaurant's menu page arrives rendered by the server (docs/decisions/022-server-rendered-menu.md); the
 * browser's first render must then produce exactly the same markup, so whatever only the browser knows
 * (storage, the window's width, a remembered table) is applied right after hydration, not in it.
 *
 * `isServerOrHydrating()` is true on the server and while the browser shows the server's page (until the
 * first navigation) — for the state initialisers of the components that page is made of, which run once. `useHydrated()` is false on the server and during hydration, true otherwise —
 * for values that may follow the browser once hydration is done (React renders again when it flips).
 */
let hydrating = typeof document === 'undefined';

export function isServerOrHydrating(): boolean {
  return hydrating;
}

export function beginHydration(): void {
  hydrating = true;
}

/** Called when the diner leaves the server's page (main.tsx): components mounted from then on are the app's. */
export function endHydration(): void {
  hydrating = false;
}

const noSubscription = () => () => undefined;

export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

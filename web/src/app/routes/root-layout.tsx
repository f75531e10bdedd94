import { lazy, Suspense, useSyncExternalStore } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { isToasterWanted, subscribeToToasts } from '../../lib/toast.ts';

const AppToaster = lazy(() =>
  import('../../components/toaster/app-toaster.tsx').then((m) => ({ default: m.AppToaster })),
);

export function RootLayout() {
  const toasterWanted = useSyncExternalStore(subscribeToToasts, isToasterWanted, () => false);
  return (
    <>
      <Outlet />
      <ScrollRestoration />
      {toasterWanted ? (
        <Suspense fallback={null}>
          <AppToaster />
        </Suspense>
      ) : null}
    </>
  );
}

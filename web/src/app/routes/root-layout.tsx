import { lazy, useSyncExternalStore } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { OptionalPart } from '../../components/optional-part/optional-part.tsx';
import { loadChunk } from '../../lib/chunk-load.ts';
import { isToasterWanted, subscribeToToasts } from '../../lib/toast.ts';

const AppToaster = lazy(() =>
  loadChunk('toaster', () => import('../../components/toaster/app-toaster.tsx')).then((m) => ({
    default: m.AppToaster,
  })),
);

export function RootLayout() {
  const toasterWanted = useSyncExternalStore(subscribeToToasts, isToasterWanted, () => false);
  return (
    <>
      <Outlet />
      <ScrollRestoration />
      {toasterWanted ? (
        <OptionalPart>
          <AppToaster />
        </OptionalPart>
      ) : null}
    </>
  );
}

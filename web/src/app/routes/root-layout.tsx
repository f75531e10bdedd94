import { Outlet, ScrollRestoration } from 'react-router';
import { Toaster } from 'sonner';
import { TOAST_AUTO_HIDE_MS } from '../../config/constants.ts';

export function RootLayout() {
  return (
    <>
      <Outlet />
      <ScrollRestoration />
      {/* spec §2, §8: toasts at top centre, auto-hiding after 6000 ms. */}
      <Toaster position="top-center" duration={TOAST_AUTO_HIDE_MS} richColors closeButton />
    </>
  );
}

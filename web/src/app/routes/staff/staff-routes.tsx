import { useEffect } from 'react';
import { type LoaderFunctionArgs, Outlet, replace } from 'react-router';
import { BoardScreen } from '../../../features/staff/components/board-screen.tsx';
import { KitchenScreen } from '../../../features/staff/components/kitchen-screen.tsx';
import { LoginScreen } from '../../../features/staff/components/login-screen.tsx';
import { MenuAvailabilityScreen } from '../../../features/staff/components/menu-availability-screen.tsx';
import { NotFoundScreen } from '../../../features/staff/components/not-found-screen.tsx';
import { PaymentsScreen } from '../../../features/staff/components/payments-screen.tsx';
import { ScreenGate } from '../../../features/staff/components/screen-gate.tsx';
import { StaffConsoleLayout } from '../../../features/staff/components/staff-console-layout.tsx';
import { TablesScreen } from '../../../features/staff/components/tables-screen.tsx';
import {
  preferredStaffLanguage,
  readStoredStaffLanguage,
  storeStaffLanguage,
  supported,
} from '../../../features/staff/utils/staff-language.ts';
import type { StaffScreen } from '../../../features/staff/utils/staff-links.ts';
import { useLanguage } from '../../../providers/language.tsx';

/**
 * The staff console's routes, all in this one lazily loaded chunk (docs/decisions/018): no diner page
 * loads any of it. The router (app/router.tsx) lists the paths; this module gives each its screen.
 */

/** /staff/<screen> without a language goes to the language last used here, else the browser's. */
function languageLoader({ request, params }: LoaderFunctionArgs) {
  // A deeper unknown address has no language segment of its own: its route sends it to the not-found screen.
  if (params.lang !== undefined || params['*'] !== undefined) return null;
  const url = new URL(request.url);
  const path = url.pathname.replace(/\/+$/, '');
  const lang = preferredStaffLanguage(readStoredStaffLanguage(), navigator.languages ?? []);
  const target = path === '/staff' ? `/staff/board/${lang}` : `${path}/${lang}`;
  return replace(`${target}${url.search}`);
}

function StaffShell() {
  const { language } = useLanguage();
  useEffect(() => storeStaffLanguage(language), [language]);
  return <Outlet />;
}

function screenRoute(screen: StaffScreen, Screen: () => React.ReactNode) {
  return {
    Component: () => (
      <ScreenGate screen={screen}>
        <Screen />
      </ScreenGate>
    ),
  };
}

/** /staff/a/b/c…: the not-found screen, in the address's last segment's language if it is one. */
function unknownDeepLoader({ request }: LoaderFunctionArgs) {
  const last = new URL(request.url).pathname.replace(/\/+$/, '').split('/').at(-1);
  const lang =
    supported(last) ?? preferredStaffLanguage(readStoredStaffLanguage(), navigator.languages ?? []);
  return replace(`/staff/not-found/${lang}`);
}

export const staffShell = { loader: languageLoader, Component: StaffShell };
export const staffLogin = { Component: LoginScreen };
export const staffConsole = { Component: StaffConsoleLayout };
export const staffScreens: Record<StaffScreen, { Component: () => React.ReactNode }> = {
  board: screenRoute('board', BoardScreen),
  kitchen: screenRoute('kitchen', KitchenScreen),
  tables: screenRoute('tables', TablesScreen),
  menu: screenRoute('menu', MenuAvailabilityScreen),
  payments: screenRoute('payments', PaymentsScreen),
};
/** An address naming no screen (`/staff/reports/en`) keeps its address; a deeper one is sent here. */
export const staffNotFound = { Component: NotFoundScreen };
export const staffUnknownDeep = { loader: unknownDeepLoader, Component: NotFoundScreen };

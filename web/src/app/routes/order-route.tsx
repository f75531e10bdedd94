import { lazy, useState } from 'react';
import { useLocation } from 'react-router';
import { OptionalPart } from '../../components/optional-part/optional-part.tsx';
import { GUIDE_SEEN_STORAGE_KEY } from '../../config/constants.ts';
import { MenuItemActionsProvider } from '../../features/menu/components/menu-item-actions.tsx';
import { MenuScreen } from '../../features/menu/components/menu-screen.tsx';
import { MyOrders } from '../../features/ordering/components/my-orders.tsx';
import {
  ORDER_VIEW_PARAM,
  ORDERS_VIEW,
  OrderingMenu,
  useAddToCartActions,
} from '../../features/ordering/components/ordering-menu.tsx';
import { OrderingProvider } from '../../features/ordering/components/ordering-provider.tsx';
import { useOrdering } from '../../features/ordering/state/ordering-context.ts';
import { RestaurantContact } from '../../features/restaurant-contact/components/restaurant-contact.tsx';
import { loadChunk } from '../../lib/chunk-load.ts';
import { JoinedTableCalls } from './joined-table-calls.tsx';

/**
 * spec §2: /order/:shortName/:table/:lang — the menu with ordering (cart bar, cart, confirmation) and the
 * restaurant's contact, and with `?view=orders` the diner's orders (the overview of a just placed order
 * first) and the table calls. The QR code opens this route with `?t=<token>`; ordering code loads only here
 * and on My Table.
 */
export function OrderRoute() {
  const location = useLocation();
  const view = new URLSearchParams(location.search).get(ORDER_VIEW_PARAM);
  return (
    <OrderingProvider>
      {view === ORDERS_VIEW ? (
        <>
          <MyOrders />
          <JoinedTableCalls />
        </>
      ) : (
        <OrderMenu />
      )}
    </OrderingProvider>
  );
}

// Only diners who have not seen it download the guide (and its texts).
const FirstUseGuide = lazy(() =>
  loadChunk('guide', () => import('../../features/guide/components/first-use-guide.tsx')).then((m) => ({
    default: m.FirstUseGuide,
  })),
);

function guideSeen(): boolean {
  try {
    return localStorage.getItem(GUIDE_SEEN_STORAGE_KEY) !== null;
  } catch {
    // Without storage it would show on every visit: counted as seen.
    return true;
  }
}

function OrderMenu() {
  const renderActions = useAddToCartActions();
  const { status } = useOrdering();
  // Decision record 026: the guide explains ordering, so it waits until this phone can order at the table,
  // on this screen only — never on the read-only /menu — and as a sheet that leaves the menu readable.
  const [guide, setGuide] = useState(() => !guideSeen());
  return (
    <OrderingMenu>
      <MenuItemActionsProvider value={renderActions}>
        <MenuScreen />
      </MenuItemActionsProvider>
      <RestaurantContact />
      {guide && status === 'joined' && (
        <OptionalPart>
          <FirstUseGuide onClose={() => setGuide(false)} />
        </OptionalPart>
      )}
    </OrderingMenu>
  );
}

import { useLocation } from 'react-router';
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
import { RestaurantContact } from '../../features/restaurant-contact/components/restaurant-contact.tsx';
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

function OrderMenu() {
  const renderActions = useAddToCartActions();
  return (
    <OrderingMenu>
      <MenuItemActionsProvider value={renderActions}>
        <MenuScreen />
      </MenuItemActionsProvider>
      <RestaurantContact />
    </OrderingMenu>
  );
}

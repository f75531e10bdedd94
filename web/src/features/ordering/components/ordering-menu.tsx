import type { MenuItem } from '@tablo/contract/menu';
import type { Order } from '@tablo/contract/order';
import { type ReactNode, useCallback, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { MenuItemActionContext } from '../../../lib/dish-actions.ts';
import { useCartView } from '../hooks/use-cart-view.ts';
import { useOrdering } from '../state/ordering-context.ts';
import { AddToCartButton } from './add-to-cart-button.tsx';
import { CartBar } from './cart-bar.tsx';
import { CartDialog } from './cart-dialog.tsx';
import styles from './ordering.module.css';

export const ORDER_VIEW_PARAM = 'view';
export const ORDERS_VIEW = 'orders';
export const PLACED_PARAM = 'placed';

/** The "Add" control for the menu's dish slot while this device can order at the table; else none. */
export function useAddToCartActions():
  | ((item: MenuItem, place: 'card' | 'dialog', context?: MenuItemActionContext) => ReactNode)
  | null {
  const { status, closed } = useOrdering();
  const render = useCallback(
    (item: MenuItem, place: 'card' | 'dialog', context?: MenuItemActionContext) => (
      <AddToCartButton item={item} place={place} context={context} />
    ),
    [],
  );
  return (status === 'joined' || status === 'offline') && !closed ? render : null;
}

/** The order route's menu: the menu (children) with the cart bar and the cart dialog. */
export function OrderingMenu({ children }: { children: ReactNode }) {
  const ordering = useOrdering();
  const view = useCartView();
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const onPlaced = useCallback(
    (order: Order) => {
      setOpen(false);
      const params = new URLSearchParams({
        [ORDER_VIEW_PARAM]: ORDERS_VIEW,
        [PLACED_PARAM]: String(order.id),
      });
      navigate({ pathname: location.pathname, search: `?${params}` });
    },
    [navigate, location.pathname],
  );
  const canOrder = (ordering.status === 'joined' || ordering.status === 'offline') && !ordering.closed;
  return (
    <>
      {children}
      {canOrder && view.count > 0 && (
        <>
          <div className={styles.cartBarSpace} aria-hidden="true" />
          <CartBar view={view} onOpen={() => setOpen(true)} />
        </>
      )}
      {open && <CartDialog view={view} onClose={close} onPlaced={onPlaced} />}
    </>
  );
}

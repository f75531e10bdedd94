import { createContext, useContext } from 'react';

export type OrderingStatus =
  /** The restaurant takes no orders: menu only. */
  | 'off'
  /** No session id could be had from the server: menu only, until the diner tries again. */
  | 'no-session'
  | 'joining'
  | 'joined'
  /** Joined before, but the network is gone: the cart can be filled; placing waits for the network. */
  | 'offline'
  /** The server (or the table's state) refused: the QR code on the table must be scanned. */
  | 'refused'
  /** Joining failed for another reason (network, rate limit): retry possible. */
  | 'failed'
  /** Staff closed the visit: its orders are gone, the next party starts clean. */
  | 'closed';

export type Ordering = {
  status: OrderingStatus;
  shortName: string;
  /** The table's id (the number in the URL). */
  tableId: number;
  /** The number shown to diners. */
  tableNumber: number;
  sessionId: string | null;
  visitId: number | null;
  /** The message of a refused or failed join, as the server wrote it. */
  error: string | null;
  /** Outside the opening hours: when ordering opens, in words (issue 28); no "Add" and no cart meanwhile. */
  closed?: string | null;
  retry: () => void;
  /** Says something in the screen reader's polite live region. */
  announce: (text: string) => void;
};

export const OrderingContext = createContext<Ordering | null>(null);

export function useOrdering(): Ordering {
  const value = useContext(OrderingContext);
  if (!value) throw new Error('useOrdering must be used inside <OrderingProvider>');
  return value;
}

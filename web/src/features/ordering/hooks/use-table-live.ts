import type { ServerMessage } from '@tablo/contract/events';
import type { Menu } from '@tablo/contract/menu';
import type { Order, TableOrdersResponse } from '@tablo/contract/order';
import type { TableCallsResponse } from '@tablo/contract/table-call';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { connectLive, type LiveSocketFactory, type LiveStatus } from '../../../lib/live-client.ts';
import { menuOptionsQueryKey } from '../../../lib/menu-options-query.ts';
import { menuQueryKey } from '../../../lib/menu-query.ts';
import { tableCallsQueryKey, upsertCall } from '../../../lib/table-calls-query.ts';
import { tableOrdersQueryKey } from '../api/table-orders.ts';

export type TableLiveOptions = {
  shortName: string;
  tableId: number;
  sessionId: string | null;
  cursor: number;
  enabled: boolean;
  onStatus: (status: LiveStatus) => void;
  onStatusChanged?: (orderId: number, status: Order['status']) => void;
  /** Every applied message, after the caches were updated (a route's other features follow the table too). */
  onMessage?: (message: ServerMessage) => void;
};

/** Tests hand in a FakeWebSocket; the app uses the browser's. */
let socketFactory: LiveSocketFactory | undefined;
export function setLiveSocketFactory(factory: LiveSocketFactory | undefined): void {
  socketFactory = factory;
}

/** An order placed here or arriving live: inserted once, newest first, or replaced in place. */
export function upsertOrder(data: TableOrdersResponse | undefined, order: Order): TableOrdersResponse {
  const orders = data?.orders ?? [];
  const index = orders.findIndex((existing) => existing.id === order.id);
  if (index === -1) return { visitId: order.visitId, orders: [order, ...orders] };
  const next = [...orders];
  next[index] = order;
  return { visitId: data?.visitId ?? order.visitId, orders: next };
}

/** Applies one live message to the cached table orders, calls and menu (so every screen re-renders). */
export function applyLiveMessage(
  queryClient: QueryClient,
  keys: { shortName: string; tableId: number; sessionId: string },
  message: ServerMessage,
  onStatusChanged?: TableLiveOptions['onStatusChanged'],
): void {
  const ordersKey = tableOrdersQueryKey(keys.tableId, keys.sessionId);
  const callsKey = tableCallsQueryKey(keys.tableId, keys.sessionId);
  switch (message.type) {
    case 'snapshot':
      queryClient.setQueryData<TableOrdersResponse>(ordersKey, {
        visitId: message.visitId,
        orders: message.visitId === null ? [] : message.orders,
      });
      queryClient.setQueryData<TableCallsResponse>(callsKey, {
        calls: message.visitId === null ? [] : message.calls,
      });
      return;
    case 'call.changed':
      queryClient.setQueryData<TableCallsResponse>(callsKey, (data) => upsertCall(data, message.call));
      return;
    case 'order.placed':
      queryClient.setQueryData<TableOrdersResponse>(ordersKey, (data) => upsertOrder(data, message.order));
      return;
    case 'order.status_changed': {
      const data = queryClient.getQueryData<TableOrdersResponse>(ordersKey);
      const before = data?.orders.find((order) => order.id === message.orderId);
      if (!data || !before) {
        // An order this view has not seen: read the list again.
        void queryClient.invalidateQueries({ queryKey: ordersKey });
        return;
      }
      queryClient.setQueryData<TableOrdersResponse>(ordersKey, {
        ...data,
        orders: data.orders.map((order) =>
          order.id === message.orderId
            ? { ...order, status: message.status, rejectReason: message.rejectReason }
            : order,
        ),
      });
      if (before.status !== message.status) onStatusChanged?.(message.orderId, message.status);
      return;
    }
    case 'item.availability_changed':
      queryClient.setQueryData<Menu>(menuQueryKey(keys.shortName), (menu) =>
        menu?.map((category) => ({
          ...category,
          menuItems: category.menuItems.map((item) =>
            item.id === message.menuItemId ? { ...item, availabilityType: message.availabilityType } : item,
          ),
        })),
      );
      return;
    case 'menu.published':
      // A new menu went live (docs/decisions/062): read it again; the cart keeps what it holds.
      void queryClient.invalidateQueries({ queryKey: menuQueryKey(keys.shortName) });
      // Issue 27: the options (their prices and sold-out marks) are read again with it, when read at all.
      void queryClient.invalidateQueries({ queryKey: menuOptionsQueryKey(keys.shortName) });
      return;
    case 'table.closed':
      queryClient.setQueryData<TableOrdersResponse>(ordersKey, { visitId: null, orders: [] });
      queryClient.setQueryData<TableCallsResponse>(callsKey, { calls: [] });
      return;
    default:
      return;
  }
}

/** The table's live connection while joined: keeps the orders and menu caches current (DESIGN §6). */
export function useTableLive(options: TableLiveOptions): void {
  const queryClient = useQueryClient();
  const { shortName, tableId, sessionId, enabled } = options;
  const latest = useRef(options);
  latest.current = options;

  useEffect(() => {
    if (!enabled || sessionId === null) return;
    const keys = { shortName, tableId, sessionId };
    const client = connectLive({
      tableId,
      sessionId,
      cursor: latest.current.cursor,
      createSocket: socketFactory,
      onMessage: (message) => {
        applyLiveMessage(queryClient, keys, message, (id, status) =>
          latest.current.onStatusChanged?.(id, status),
        );
        latest.current.onMessage?.(message);
      },
      onStatus: (status) => latest.current.onStatus(status),
    });
    return () => client.stop();
  }, [enabled, shortName, tableId, sessionId, queryClient]);
}

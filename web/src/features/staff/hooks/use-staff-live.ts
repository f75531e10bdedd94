import type { TableEvent } from '@tablo/contract/events';
import type { Menu } from '@tablo/contract/menu';
import type { PrinterStatus } from '@tablo/contract/printing';
import type { StaffBoard, StaffMe } from '@tablo/contract/staff';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { LiveSocketFactory } from '../../../lib/live-client.ts';
import { menuOptionsQueryKey } from '../../../lib/menu-options-query.ts';
import { menuQueryKey } from '../../../lib/menu-query.ts';
import { staffBoardQueryKey } from '../api/staff-board.ts';
import { applyPrinterStatus, printerStatusesQueryKey } from '../api/staff-printing.ts';
import { staffMeQueryKey } from '../api/staff-session.ts';
import { staffTablesQueryKey } from '../api/staff-tables.ts';
import { forgetEvents, rememberEvent } from '../live/recent-events.ts';
import { connectStaffLive, type StaffLiveClient, type StaffLiveStatus } from '../live/staff-live-client.ts';
import { applyTableEvent, isLateSuccess, isNewCall, isNewOrder } from '../utils/board-events.ts';

/** Tests hand in a fake WebSocket; the app uses the browser's. */
let socketFactory: LiveSocketFactory | undefined;
export function setStaffSocketFactory(factory: LiveSocketFactory | undefined): void {
  socketFactory = factory;
}

/** `tableNumber` is null only when the board, even read again, does not hold the event's visit. */
export type StaffAlert =
  | { kind: 'order'; orderId: number; tableId: number; visitId: number; tableNumber: number | null }
  | {
      kind: 'call';
      callKind: 'WAITER' | 'BILL';
      tableId: number;
      visitId: number;
      tableNumber: number | null;
    }
  | {
      kind: 'late_payment';
      outcome: 'ACCEPTED' | 'REFUNDING' | 'REFUNDED';
      tableId: number;
      visitId: number;
      tableNumber: number | null;
      /** Amount + tip. */
      total: number;
    };

type StaffLiveOptions = {
  me: StaffMe;
  /** The board has been read once: its cursors are where the socket starts. */
  board: StaffBoard | undefined;
  onAlert: (alert: StaffAlert) => void;
};

/**
 * The console's live channel while a member is signed in: table events update the board (and the menu's
 * availability) in the query cache, new orders and calls raise an alert, a table's settings or a
 * reconnect read the tables again, 4401 returns to the log-in screen.
 */
export function useStaffLive({ me, board, onAlert }: StaffLiveOptions): StaffLiveStatus {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<StaffLiveStatus>('connecting');
  const client = useRef<StaffLiveClient | null>(null);
  const alert = useRef(onAlert);
  alert.current = onAlert;
  const ready = board !== undefined;
  const shortName = me.restaurantShortName;
  const initial = useRef(board);
  initial.current ??= board;

  useEffect(() => {
    if (!ready) return;
    function onEvent(event: TableEvent) {
      rememberEvent(event);
      if (event.type === 'item.availability_changed') {
        queryClient.setQueryData<Menu>(menuQueryKey(shortName), (menu) =>
          menu?.map((category) => ({
            ...category,
            menuItems: category.menuItems.map((item) =>
              item.id === event.menuItemId ? { ...item, availabilityType: event.availabilityType } : item,
            ),
          })),
        );
        return;
      }
      if (event.type === 'menu.published') {
        // Issue 27: the choices (their sold-out marks) are read again with a new menu.
        void queryClient.invalidateQueries({ queryKey: menuOptionsQueryKey(shortName) });
      }
      const current = queryClient.getQueryData<StaffBoard>(staffBoardQueryKey);
      const newOrder = isNewOrder(current, event) ? event : null;
      const newCall = isNewCall(current, event) ? event : null;
      const late = isLateSuccess(current, event) ? event : null;
      // Raised once the board holds the event's visit, so the alert can name the table.
      const raise = () => {
        const tableNumber =
          queryClient
            .getQueryData<StaffBoard>(staffBoardQueryKey)
            ?.visits.find((visit) => visit.visitId === event.visitId)?.tableNumber ?? null;
        const at = { tableId: event.tableId, visitId: event.visitId, tableNumber };
        if (newOrder) alert.current({ kind: 'order', orderId: newOrder.order.id, ...at });
        if (newCall) alert.current({ kind: 'call', callKind: newCall.call.kind, ...at });
        // The event names its table: its visit may be closed already (a late payment after a forced close).
        if (late)
          alert.current({
            kind: 'late_payment',
            outcome: late.outcome,
            ...at,
            tableNumber: late.tableNumber,
            total: late.amount + late.tip,
          });
      };
      let refetch = false;
      if (current) {
        const applied = applyTableEvent(current, event);
        queryClient.setQueryData(staffBoardQueryKey, applied.board);
        refetch = applied.refetch;
      }
      if (refetch) void queryClient.invalidateQueries({ queryKey: staffBoardQueryKey }).then(raise, raise);
      else raise();
      void queryClient.invalidateQueries({ queryKey: staffTablesQueryKey });
    }
    const live = connectStaffLive({
      cursors: initial.current?.cursors ?? [],
      createSocket: socketFactory,
      onEvent,
      onTableUpdated: () => void queryClient.invalidateQueries({ queryKey: staffTablesQueryKey }),
      onResync: () => {
        void queryClient.invalidateQueries({ queryKey: staffBoardQueryKey });
        void queryClient.invalidateQueries({ queryKey: staffTablesQueryKey });
        // Issue 28: printer news is not replayed, so what was missed is read again.
        void queryClient.invalidateQueries({ queryKey: printerStatusesQueryKey });
      },
      // Applied to the list read last; before any read (no board or kitchen shown yet) there is nothing to follow.
      onPrinterStatus: ({ type: _type, ...status }) =>
        queryClient.setQueryData<PrinterStatus[]>(printerStatusesQueryKey, (printers) =>
          printers ? applyPrinterStatus(printers, status) : printers,
        ),
      onStatus: (next) => {
        setStatus(next);
        if (next === 'unauthorized') queryClient.setQueryData(staffMeQueryKey, null);
      },
    });
    client.current = live;
    return () => {
      live.stop();
      client.current = null;
      forgetEvents();
    };
  }, [ready, queryClient, shortName]);

  // A board read again (after a stale move or a reconnect) reflects its own cursors: resume from there.
  useEffect(() => {
    if (board) client.current?.advance(board.cursors);
  }, [board]);

  return status;
}

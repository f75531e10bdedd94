import { type TableEvent, WS_CLOSE } from '@tablo/contract/events';
import { reconnectSchedule } from '@tablo/contract/live-reconnect';
import { API_BASE } from '@tablo/contract/paths';
import type { PrinterStatusMessage } from '@tablo/contract/printing';
import {
  formatStaffSince,
  type StaffCursor,
  StaffServerMessageSchema,
  staffPaths,
} from '@tablo/contract/staff';
import { type LiveSocket, type LiveSocketFactory, parseLiveMessage } from '../../../lib/live-client.ts';

export type StaffLiveStatus =
  /** Connecting, or waiting to reconnect. */
  | 'connecting'
  /** Caught up: events arrive as they happen. */
  | 'live'
  /** 4401: the staff session is gone; the console shows the log-in screen. */
  | 'unauthorized';

export type StaffLiveOptions = {
  /** The cursor per table the caller's board reflects. */
  cursors: readonly StaffCursor[];
  /** Each table event once, in cursor order per table. */
  onEvent: (event: TableEvent) => void;
  /** A table's settings changed (enabled, token rotated): the tables list is read again. */
  onTableUpdated: (tableId: number) => void;
  /** Caught up again after a reconnect: what is not replayed (table settings) must be read again. */
  onResync: () => void;
  onStatus?: (status: StaffLiveStatus) => void;
  /** A printer went off or came back, or its queue changed (issue 28); not replayed on reconnect. */
  onPrinterStatus?: (status: PrinterStatusMessage) => void;
  createSocket?: LiveSocketFactory;
  origin?: string;
  random?: () => number;
};

export type StaffLiveClient = {
  readonly status: StaffLiveStatus;
  /** The cursor per table applied so far (what a reconnect resumes from). */
  cursors(): StaffCursor[];
  /** A board read again reflects these cursors: later reconnects resume from whichever is further. */
  advance(cursors: readonly StaffCursor[]): void;
  stop(): void;
};

export function staffLiveUrl(origin: string, cursors: readonly StaffCursor[]): string {
  const since = formatStaffSince(cursors);
  return `${origin}${API_BASE}${staffPaths.live()}${since === '' ? '' : `?since=${since}`}`;
}

function pageOrigin(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}`;
}

/**
 * The board's live channel (docs/decisions/018-staff-console-screens.md): the staff websocket, resumed
 * with one cursor per table, each table event applied once, reconnecting on the contract's schedule
 * (`live-reconnect.ts`: 0.5 s doubling to 5 s, jittered; 30 s after 4429). 4401 stops it: the session has to be renewed by logging in.
 */
export function connectStaffLive(options: StaffLiveOptions): StaffLiveClient {
  const random = options.random ?? Math.random;
  const createSocket = options.createSocket ?? ((url: string) => new WebSocket(url) as unknown as LiveSocket);
  const origin = options.origin ?? pageOrigin();
  const cursors = new Map<number, number>();
  let status: StaffLiveStatus = 'connecting';
  let socket: LiveSocket | null = null;
  const reconnect = reconnectSchedule(open, random);
  let connections = 0;

  function advance(list: readonly StaffCursor[]): void {
    for (const { tableId, cursor } of list) {
      if (cursor > (cursors.get(tableId) ?? 0)) cursors.set(tableId, cursor);
    }
  }
  advance(options.cursors);

  function list(): StaffCursor[] {
    return [...cursors].map(([tableId, cursor]) => ({ tableId, cursor }));
  }

  function setStatus(next: StaffLiveStatus): void {
    if (status === next) return;
    status = next;
    options.onStatus?.(next);
  }

  function handle(raw: unknown): void {
    const message = parseLiveMessage(StaffServerMessageSchema, raw, 'staff live');
    if (!message) return;
    switch (message.type) {
      case 'ready':
        reconnect.caughtUp();
        setStatus('live');
        // The first connection starts from a fresh board; any later one may have missed table settings.
        if (connections > 1) options.onResync();
        return;
      case 'error':
        console.warn('staff live: the server reported', message.message);
        return;
      case 'table.updated':
        options.onTableUpdated(message.tableId);
        return;
      case 'printer.status':
        // Issue 28: no cursor (not replayed); after a reconnect `onResync` reads the printers' state again.
        options.onPrinterStatus?.(message);
        return;
      default:
        if (message.cursor <= (cursors.get(message.tableId) ?? 0)) return;
        cursors.set(message.tableId, message.cursor);
        options.onEvent(message);
    }
  }

  function open(): void {
    setStatus('connecting');
    connections += 1;
    const current = createSocket(staffLiveUrl(origin, list()));
    socket = current;
    current.onmessage = (event) => {
      if (socket === current) handle(event.data);
    };
    current.onclose = (event) => {
      if (socket !== current) return;
      socket = null;
      if (!reconnect.active) return;
      if (event.code === WS_CLOSE.unauthorized) {
        reconnect.stop();
        setStatus('unauthorized');
        return;
      }
      setStatus('connecting');
      reconnect.retry({ tooManyConnections: event.code === WS_CLOSE.tooManyConnections });
    };
    // An error is always followed by a close, which decides what happens next.
    current.onerror = () => {};
  }

  open();

  return {
    get status() {
      return status;
    },
    cursors: list,
    advance,
    stop() {
      reconnect.stop();
      const current = socket;
      socket = null;
      current?.close(1000, 'done');
    },
  };
}

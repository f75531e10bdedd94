import { type ServerMessage, ServerMessageSchema, WS_CLOSE } from '@tablo/contract/events';
import { reconnectSchedule } from '@tablo/contract/live-reconnect';
import { API_BASE, apiPaths } from '@tablo/contract/paths';
import type { z } from 'zod';

export type LiveStatus =
  /** Connecting or waiting to reconnect. */
  | 'connecting'
  /** Caught up (the server's `ready` arrived); events arrive as they happen. */
  | 'live'
  /** The visit is over (table.closed, close code 4410, or a snapshot without a visit): not reconnecting. */
  | 'closed'
  /** 4403: this session is not joined to the table's open visit. Not reconnecting. */
  | 'forbidden'
  /** 4400: the parameters are wrong; reconnecting would not help. */
  | 'stopped';

/** The part of the browser's WebSocket the client uses, so tests can hand in a FakeWebSocket. */
export interface LiveSocket {
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason?: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  close(code?: number, reason?: string): void;
}
export type LiveSocketFactory = (url: string) => LiveSocket;

export type LiveClientOptions = {
  tableId: number;
  sessionId: string;
  /** The cursor the caller's state is consistent with (the join answer's); a larger stored one wins. */
  cursor?: number;
  /** Called once per applied message: events in cursor order, never twice; snapshots always. */
  onMessage: (message: ServerMessage) => void;
  onStatus?: (status: LiveStatus) => void;
  createSocket?: LiveSocketFactory;
  /** ws(s)://host of the page unless given. */
  origin?: string;
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  random?: () => number;
};

export type LiveClient = {
  readonly cursor: number;
  readonly status: LiveStatus;
  /** Closes the socket and stops reconnecting. */
  stop(): void;
};

export function liveCursorStorageKey(tableId: number): string {
  return `tablo.live.cursor.${tableId}`;
}

export function liveUrl(origin: string, tableId: number, sessionId: string, since: number | null): string {
  const params = new URLSearchParams({ table_id: String(tableId), session_id: sessionId });
  if (since !== null && since > 0) params.set('since', String(since));
  return `${origin}${API_BASE}${apiPaths.live()}?${params}`;
}

function pageOrigin(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}`;
}

function browserStorage(): LiveClientOptions['storage'] {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * A websocket message checked against its contract; a message that is not JSON or outside the contract
 * is dropped with a warning (`label` names the socket), never applied.
 */
export function parseLiveMessage<T>(schema: z.ZodType<T>, raw: unknown, label: string): T | null {
  let parsed: z.ZodSafeParseResult<T>;
  try {
    parsed = schema.safeParse(typeof raw === 'string' ? JSON.parse(raw) : raw);
  } catch {
    console.warn(`${label}: a message that is not JSON was dropped`);
    return null;
  }
  if (!parsed.success) {
    console.warn(`${label}: a message outside the contract was dropped`, parsed.error.issues);
    return null;
  }
  return parsed.data;
}

/**
 * The diner's live connection to one table (DESIGN §6, docs/decisions/010-live-updates.md). Every message
 * is parsed with the contract's union (anything else is dropped and logged); each event cursor is applied
 * once; the last applied cursor is kept in memory and sessionStorage, and a reconnect resumes after it.
 * It reconnects on the contract's schedule (`live-reconnect.ts`, shared with the staff client and the
 * scale-out harness: 0.5 s doubling to 5 s, jittered; 30 s after 4429; decisions 034, 065).
 */
export function connectLive(options: LiveClientOptions): LiveClient {
  const storage = options.storage === undefined ? browserStorage() : options.storage;
  const random = options.random ?? Math.random;
  const createSocket = options.createSocket ?? ((url: string) => new WebSocket(url) as unknown as LiveSocket);
  const origin = options.origin ?? pageOrigin();
  const key = liveCursorStorageKey(options.tableId);

  let cursor = Math.max(options.cursor ?? 0, readStoredCursor());
  let status: LiveStatus = 'connecting';
  let socket: LiveSocket | null = null;
  const reconnect = reconnectSchedule(open, random);

  function readStoredCursor(): number {
    const value = Number(storage?.getItem(key) ?? 0);
    return Number.isSafeInteger(value) && value > 0 ? value : 0;
  }

  function storeCursor(next: number): void {
    cursor = next;
    try {
      storage?.setItem(key, String(next));
    } catch {
      // Without storage the cursor lives in memory; a reload then starts from the join's cursor.
    }
  }

  function setStatus(next: LiveStatus): void {
    if (status === next) return;
    status = next;
    options.onStatus?.(next);
  }

  function finish(next: LiveStatus): void {
    reconnect.stop();
    setStatus(next);
    if (next === 'closed') {
      try {
        storage?.removeItem(key);
      } catch {
        // Nothing to forget.
      }
    }
    const current = socket;
    socket = null;
    if (current) current.close(1000, next);
  }

  function handle(raw: unknown): void {
    const message = parseLiveMessage(ServerMessageSchema, raw, 'live');
    if (!message) return;
    switch (message.type) {
      case 'snapshot':
        // A snapshot is the whole state at its cursor: it replaces whatever was applied before.
        storeCursor(message.cursor);
        options.onMessage(message);
        if (message.visitId === null) finish('closed');
        return;
      case 'ready':
        reconnect.caughtUp();
        if (message.cursor > cursor) storeCursor(message.cursor);
        setStatus('live');
        options.onMessage(message);
        return;
      case 'error':
        console.warn('live: the server reported', message.message);
        return;
      default:
        if (message.cursor <= cursor) return;
        storeCursor(message.cursor);
        options.onMessage(message);
        if (message.type === 'table.closed') finish('closed');
    }
  }

  function open(): void {
    setStatus('connecting');
    const current = createSocket(liveUrl(origin, options.tableId, options.sessionId, cursor));
    socket = current;
    current.onmessage = (event) => {
      if (socket === current) handle(event.data);
    };
    current.onclose = (event) => {
      if (socket !== current) return;
      socket = null;
      if (!reconnect.active) return;
      if (event.code === WS_CLOSE.forbidden) return finish('forbidden');
      if (event.code === WS_CLOSE.tableClosed) return finish('closed');
      if (event.code === WS_CLOSE.badRequest) return finish('stopped');
      setStatus('connecting');
      reconnect.retry({ tooManyConnections: event.code === WS_CLOSE.tooManyConnections });
    };
    // An error is always followed by a close, which decides what happens next.
    current.onerror = () => {};
  }

  open();

  return {
    get cursor() {
      return cursor;
    },
    get status() {
      return status;
    },
    stop() {
      reconnect.stop();
      const current = socket;
      socket = null;
      current?.close(1000, 'done');
    },
  };
}

import type { ServerMessage } from '@tablo/contract/events';
import { type Order, OrderSchema } from '@tablo/contract/order';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectLive, type LiveSocket, liveCursorStorageKey } from './live-client.ts';

const SESSION = '3b241101-e2bb-4255-8caf-4136c566a962';

/** A test double of the browser's WebSocket: records its URL; the test plays the server. */
class FakeWebSocket implements LiveSocket {
  static all: FakeWebSocket[] = [];
  onopen: LiveSocket['onopen'] = null;
  onmessage: LiveSocket['onmessage'] = null;
  onclose: LiveSocket['onclose'] = null;
  onerror: LiveSocket['onerror'] = null;
  closedWith: number | null = null;

  constructor(readonly url: string) {
    FakeWebSocket.all.push(this);
  }

  static latest(): FakeWebSocket {
    const socket = FakeWebSocket.all.at(-1);
    if (!socket) throw new Error('no socket');
    return socket;
  }

  get since(): string | null {
    return new URL(this.url).searchParams.get('since');
  }

  send(message: ServerMessage | string): void {
    this.onmessage?.({ data: typeof message === 'string' ? message : JSON.stringify(message) });
  }

  serverClose(code: number): void {
    this.onclose?.({ code });
  }

  close(code = 1000): void {
    this.closedWith = code;
  }
}

function order(id: number, status: Order['status'] = 'PLACED'): Order {
  return OrderSchema.parse({
    id,
    visitId: 5,
    tableId: 1,
    status,
    note: '',
    total: 1000,
    currency: 'HUF',
    isMine: true,
    rejectReason: null,
    items: [],
    createdAt: '2025-01-01T12:00:00.000Z',
    updatedAt: '2025-01-01T12:00:00.000Z',
  });
}

const base = { tableId: 1, visitId: 5 };

function start(cursor = 10) {
  const received: ServerMessage[] = [];
  const statuses: string[] = [];
  const client = connectLive({
    tableId: 1,
    sessionId: SESSION,
    cursor,
    origin: 'ws://tablo.test',
    createSocket: (url) => new FakeWebSocket(url),
    storage: sessionStorage,
    random: () => 1,
    onMessage: (message) => received.push(message),
    onStatus: (status) => statuses.push(status),
  });
  return { client, received, statuses };
}

describe('live client', () => {
  beforeEach(() => {
    FakeWebSocket.all = [];
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('connects to /api/ws with table, session and the cursor to resume after', () => {
    start(10);
    const url = new URL(FakeWebSocket.latest().url);
    expect(url.origin + url.pathname).toBe('ws://tablo.test/api/ws');
    expect(url.searchParams.get('table_id')).toBe('1');
    expect(url.searchParams.get('session_id')).toBe(SESSION);
    expect(url.searchParams.get('since')).toBe('10');
  });

  it('applies each cursor once and ignores anything at or below the last applied one', () => {
    const { received, client } = start(10);
    const socket = FakeWebSocket.latest();
    socket.send({ type: 'order.placed', ...base, cursor: 11, order: order(1) });
    socket.send({ type: 'order.placed', ...base, cursor: 11, order: order(1) });
    socket.send({
      type: 'order.status_changed',
      ...base,
      cursor: 9,
      orderId: 1,
      status: 'PAID',
      rejectReason: null,
    });
    socket.send({
      type: 'order.status_changed',
      ...base,
      cursor: 12,
      orderId: 1,
      status: 'ACCEPTED',
      rejectReason: null,
    });
    expect(received.map((m) => m.type)).toEqual(['order.placed', 'order.status_changed']);
    expect(client.cursor).toBe(12);
    expect(sessionStorage.getItem(liveCursorStorageKey(1))).toBe('12');
  });

  it('drops and logs messages outside the contract', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { received } = start();
    FakeWebSocket.latest().send('{"type":"order.placed","cursor":"x"}');
    FakeWebSocket.latest().send('not json');
    expect(received).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('reconnects with backoff after a dropped connection and resumes with since = last cursor', () => {
    const { statuses } = start(10);
    const first = FakeWebSocket.latest();
    first.send({ type: 'ready', cursor: 10 });
    first.send({ type: 'order.placed', ...base, cursor: 14, order: order(1) });
    first.serverClose(1006);
    expect(FakeWebSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(499);
    expect(FakeWebSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.all).toHaveLength(2);
    expect(FakeWebSocket.latest().since).toBe('14');
    // The second failure in a row waits twice as long.
    FakeWebSocket.latest().serverClose(1006);
    vi.advanceTimersByTime(999);
    expect(FakeWebSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.all).toHaveLength(3);
    expect(statuses).toContain('live');
  });

  it('a reload resumes from the cursor kept in sessionStorage', () => {
    sessionStorage.setItem(liveCursorStorageKey(1), '40');
    start(10);
    expect(FakeWebSocket.latest().since).toBe('40');
  });

  it('a snapshot replaces the state and its cursor, even a lower one', () => {
    const { received, client } = start(50);
    FakeWebSocket.latest().send({
      type: 'snapshot',
      cursor: 30,
      tableId: 1,
      visitId: 5,
      orders: [order(2)],
      calls: [],
    });
    FakeWebSocket.latest().send({ type: 'order.placed', ...base, cursor: 31, order: order(3) });
    expect(received.map((m) => m.type)).toEqual(['snapshot', 'order.placed']);
    expect(client.cursor).toBe(31);
  });

  it('stops after table.closed and forgets the cursor', () => {
    const { received, statuses } = start(10);
    const socket = FakeWebSocket.latest();
    socket.send({ type: 'table.closed', ...base, cursor: 11 });
    socket.serverClose(4410);
    vi.advanceTimersByTime(60_000);
    expect(received.map((m) => m.type)).toEqual(['table.closed']);
    expect(statuses.at(-1)).toBe('closed');
    expect(FakeWebSocket.all).toHaveLength(1);
    expect(sessionStorage.getItem(liveCursorStorageKey(1))).toBeNull();
  });

  it('stops on 4403 (not joined) without reconnecting', () => {
    const { statuses } = start();
    FakeWebSocket.latest().serverClose(4403);
    vi.advanceTimersByTime(60_000);
    expect(statuses.at(-1)).toBe('forbidden');
    expect(FakeWebSocket.all).toHaveLength(1);
  });

  it('stop() closes the socket and cancels a pending reconnect', () => {
    const { client } = start();
    FakeWebSocket.latest().serverClose(1006);
    client.stop();
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.all).toHaveLength(1);
  });
});

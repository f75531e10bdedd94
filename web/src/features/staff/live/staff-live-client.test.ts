import type { TableEvent } from '@tablo/contract/events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeStaffSocket } from '../testing/fake-staff-socket.ts';
import { staffOrder } from '../testing/staff-fixtures.ts';
import { connectStaffLive, staffLiveUrl } from './staff-live-client.ts';

function start() {
  const events: TableEvent[] = [];
  const updated: number[] = [];
  const statuses: string[] = [];
  let resyncs = 0;
  const client = connectStaffLive({
    cursors: [
      { tableId: 1, cursor: 10 },
      { tableId: 2, cursor: 20 },
    ],
    origin: 'ws://tablo.test',
    createSocket: (url) => new FakeStaffSocket(url),
    random: () => 1,
    onEvent: (event) => events.push(event),
    onTableUpdated: (tableId) => updated.push(tableId),
    onResync: () => {
      resyncs += 1;
    },
    onStatus: (status) => statuses.push(status),
  });
  return { client, events, updated, statuses, resyncs: () => resyncs };
}

const placed = (cursor: number, tableId = 1): TableEvent => ({
  type: 'order.placed',
  cursor,
  tableId,
  visitId: 50,
  order: staffOrder({ id: cursor, tableId }),
});

beforeEach(() => {
  FakeStaffSocket.all = [];
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('staff live client', () => {
  it('connects to the staff socket with one cursor per table', () => {
    start();
    expect(FakeStaffSocket.latest().url).toBe('ws://tablo.test/api/staff/ws?since=1:10,2:20');
    expect(staffLiveUrl('ws://x', [])).toBe('ws://x/api/staff/ws');
  });

  it('applies each table event once per cursor, per table, and drops what is outside the contract', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { events } = start();
    const socket = FakeStaffSocket.latest();
    socket.send(placed(10)); // already in the board
    socket.send(placed(11));
    socket.send(placed(11)); // twice
    socket.send(placed(15, 2)); // table 2 is at 20
    socket.send(placed(21, 2));
    socket.send('{"type":"order.placed"}');
    socket.send('not json');
    expect(events.map((e) => `${e.tableId}:${e.cursor}`)).toEqual(['1:11', '2:21']);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('reconnects with backoff and resumes from the cursors it applied; resyncs after catching up', () => {
    const { client, statuses, resyncs, updated } = start();
    const first = FakeStaffSocket.latest();
    first.send({ type: 'ready' });
    expect(statuses).toEqual(['live']);
    expect(resyncs()).toBe(0);
    first.send(placed(12));
    first.send({ type: 'table.updated', tableId: 3 });
    expect(updated).toEqual([3]);
    first.serverClose(1006);
    expect(statuses.at(-1)).toBe('connecting');
    vi.advanceTimersByTime(499);
    expect(FakeStaffSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    const second = FakeStaffSocket.latest();
    expect(second.since).toBe('1:12,2:20');
    second.serverClose(1006);
    vi.advanceTimersByTime(999);
    expect(FakeStaffSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(1);
    const third = FakeStaffSocket.latest();
    third.send({ type: 'ready' });
    expect(resyncs()).toBe(1);
    // A board read again moves the cursors forward, never back.
    client.advance([
      { tableId: 1, cursor: 5 },
      { tableId: 4, cursor: 40 },
    ]);
    expect(client.cursors()).toEqual([
      { tableId: 1, cursor: 12 },
      { tableId: 2, cursor: 20 },
      { tableId: 4, cursor: 40 },
    ]);
    client.stop();
    expect(third.closedWith).toBe(1000);
  });

  it('stops on 4401 (no staff session) and waits the longest after 4429', () => {
    const first = start();
    FakeStaffSocket.latest().serverClose(4429);
    vi.advanceTimersByTime(29_999);
    expect(FakeStaffSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeStaffSocket.all).toHaveLength(2);
    FakeStaffSocket.latest().serverClose(4401);
    expect(first.statuses.at(-1)).toBe('unauthorized');
    vi.advanceTimersByTime(60_000);
    expect(FakeStaffSocket.all).toHaveLength(2);
  });
});

describe('printer news (issue 28)', () => {
  it('is passed on as it comes, with no cursor of its own and no table event', () => {
    const printers: string[] = [];
    const events: TableEvent[] = [];
    connectStaffLive({
      cursors: [{ tableId: 1, cursor: 10 }],
      origin: 'ws://tablo.test',
      createSocket: (url) => new FakeStaffSocket(url),
      onEvent: (event) => events.push(event),
      onTableUpdated: () => {},
      onResync: () => {},
      onPrinterStatus: (status) => printers.push(`${status.name}:${status.online}:${status.waitingJobs}`),
    });
    const socket = FakeStaffSocket.latest();
    const status = {
      type: 'printer.status' as const,
      printerId: 1,
      name: 'Kitchen',
      online: false,
      lastError: 'ECONNREFUSED',
      waitingJobs: 2,
      failedJobs: 0,
      checkedAt: '2025-05-01T12:00:00.000Z',
    };
    socket.send(status);
    socket.send({ ...status, online: true, lastError: null, waitingJobs: 0 });
    expect(printers).toEqual(['Kitchen:false:2', 'Kitchen:true:0']);
    expect(events).toEqual([]);
  });
});

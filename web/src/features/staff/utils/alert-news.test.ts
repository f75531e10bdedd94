import { describe, expect, it } from 'vitest';
import { demoBoard } from '../testing/staff-fixtures.ts';
import { isStillNews } from './alert-news.ts';

describe('isStillNews', () => {
  const at = { tableId: 1, visitId: 50, tableNumber: 1 };

  it('a new order is news until it leaves "new"', () => {
    const board = demoBoard();
    expect(isStillNews({ kind: 'order', orderId: 5, ...at }, board)).toBe(true);
    expect(isStillNews({ kind: 'order', orderId: 6, ...at }, board)).toBe(false);
  });

  it('a call is news while open; a closed table’s alerts are not', () => {
    const board = demoBoard();
    const call = { kind: 'call' as const, callKind: 'BILL' as const, ...at };
    expect(isStillNews(call, board)).toBe(false);
    board.visits[0]?.calls.push({
      kind: 'BILL',
      requestedAt: '2025-05-01T12:06:00.000Z',
      acknowledgedAt: null,
    });
    expect(isStillNews(call, board)).toBe(true);
    board.visits = board.visits.filter((v) => v.visitId !== 50);
    expect(isStillNews(call, board)).toBe(false);
    // An alert the board could not place at a table (its visit never read) still tells something.
    expect(isStillNews({ ...call, tableNumber: null }, board)).toBe(true);
  });
});

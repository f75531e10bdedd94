import type { TableEvent } from '@tablo/contract/events';
import type { StaffVisit } from '@tablo/contract/staff';
import { describe, expect, it } from 'vitest';
import { demoBoard, staffOrder } from '../testing/staff-fixtures.ts';
import { applyTableEvent, isNewCall, isNewOrder, reconcileBoard } from './board-events.ts';

const base = { tableId: 1, visitId: 50 };

describe('board events', () => {
  it('adds a placed order once (not owed before it is accepted), and moves the table cursor', () => {
    const event: TableEvent = { type: 'order.placed', cursor: 11, ...base, order: staffOrder({ id: 8 }) };
    const { board, refetch } = applyTableEvent(demoBoard(), event);
    expect(refetch).toBe(false);
    expect(board.visits[0]?.orders.map((o) => o.id)).toEqual([5, 6, 8]);
    expect(board.visits[0]?.unpaidAmount).toBe(3990);
    expect(board.cursors).toContainEqual({ tableId: 1, cursor: 11 });
    expect(applyTableEvent(board, event).board).toBe(board);
    expect(isNewOrder(board, event)).toBe(false);
    expect(isNewOrder(demoBoard(), event)).toBe(true);
  });

  it('accepting adds an order to the unpaid amount; an older move never takes it back', () => {
    const accepted = applyTableEvent(demoBoard(), {
      type: 'order.status_changed',
      cursor: 11,
      ...base,
      orderId: 5,
      status: 'ACCEPTED',
      rejectReason: null,
    }).board;
    expect(accepted.visits[0]?.unpaidAmount).toBe(3990 + 4980);
  });

  it('a rejection of a new order leaves the unpaid amount; an older move never takes it back', () => {
    const rejected = applyTableEvent(demoBoard(), {
      type: 'order.status_changed',
      cursor: 11,
      ...base,
      orderId: 5,
      status: 'REJECTED',
      rejectReason: 'out of stock',
    }).board;
    expect(rejected.visits[0]?.orders[0]).toMatchObject({ status: 'REJECTED', rejectReason: 'out of stock' });
    expect(rejected.visits[0]?.unpaidAmount).toBe(3990);
    const back = applyTableEvent(rejected, {
      type: 'order.status_changed',
      cursor: 12,
      ...base,
      orderId: 6,
      status: 'PLACED',
      rejectReason: null,
    }).board;
    expect(back.visits[0]?.orders[1]?.status).toBe('ACCEPTED');
  });

  it('asks for the board again for a new visit or an unknown order, and drops a closed visit', () => {
    expect(
      applyTableEvent(demoBoard(), {
        type: 'order.placed',
        cursor: 1,
        tableId: 3,
        visitId: 52,
        order: staffOrder({ id: 9, tableId: 3, visitId: 52 }),
      }).refetch,
    ).toBe(true);
    const closed = applyTableEvent(demoBoard(), {
      type: 'table.closed',
      cursor: 21,
      tableId: 2,
      visitId: 51,
    });
    expect(closed.board.visits.map((v) => v.visitId)).toEqual([50]);
  });

  it('replaces a call of the same kind; an open call is new until acknowledged', () => {
    const call = { kind: 'WAITER' as const, requestedAt: '2025-05-01T12:01:00.000Z', acknowledgedAt: null };
    const event: TableEvent = { type: 'call.changed', cursor: 11, ...base, call };
    expect(isNewCall(demoBoard(), event)).toBe(true);
    const board = applyTableEvent(demoBoard(), event).board;
    expect(board.visits[0]?.calls).toEqual([call]);
    expect(isNewCall(board, event)).toBe(false);
    const acknowledged = { ...call, acknowledgedAt: '2025-05-01T12:02:00.000Z' };
    const after = applyTableEvent(board, { type: 'call.changed', cursor: 12, ...base, call: acknowledged });
    expect(after.board.visits[0]?.calls).toEqual([acknowledged]);
  });

  it('a board read meanwhile gets the events after its own cursors', () => {
    const late: TableEvent = { type: 'order.placed', cursor: 11, ...base, order: staffOrder({ id: 8 }) };
    const old: TableEvent = { type: 'order.placed', cursor: 9, ...base, order: staffOrder({ id: 99 }) };
    const board = reconcileBoard(demoBoard(), [old, late]);
    expect(board.visits[0]?.orders.map((o) => o.id)).toEqual([5, 6, 8]);
  });

  it('paid quantities show at once; a payment event drops a settled payment and reads the board again', () => {
    const paymentId = '0b0e7a8e-2f6b-4c53-9a55-6f7c4e2b1a10';
    const pending = {
      id: paymentId,
      method: 'CASH' as const,
      amount: 3990,
      tip: 0,
      createdAt: '2025-05-01T12:03:00.000Z',
      itemCount: 1,
      items: [{ orderId: 6, orderItemId: 600, quantity: 1 }],
      shareCount: 0,
    };
    const start = demoBoard();
    start.visits[0] = { ...(start.visits[0] as StaffVisit), payments: [pending] };
    const paid = applyTableEvent(start, {
      type: 'order.items_paid',
      cursor: 11,
      ...base,
      orderId: 6,
      items: [{ orderItemId: 600, paidQuantity: 1 }],
    });
    expect(paid.refetch).toBe(true);
    expect(paid.board.visits[0]?.orders[1]?.items[0]?.paidQuantity).toBe(1);
    const settled = applyTableEvent(paid.board, {
      type: 'payment.changed',
      cursor: 12,
      ...base,
      paymentId,
      status: 'SUCCEEDED',
      method: 'CASH',
      amount: 3990,
    });
    expect(settled.refetch).toBe(true);
    expect(settled.board.visits[0]?.payments).toEqual([]);
    expect(
      applyTableEvent(settled.board, {
        type: 'payment.changed',
        cursor: 12,
        ...base,
        paymentId,
        status: 'FAILED',
        method: 'CASH',
        amount: 1,
      }).refetch,
    ).toBe(false);
  });
});

import type { TableEvent } from '@tablo/contract/events';
import type { Order, OrderStatus } from '@tablo/contract/order';
import type { StaffBoard, StaffCursor, StaffVisit } from '@tablo/contract/staff';

/**
 * What an order leaves to pay: the unpaid quantities of an accepted or served order (as the server counts
 * it: a PLACED order is not owed yet, a REJECTED one never). Payments are not applied here: their events
 * make the board read again, since equal shares and pending payments are only exact on the server.
 */
export function unpaidOf(order: Order): number {
  if (order.status !== 'ACCEPTED' && order.status !== 'SERVED') return 0;
  return order.items.reduce((sum, item) => sum + (item.quantity - item.paidQuantity) * item.unitPrice, 0);
}

export type AppliedEvent = {
  board: StaffBoard;
  /** The event names something the board does not hold (a new visit, an unseen order): read it again. */
  refetch: boolean;
};

function cursorOf(board: StaffBoard, tableId: number): number {
  return board.cursors.find((c) => c.tableId === tableId)?.cursor ?? 0;
}

function withCursor(cursors: StaffCursor[], tableId: number, cursor: number): StaffCursor[] {
  const others = cursors.filter((c) => c.tableId !== tableId);
  return [...others, { tableId, cursor }];
}

function replaceVisit(board: StaffBoard, visit: StaffVisit): StaffVisit[] {
  return board.visits.map((v) => (v.visitId === visit.visitId ? visit : v));
}

/** How far along an order is: a replayed older move never takes an order back. */
const PROGRESS: Record<OrderStatus, number> = { PLACED: 0, ACCEPTED: 1, REJECTED: 1, SERVED: 2, PAID: 3 };

function moveOrder(order: Order, status: OrderStatus, rejectReason: string | null): Order {
  const items =
    status === 'PAID' ? order.items.map((item) => ({ ...item, paidQuantity: item.quantity })) : order.items;
  return { ...order, status, rejectReason, items };
}

/**
 * The one way an order on the board changes: the visit's unpaid amount moves by what the order owes now
 * minus what it owed before. Every writer goes through here (an event, the answer to this board's own
 * move), so whichever of the two arrives second finds nothing left to count.
 */
function withOrderReplaced(visit: StaffVisit, before: Order, after: Order): StaffVisit {
  return {
    ...visit,
    orders: visit.orders.map((o) => (o.id === before.id ? after : o)),
    unpaidAmount: Math.max(0, visit.unpaidAmount - unpaidOf(before) + unpaidOf(after)),
  };
}

/**
 * The server's answer to a move made on this board (accept, serve, reject), laid on the board by the same
 * rule as the move's event: an answer older than what the board shows already changes nothing.
 */
export function applyOrderAnswer(board: StaffBoard, answer: Order): StaffBoard {
  const visit = board.visits.find((v) => v.visitId === answer.visitId);
  const order = visit?.orders.find((o) => o.id === answer.id);
  if (!visit || !order || PROGRESS[answer.status] < PROGRESS[order.status]) return board;
  return {
    ...board,
    visits: replaceVisit(board, withOrderReplaced(visit, order, { ...answer, isMine: false })),
  };
}

/**
 * One table event applied to the board, once: an event at or below the table's cursor changes nothing.
 * The board's cursor for the table moves to the event's.
 */
export function applyTableEvent(board: StaffBoard, event: TableEvent): AppliedEvent {
  if (event.cursor <= cursorOf(board, event.tableId)) return { board, refetch: false };
  const cursors = withCursor(board.cursors, event.tableId, event.cursor);
  const visit = board.visits.find((v) => v.visitId === event.visitId);
  const unchanged = { board: { ...board, cursors }, refetch: false };

  switch (event.type) {
    case 'order.placed': {
      // A new visit: its table number is not in the event, the board is read again.
      if (!visit) return { board: { ...board, cursors }, refetch: true };
      if (visit.orders.some((o) => o.id === event.order.id)) return unchanged;
      const next = {
        ...visit,
        orders: [...visit.orders, { ...event.order, isMine: false }],
        unpaidAmount: visit.unpaidAmount + unpaidOf(event.order),
      };
      return { board: { visits: replaceVisit(board, next), cursors }, refetch: false };
    }
    case 'order.status_changed': {
      const order = visit?.orders.find((o) => o.id === event.orderId);
      if (!visit || !order) return { board: { ...board, cursors }, refetch: true };
      if (PROGRESS[event.status] < PROGRESS[order.status]) return unchanged;
      const next = withOrderReplaced(visit, order, moveOrder(order, event.status, event.rejectReason));
      return { board: { visits: replaceVisit(board, next), cursors }, refetch: false };
    }
    case 'call.changed': {
      if (!visit) return { board: { ...board, cursors }, refetch: true };
      const calls = [...visit.calls.filter((c) => c.kind !== event.call.kind), event.call];
      return { board: { visits: replaceVisit(board, { ...visit, calls }), cursors }, refetch: false };
    }
    case 'order.items_paid': {
      // The lines show their paid quantities at once; the unpaid amount and pending payments are read again.
      if (!visit) return { board: { ...board, cursors }, refetch: true };
      const paid = new Map(event.items.map((item) => [item.orderItemId, item.paidQuantity]));
      const orders = visit.orders.map((order) =>
        order.id === event.orderId
          ? {
              ...order,
              items: order.items.map((item) => ({
                ...item,
                paidQuantity: paid.get(item.id) ?? item.paidQuantity,
              })),
            }
          : order,
      );
      return { board: { visits: replaceVisit(board, { ...visit, orders }), cursors }, refetch: true };
    }
    case 'payment.changed': {
      // A settled payment leaves the visit's pending list at once; the amounts are read again.
      if (!visit) return { board: { ...board, cursors }, refetch: true };
      const payments =
        event.status === 'PENDING' ? visit.payments : visit.payments.filter((p) => p.id !== event.paymentId);
      return { board: { visits: replaceVisit(board, { ...visit, payments }), cursors }, refetch: true };
    }
    case 'table.closed':
      return {
        board: { visits: board.visits.filter((v) => v.visitId !== event.visitId), cursors },
        refetch: false,
      };
    default:
      return unchanged;
  }
}

/**
 * A board read while events kept arriving may be older than some of them: the events after the board's
 * own cursor for their table are applied on top, so nothing the socket delivered is lost.
 */
export function reconcileBoard(board: StaffBoard, recent: readonly TableEvent[]): StaffBoard {
  let next = board;
  for (const event of recent) next = applyTableEvent(next, event).board;
  return next;
}

/** An order the board did not hold yet: the one event that raises the new-order alert. */
export function isNewOrder(
  board: StaffBoard | undefined,
  event: TableEvent,
): event is Extract<TableEvent, { type: 'order.placed' }> {
  if (event.type !== 'order.placed' || !board) return event.type === 'order.placed';
  return !board.visits.some((v) => v.orders.some((o) => o.id === event.order.id));
}

/**
 * Money an online provider took for a payment that had ended (docs/decisions/052): accepted, being
 * refunded or refunded. Raised once: an event the board has already applied (its cursor) is not.
 */
export function isLateSuccess(
  board: StaffBoard | undefined,
  event: TableEvent,
): event is Extract<TableEvent, { type: 'payment.late_success' }> {
  return event.type === 'payment.late_success' && (!board || event.cursor > cursorOf(board, event.tableId));
}

/** A call not yet seen as open (a new one, or one made again after an acknowledgement): it raises the alert. */
export function isNewCall(
  board: StaffBoard | undefined,
  event: TableEvent,
): event is Extract<TableEvent, { type: 'call.changed' }> {
  if (event.type !== 'call.changed' || event.call.acknowledgedAt !== null) return false;
  const known = board?.visits
    .find((v) => v.visitId === event.visitId)
    ?.calls.find((c) => c.kind === event.call.kind);
  return !known || known.requestedAt !== event.call.requestedAt || known.acknowledgedAt !== null;
}

import type { StaffBoard } from '@tablo/contract/staff';
import type { StaffAlert } from '../hooks/use-staff-live.ts';

/**
 * Whether an alert still tells the waiter something: its order still waits to be accepted, its call is still
 * open. Once someone acts on it (here or on another tablet, the board follows both) its banner has done its job.
 */
export function isStillNews(alert: StaffAlert, board: StaffBoard | undefined): boolean {
  // Money that came late has nothing to act on at the table: it is news until seen, dismissed or timed out.
  if (alert.kind === 'late_payment' || !board) return true;
  const visit = board.visits.find((v) => v.visitId === alert.visitId);
  // A visit the board never held (read again and still missing) stays news; one that left was closed.
  if (!visit) return alert.tableNumber === null;
  if (alert.kind === 'order') return visit.orders.find((o) => o.id === alert.orderId)?.status === 'PLACED';
  const call = visit.calls.find((c) => c.kind === alert.callKind);
  return call !== undefined && call.acknowledgedAt === null;
}

/** Where an alert's "Show" moves the focus: the order's heading, the calling table's card, or the board. */
export function alertTarget(alert: StaffAlert): string {
  if (alert.kind === 'order') return `staff-order-${alert.orderId}`;
  // A late payment's visit may be closed already: the board itself.
  return alert.kind === 'call' ? `staff-visit-${alert.visitId}` : 'staff-main';
}

import type { StaffBoard } from '@tablo/contract/staff';
import type { StaffAlert } from '../hooks/use-staff-live.ts';

/**
 * Whether an alert still tells the waiter something: its order still waits to be accepted, its call is still
 * open. Once someone acts on it (here or on another tablet, the board follows both) its banner has done its job.
 */
export function isStillNews(alert: StaffAlert, board: StaffBoard | undefined): boolean {
  if (!board) return true;
  const visit = board.visits.find((v) => v.visitId === alert.visitId);
  // A visit the board never held (read again and still missing) stays news; one that left was closed.
  if (!visit) return alert.tableNumber === null;
  if (alert.kind === 'order') return visit.orders.find((o) => o.id === alert.orderId)?.status === 'PLACED';
  const call = visit.calls.find((c) => c.kind === alert.callKind);
  return call !== undefined && call.acknowledgedAt === null;
}

/** The id of the heading an alert's "Show" moves the focus to: the order's, or the calling table's card. */
export function alertTarget(alert: StaffAlert): string {
  return alert.kind === 'order' ? `staff-order-${alert.orderId}` : `staff-visit-${alert.visitId}`;
}

import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { canStaffMove, type Order, type OrderStatus } from '@tablo/contract/order';
import { type StaffMe, staffCan } from '@tablo/contract/staff';
import { notifyStaffSessionsEnded } from '../../db/channels.ts';
import type { Database } from '../../db/database.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { appendTableEvent } from '../live/event-log.ts';
import { asSeenBy, loadOrders, lockOrderOfRestaurant, setOrderStatus } from '../orders/repository.ts';
import { pendingPaymentIds } from '../payments/payment-rows.ts';
import { cancelPendingPayments, markPaidOrdersAfterServe, unpaidAmounts } from '../payments/service.ts';
import { enqueueOrderTickets, voidOrderTickets } from '../printing/enqueue.ts';
import { assertNotBlocked, forgetLoginFailures, recordLoginFailure } from './login-throttle.ts';
import { dummyPasswordHash, verifyPassword } from './password.ts';
import {
  closeVisit,
  deleteStaffSession,
  findStaffByEmail,
  findStaffSession,
  insertStaffSession,
  lockOpenVisit,
  type StaffIdentity,
} from './repository.ts';

export const STAFF_SESSION_TTL_SECONDS = 12 * 60 * 60;

export const STAFF_TEXTS = {
  badCredentials: 'Wrong e-mail address or password',
  disabled: 'This account has been disabled',
  notLoggedIn: 'Please log in',
  csrf: 'Missing or invalid CSRF token: reload the page and try again',
  orderNotFound: 'Order not found',
  tableNotFound: 'Table not found',
  noOpenVisit: 'This table has no open visit',
  visitClosed: 'The table of this order has been closed',
  forceNotAllowed: 'Only an owner or a manager can close a table that has not paid everything',
  unpaid: (amount: number, currency: string) =>
    `This table still has ${amount} ${currency} unpaid or in pending payments: ` +
    'a manager can close it anyway (force)',
} as const;

export interface StaffContext extends StaffIdentity {
  csrfToken: string;
  tokenHash: string;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function toMe(staff: StaffIdentity & { csrfToken: string }): StaffMe {
  return {
    email: staff.email,
    role: staff.role,
    restaurantShortName: staff.restaurantShortName,
    restaurantName: staff.restaurantName,
    csrfToken: staff.csrfToken,
  };
}

/**
 * The same answer, after the same work, for an unknown e-mail and a wrong password; each counts towards
 * the address's block (login-throttle.ts). A disabled account is told so only after its right password.
 */
export async function login(
  database: Database,
  email: string,
  password: string,
): Promise<{ token: string; me: StaffMe }> {
  await assertNotBlocked(database.db, email);
  const staff = await findStaffByEmail(database.db, email);
  const valid = await verifyPassword(password, staff?.passwordHash ?? (await dummyPasswordHash()));
  if (!staff || !valid) {
    await recordLoginFailure(database.db, email);
    throw new HttpError(401, STAFF_TEXTS.badCredentials);
  }
  await forgetLoginFailures(database.db, email);
  if (staff.disabledAt) throw new HttpError(403, STAFF_TEXTS.disabled);
  return openStaffSession(database, staff);
}

/** A new session for the account (log-in, and sign-up or an accepted invitation, which sign in). */
export async function openStaffSession(
  database: Database,
  staff: StaffIdentity,
): Promise<{ token: string; me: StaffMe }> {
  const token = randomBytes(32).toString('base64url');
  const csrfToken = randomBytes(32).toString('base64url');
  await insertStaffSession(database.db, {
    tokenHash: hashToken(token),
    staffUserId: staff.staffUserId,
    csrfToken,
    ttlSeconds: STAFF_SESSION_TTL_SECONDS,
  });
  return { token, me: toMe({ ...staff, csrfToken }) };
}

export async function authenticate(
  database: Database,
  token: string | undefined,
): Promise<StaffContext | null> {
  if (!token || token.length > 200) return null;
  const tokenHash = hashToken(token);
  const found = await findStaffSession(database.db, tokenHash);
  return found ? { ...found, tokenHash } : null;
}

export function csrfMatches(given: string | undefined, expected: string): boolean {
  if (!given) return false;
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

export async function logout(database: Database, staff: StaffContext): Promise<void> {
  await deleteStaffSession(database.db, staff.tokenHash);
  // Its staff sockets close on every instance.
  await notifyStaffSessionsEnded(database, staff.staffUserId);
}

/**
 * PATCH /api/staff/orders/:orderId. The order row is locked for the transaction, so two staff members
 * moving one order run one after the other and the second sees the first's result.
 */
export async function changeOrderStatus(
  database: Database,
  staff: StaffContext,
  orderId: number,
  to: OrderStatus,
  reason: string | undefined,
): Promise<Order> {
  return database.transaction(async (tx) => {
    const order = await lockOrderOfRestaurant(tx, orderId, staff.restaurantId);
    if (!order) throw notFound(STAFF_TEXTS.orderNotFound);
    if (!canStaffMove(order.status, to)) {
      throw new HttpError(409, `An order that is ${order.status} cannot become ${to}`);
    }
    if (!order.visitOpen) throw new HttpError(409, STAFF_TEXTS.visitClosed);
    const rejectReason = to === 'REJECTED' ? (reason ?? null) : null;
    if (!(await setOrderStatus(tx, orderId, order.status, to, rejectReason))) {
      throw new HttpError(409, 'The order was changed meanwhile: reload and try again');
    }
    // Issue 28: the kitchen tickets commit with the move (modules/printing/enqueue.ts).
    if (to === 'ACCEPTED') await enqueueOrderTickets(database, tx, orderId, 'ACCEPTED');
    if (to === 'REJECTED') await voidOrderTickets(database, tx, orderId);
    const [stored] = await loadOrders(tx, { orderIds: [orderId] });
    if (!stored) throw new Error(`order ${orderId} vanished`);
    // Last statement: it holds the table's event lock until commit.
    await appendTableEvent(database, tx, {
      tableId: order.tableId,
      visitId: order.visitId,
      event: { type: 'order.status_changed', orderId, status: to, rejectReason },
    });
    // An order paid before it was served becomes PAID now (payments module, docs/decisions/019).
    if (to === 'SERVED' && (await markPaidOrdersAfterServe(database, tx, order))) stored.status = 'PAID';
    return asSeenBy(stored, null);
  });
}

/**
 * Ends the table's visit: its diners see nothing of it any more, the next party starts clean. A visit with
 * unpaid or pending units is closed only with `force` by a role with `closeUnpaidVisits`; its pending
 * payments are cancelled in the same transaction (docs/decisions/019-payments.md).
 */
export async function closeTable(
  database: Database,
  staff: StaffContext,
  tableId: number,
  force = false,
): Promise<void> {
  if (force && !staffCan(staff.role, 'closeUnpaidVisits'))
    throw new HttpError(403, STAFF_TEXTS.forceNotAllowed);
  await database.transaction(async (tx) => {
    const visit = await lockOpenVisit(tx, staff.restaurantId, tableId);
    if (visit === null) throw notFound(STAFF_TEXTS.tableNotFound);
    if (visit === 0) throw new HttpError(409, STAFF_TEXTS.noOpenVisit);
    const { visitId } = visit;
    const unpaid = (await unpaidAmounts(tx, [visitId])).get(visitId) ?? 0;
    const pending = (await pendingPaymentIds(tx, visitId)).length;
    if (unpaid > 0 || pending > 0) {
      if (!force) throw new HttpError(409, STAFF_TEXTS.unpaid(unpaid, visit.currency));
      await cancelPendingPayments(database, tx, visitId);
    }
    await closeVisit(tx, visitId);
    await appendTableEvent(database, tx, { tableId, visitId, event: { type: 'table.closed' } });
  });
}

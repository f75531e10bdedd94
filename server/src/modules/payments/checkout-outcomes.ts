import type { Database, Db } from '../../db/database.ts';
import { appendTableEvent, notifyTableEvents } from '../live/event-log.ts';
import { freeOf } from '../visits/lines.ts';
import { markCheckoutClosed, setLateOutcome } from './checkout-rows.ts';
import { type LateOutcome, loadPayment, type StoredPayment } from './payment-rows.ts';
import type { CheckoutState, OnlinePaymentProvider } from './providers/provider.ts';
import { settleInTransaction, settlePayment } from './service.ts';
import { settleRows } from './settle-rows.ts';
import { loadVisitState } from './visit-state.ts';

/**
 * What the provider's side of an online payment does to ours (docs/decisions/052): a checkout we ended is
 * expired at the provider; money the provider took is recorded — the payment succeeds if it was still
 * pending; if we had ended it, its units pay if they are still free, otherwise the money goes back
 * through the provider. Every step is idempotent (state machine, `late_outcome`, the refund's key), so
 * webhooks, the reconciler and every instance can run them in any order, twice.
 */

/** The refund of a late success: one per payment, whoever sends it and however often. */
export function lateRefundKey(paymentId: string): string {
  return `tablo-late-refund-${paymentId}`;
}

/**
 * After we ended a payment (cancelled, lapsed, failed): its checkout is expired at the provider. One the
 * diner had paid already is a late success.
 */
export async function closeCheckout(
  database: Database,
  provider: OnlinePaymentProvider,
  paymentId: string,
): Promise<void> {
  const stored = await loadPayment(database.db, paymentId);
  if (!stored?.providerReference || stored.provider !== provider.name || stored.status === 'PENDING') return;
  if (stored.lateOutcome === 'REFUNDING') {
    await refundLateSuccess(database, provider, stored);
    return;
  }
  if (stored.checkoutClosed) return;
  await applyCheckoutState(database, provider, stored, await provider.expire(stored.providerReference));
}

/** The provider's view of a checkout, applied to the payment. */
export async function applyCheckoutState(
  database: Database,
  provider: OnlinePaymentProvider,
  stored: StoredPayment,
  state: CheckoutState,
): Promise<void> {
  if (state.status === 'complete' && state.paid) {
    await recordProviderSuccess(database, provider, stored.id, state.reference, state.total);
  } else if (state.status === 'expired' || state.failed) {
    if (stored.status === 'PENDING')
      await settlePayment(database, stored.id, 'FAILED', { fromProvider: true });
    else await markCheckoutClosed(database.db, stored.id);
  }
  // Open, or complete while a delayed method settles: its outcome is still to come (event or reconciler).
}

type Decision = { kind: 'done' } | { kind: 'refund'; stored: StoredPayment };

/**
 * The provider took `total` (our unit; null: not known) for the payment's checkout `reference`. Answers
 * what became of it.
 */
export async function recordProviderSuccess(
  database: Database,
  provider: OnlinePaymentProvider,
  paymentId: string,
  reference: string,
  total: number | null,
): Promise<'SUCCEEDED' | LateOutcome | null> {
  let outcome: 'SUCCEEDED' | LateOutcome | null = null;
  const decision = await database.transaction(async (tx): Promise<Decision> => {
    const stored = await lockedPayment(tx, paymentId);
    if (!stored || stored.providerReference !== reference) return { kind: 'done' };
    if (stored.status === 'PENDING') {
      await settleInTransaction(database, tx, paymentId, 'SUCCEEDED', { fromProvider: true });
      outcome = 'SUCCEEDED';
      return { kind: 'done' };
    }
    outcome = stored.lateOutcome ?? (stored.status === 'SUCCEEDED' ? 'SUCCEEDED' : null);
    if (stored.status === 'SUCCEEDED') {
      if (!stored.checkoutClosed) await markCheckoutClosed(tx, paymentId);
      return { kind: 'done' };
    }
    if (stored.lateOutcome === 'REFUNDING') return { kind: 'refund', stored };
    if (stored.lateOutcome !== null) return { kind: 'done' };
    // Ended by us, paid at the provider: its units pay if nobody has paid or reserved them since.
    const sameMoney = total === null || total === stored.amount + stored.tip;
    if (sameMoney && stored.splitId === null && (await unitsStillFree(tx, stored))) {
      const { changed, cursors } = await settleRows(tx, {
        paymentId,
        from: stored.status,
        to: 'SUCCEEDED',
        tableId: stored.tableId,
        visitId: stored.visitId,
        method: stored.method,
        amount: stored.amount,
        units: stored.items.map((item) => ({ orderItemId: item.orderItemId, quantity: item.quantity })),
        closeSplit: null,
        closeCheckout: true,
        lateOutcome: 'ACCEPTED',
      });
      if (changed) {
        await notifyTableEvents(database, tx, stored.tableId, cursors);
        await appendLateEvent(database, tx, stored, 'ACCEPTED');
        outcome = 'ACCEPTED';
        return { kind: 'done' };
      }
    }
    // Its units are someone else's now (or it bought shares of a split, which are priced anew): the
    // money goes back. Recorded first, so staff see it and the reconciler retries the refund if need be.
    if (!(await setLateOutcome(tx, paymentId, 'REFUNDING'))) return { kind: 'done' };
    await appendLateEvent(database, tx, stored, 'REFUNDING');
    outcome = 'REFUNDING';
    return { kind: 'refund', stored: { ...stored, lateOutcome: 'REFUNDING' } };
  });
  if (decision.kind === 'refund') outcome = await refundLateSuccess(database, provider, decision.stored);
  return outcome;
}

/** Gives a late success's money back through the provider, then records the refund (once). */
export async function refundLateSuccess(
  database: Database,
  provider: OnlinePaymentProvider,
  stored: StoredPayment,
): Promise<LateOutcome> {
  if (!stored.providerReference) return 'REFUNDING';
  const refund = await provider.refund(
    stored.providerReference,
    stored.amount + stored.tip,
    lateRefundKey(stored.id),
  );
  // A refund the provider failed or cancelled stays REFUNDING: staff see it, the reconciler asks again
  // (the same key answers the same refund, so it is never given twice).
  if (refund.status === 'failed' || refund.status === 'canceled') return 'REFUNDING';
  await database.transaction(async (tx) => {
    const current = await lockedPayment(tx, stored.id);
    if (current?.lateOutcome !== 'REFUNDING') return;
    if (await setLateOutcome(tx, stored.id, 'REFUNDED', refund.reference)) {
      await appendLateEvent(database, tx, current, 'REFUNDED');
    }
  });
  return 'REFUNDED';
}

/**
 * The payment as it is once its visit is locked. The locking statement reads the payment as of its own
 * start — before a transaction it waited for committed (READ COMMITTED) — so it is read again after.
 */
async function lockedPayment(tx: Db, paymentId: string): Promise<StoredPayment | null> {
  if (!(await loadPayment(tx, paymentId, { lock: true }))) return null;
  return loadPayment(tx, paymentId);
}

async function unitsStillFree(tx: Db, stored: StoredPayment): Promise<boolean> {
  if (stored.items.length === 0) return false;
  const { lines } = await loadVisitState(tx, stored.visitId, {
    onlyLines: stored.items.map((item) => item.orderItemId),
  });
  const byId = new Map(lines.map((line) => [line.orderItemId, line]));
  return stored.items.every((item) => {
    const line = byId.get(item.orderItemId);
    return line !== undefined && freeOf(line) >= item.quantity;
  });
}

function appendLateEvent(database: Database, tx: Db, stored: StoredPayment, outcome: LateOutcome) {
  return appendTableEvent(database, tx, {
    tableId: stored.tableId,
    visitId: stored.visitId,
    event: {
      type: 'payment.late_success',
      paymentId: stored.id,
      tableNumber: stored.tableNumber,
      amount: stored.amount,
      tip: stored.tip,
      currency: stored.currency,
      outcome,
    },
  });
}

import type { Database } from '../../db/database.ts';
import { applyCheckoutState, closeCheckout, refundLateSuccess } from './checkout-outcomes.ts';
import { claimForReconcile, databaseNow } from './checkout-rows.ts';
import { loadPayment } from './payment-rows.ts';
import type { OnlinePaymentProvider } from './providers/provider.ts';
import { CHECKOUT_ENDED_CHANNEL } from './service.ts';

/**
 * A lost webhook is noticed (docs/decisions/052): online payments whose checkout may still change are
 * asked about at the provider — a pending one is retrieved (paid → SUCCEEDED, expired → FAILED), one we
 * ended is expired there (a payment found paid is a late success), a late success's refund is sent
 * again. Each payment is claimed for `afterSeconds` (`reconciled_at`, SKIP LOCKED), so instances take
 * turns instead of asking twice, and a payment is looked at again only after that gap.
 */
export interface ReconcileOptions {
  /** A payment is left alone this long after it was made or last looked at (its webhook has time to come). */
  afterSeconds: number;
  limit?: number;
  /** Older payments are not asked about any more (a delayed method settles within 14 days). */
  maxAgeDays?: number;
}

export async function reconcilePayments(
  database: Database,
  provider: OnlinePaymentProvider,
  options: ReconcileOptions & { passStartedAt?: Date },
  onError: (error: unknown, paymentId: string) => void = () => {},
): Promise<number> {
  const ids = await claimForReconcile(database.db, provider.name, {
    passStartedAt: options.passStartedAt ?? (await databaseNow(database.db)),
    afterSeconds: options.afterSeconds,
    limit: options.limit ?? 50,
    maxAgeDays: options.maxAgeDays ?? 14,
  });
  for (const id of ids) {
    try {
      await reconcileOne(database, provider, id);
    } catch (error) {
      // One payment's failure (the provider down, say) leaves it for the next pass; the others go on.
      onError(error, id);
    }
  }
  return ids.length;
}

async function reconcileOne(database: Database, provider: OnlinePaymentProvider, paymentId: string) {
  const stored = await loadPayment(database.db, paymentId);
  if (!stored?.providerReference) return;
  if (stored.lateOutcome === 'REFUNDING') {
    await refundLateSuccess(database, provider, stored);
    return;
  }
  if (stored.checkoutClosed) return;
  if (stored.status !== 'PENDING') {
    await closeCheckout(database, provider, paymentId);
    return;
  }
  await applyCheckoutState(database, provider, stored, await provider.retrieve(stored.providerReference));
}

export interface Reconciler {
  /** One pass now (tests; also what the timer runs). */
  run(afterSeconds?: number): Promise<number>;
  stop(): Promise<void>;
}

/**
 * On every instance: a pass at start (nothing is skipped for its age: what happened while we were down
 * is caught up), then every `intervalMs`; and a checkout we end is expired at the provider as soon as
 * its transaction commits (the CHECKOUT_ENDED_CHANNEL doorbell; a missed one waits for the next pass).
 */
export async function startReconciler(
  database: Database,
  provider: OnlinePaymentProvider,
  options: { intervalMs: number; afterSeconds: number; onError: (error: unknown) => void },
): Promise<Reconciler> {
  let running: Promise<number> | null = null;
  let stopped = false;
  const inFlight = new Set<Promise<void>>();
  const report = (error: unknown) => {
    if (!stopped) options.onError(error);
  };
  const run = (afterSeconds = options.afterSeconds): Promise<number> => {
    if (running) return running;
    running = (async () => {
      let total = 0;
      const pass = { afterSeconds, passStartedAt: await databaseNow(database.db) };
      for (
        let batch = await reconcilePayments(database, provider, pass, report);
        batch > 0 && !stopped;
        batch = await reconcilePayments(database, provider, pass, report)
      ) {
        total += batch;
      }
      return total;
    })().finally(() => {
      running = null;
    });
    return running;
  };
  const unlisten = await database.listen(CHECKOUT_ENDED_CHANNEL, (payload) => {
    if (stopped) return;
    // null: notifications may have been missed (the connection was re-made) — a pass catches up.
    const work =
      payload === null
        ? run(0).then(() => undefined)
        : closeCheckout(database, provider, payload).catch(report);
    const tracked = work.catch(report).finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
  });
  const timer = setInterval(() => {
    run().catch(report);
  }, options.intervalMs);
  timer.unref();
  const first = run(0).catch((error: unknown) => {
    report(error);
    return 0;
  });
  return {
    run,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await unlisten();
      await first;
      await running?.catch(() => 0);
      await Promise.all(inFlight);
    },
  };
}

import type { Database } from '../../db/database.ts';
import { expireDuePayments } from './service.ts';

export interface PaymentSweeper {
  /** One pass now (tests; also what the timer runs). */
  sweep(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Fails PENDING payments whose reservation lapsed and releases their units, on every instance (each pass
 * takes the visit lock per payment, so two instances sweeping at once do each payment once). Reads of the
 * payable list sweep their own visit too, so a lapsed reservation never outlives a look at the table.
 */
export function startPaymentSweeper(
  database: Database,
  /** `onError`: a failed pass, or one payment of a pass that could not be expired (the pass goes on). */
  options: { intervalMs: number; onError: (error: unknown) => void },
): PaymentSweeper {
  let running: Promise<number> | null = null;
  let stopped = false;
  const sweep = async (): Promise<number> => {
    if (running) return running;
    running = (async () => {
      let total = 0;
      // A payment that cannot be settled is reported and not tried again in this pass (the next pass
      // tries it again): it would head every batch, and the others behind it must still lapse.
      const scope = { skip: new Set<string>(), onError: options.onError };
      // Batches until none is due (a backlog after downtime is cleared in one pass).
      for (
        let batch = await expireDuePayments(database, scope);
        batch > 0 && !stopped;
        batch = await expireDuePayments(database, scope)
      ) {
        total += batch;
      }
      return total;
    })().finally(() => {
      running = null;
    });
    return running;
  };
  const timer = setInterval(() => {
    sweep().catch(options.onError);
  }, options.intervalMs);
  timer.unref();
  return {
    sweep,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running?.catch(() => 0);
    },
  };
}

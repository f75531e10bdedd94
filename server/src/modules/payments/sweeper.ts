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
  options: { intervalMs: number; onError: (error: unknown) => void },
): PaymentSweeper {
  let running: Promise<number> | null = null;
  let stopped = false;
  const sweep = async (): Promise<number> => {
    if (running) return running;
    running = (async () => {
      let total = 0;
      // Batches until none is due (a backlog after downtime is cleared in one pass).
      for (
        let batch = await expireDuePayments(database);
        batch > 0 && !stopped;
        batch = await expireDuePayments(database)
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

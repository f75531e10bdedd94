import type { PaperWidth } from '@tablo/contract/printing';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { PRINT_JOBS_CHANNEL, PRINTER_STATUS_CHANNEL } from '../../db/channels.ts';
import type { Database, Db } from '../../db/database.ts';
import { printer, printJob } from '../../db/schema.ts';
import { encodeTicket } from './encode-ticket.ts';
import { PrinterUnreachable, sendRaw } from './send-raw.ts';

export interface PrinterWorkerOptions {
  /** First wait after a printer was unreachable; doubles on each failed try up to `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** Connect and write timeout of one send. */
  sendTimeoutMs?: number;
  /** A pass over every printer with waiting jobs at least this often (a lost doorbell, another instance gone). */
  pollMs?: number;
  onError?: (error: unknown) => void;
}

export interface PrinterWorker {
  /** Prints what is due now; resolves when the pass ended (tests). */
  kick(): Promise<void>;
  stop(): Promise<void>;
}

type PrinterRow = typeof printer.$inferSelect;
type Claimed = <T>(printerId: number, run: (tx: Db, row: PrinterRow) => Promise<T>) => Promise<T | 'busy'>;

/**
 * Who prints a printer's next job is decided in the database (docs/decisions/072). On PostgreSQL a
 * transaction takes the printer's row `FOR NO KEY UPDATE SKIP LOCKED` for one job: another instance
 * skips that printer, an instance that dies releases it with its connection, and enqueueing (a foreign
 * key's KEY SHARE) is never blocked by it. PGlite admits one process (its data folder is locked), so there
 * the claim is this process's own: a per-printer flag, and statements commit one by one — a PGlite
 * transaction would hold its only connection, the whole app, while a printer is being waited for.
 */
function claimer(database: Database): Claimed {
  if (database.kind === 'postgres') {
    return (printerId, run) =>
      database.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(printer)
          .where(eq(printer.id, printerId))
          .for('no key update', { skipLocked: true });
        return row ? run(tx, row) : 'busy';
      });
  }
  const busy = new Set<number>();
  return async (printerId, run) => {
    if (busy.has(printerId)) return 'busy';
    busy.add(printerId);
    try {
      const [row] = await database.db.select().from(printer).where(eq(printer.id, printerId));
      return row ? await run(database.db, row) : 'busy';
    } finally {
      busy.delete(printerId);
    }
  };
}

type Step = { next: 'again' } | { next: 'idle' } | { next: 'wait'; until: Date };

export function backoffDelay(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, Math.min(attempts - 1, 30)));
}

/**
 * The printer worker of this instance: wakes on PRINT_JOBS_CHANNEL, on the next due retry and every
 * `pollMs`; prints each printer's waiting jobs one at a time in id order.
 */
export async function startPrinterWorker(
  database: Database,
  options: PrinterWorkerOptions = {},
): Promise<PrinterWorker> {
  const backoffMs = options.backoffMs ?? 1000;
  const maxBackoffMs = options.maxBackoffMs ?? 30_000;
  const sendTimeoutMs = options.sendTimeoutMs ?? 5000;
  const pollMs = options.pollMs ?? 30_000;
  const onError = options.onError ?? (() => {});
  const claim = claimer(database);
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  let retryTimer: NodeJS.Timeout | null = null;

  // On PostgreSQL sent once the claim's transaction committed; on PGlite every statement has committed.
  const statusChanged = (tx: Db, row: PrinterRow) =>
    database.notify(
      PRINTER_STATUS_CHANNEL,
      `${row.restaurantId}:${row.id}`,
      database.kind === 'postgres' ? tx : undefined,
    );

  /** Health as seen now; a change of it is announced (the queue's changes are announced by the callers). */
  async function setHealth(tx: Db, row: PrinterRow, online: boolean, error: string | null): Promise<boolean> {
    await tx
      .update(printer)
      .set({ online, lastError: error, checkedAt: sql`now()` })
      .where(eq(printer.id, row.id));
    return row.online !== online || row.lastError !== error;
  }

  /** One job of one printer, under its claim. */
  async function printNext(tx: Db, row: PrinterRow): Promise<Step> {
    if (!row.isEnabled || row.deletedAt) return { next: 'idle' };
    const [job] = await tx
      .select({
        id: printJob.id,
        kind: printJob.kind,
        ticket: printJob.ticket,
        attempts: printJob.attempts,
        due: sql<boolean>`${printJob.nextAttemptAt} <= now()`,
        nextAttemptAt: printJob.nextAttemptAt,
      })
      .from(printJob)
      .where(and(eq(printJob.printerId, row.id), eq(printJob.state, 'WAITING')))
      .orderBy(asc(printJob.id))
      .limit(1);
    if (!job) return { next: 'idle' };
    // The queue waits behind its head: jobs of one printer print in the order they were made.
    if (!job.due) return { next: 'wait', until: job.nextAttemptAt };
    let bytes: Uint8Array;
    try {
      bytes = encodeTicket(job.ticket, job.kind, {
        commandSet: row.commandSet,
        paperWidth: row.paperWidth as PaperWidth,
      });
    } catch (error) {
      await tx
        .update(printJob)
        .set({ state: 'FAILED', lastError: `the ticket cannot be printed: ${String(error)}` })
        .where(eq(printJob.id, job.id));
      await statusChanged(tx, row);
      return { next: 'again' };
    }
    let started = true;
    try {
      await sendRaw(row.host, row.port, bytes, sendTimeoutMs, async () => {
        // Committed before the first byte (outside the claim's transaction): from now on the ticket may be
        // on paper, which a rejection reads (a VOID is owed) — and a reject meanwhile deleted the job.
        const [marked] = await database.db
          .update(printJob)
          .set({ sendingAt: sql`now()`, attempts: sql`${printJob.attempts} + 1` })
          .where(and(eq(printJob.id, job.id), eq(printJob.state, 'WAITING')))
          .returning({ id: printJob.id });
        if (!marked) {
          started = false;
          throw new Error('job withdrawn');
        }
      });
    } catch (error) {
      if (!started) return { next: 'again' };
      if (!(error instanceof PrinterUnreachable)) throw error;
      const attempts = job.attempts + 1;
      const delay = backoffDelay(attempts, backoffMs, maxBackoffMs);
      await tx
        .update(printJob)
        .set({
          attempts: sql`greatest(${printJob.attempts}, ${attempts})`,
          lastError: error.message,
          nextAttemptAt: sql`now() + make_interval(secs => ${delay / 1000})`,
        })
        .where(eq(printJob.id, job.id));
      if (await setHealth(tx, row, false, error.message)) await statusChanged(tx, row);
      return { next: 'wait', until: new Date(Date.now() + delay) };
    }
    // The crash window: the bytes are out, this commit is not done (decision 072).
    await tx
      .update(printJob)
      .set({ state: 'PRINTED', printedAt: sql`now()`, lastError: null })
      .where(eq(printJob.id, job.id));
    await setHealth(tx, row, true, null);
    await statusChanged(tx, row);
    return { next: 'again' };
  }

  async function drainPrinter(printerId: number): Promise<Date | null> {
    for (;;) {
      if (stopped) return null;
      const step = await claim(printerId, printNext);
      if (step === 'busy' || step.next === 'idle') return null;
      if (step.next === 'wait') return step.until;
    }
  }

  async function pass(): Promise<void> {
    const due = await database.db
      .selectDistinct({ printerId: printJob.printerId })
      .from(printJob)
      .innerJoin(printer, eq(printer.id, printJob.printerId))
      .where(and(eq(printJob.state, 'WAITING'), eq(printer.isEnabled, true), isNull(printer.deletedAt)));
    const waits = await Promise.all(
      due.map((row) =>
        drainPrinter(row.printerId).catch((error: unknown) => {
          onError(error);
          return new Date(Date.now() + backoffMs);
        }),
      ),
    );
    const next = waits
      .filter((wait): wait is Date => wait !== null)
      .sort((a, b) => a.getTime() - b.getTime())[0];
    if (next && !stopped) schedule(Math.max(10, next.getTime() - Date.now()));
  }

  function schedule(ms: number): void {
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = setTimeout(() => {
      retryTimer = null;
      kick().catch(onError);
    }, ms);
    retryTimer.unref();
  }

  function kick(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await pass().catch(onError);
      } while (again && !stopped);
    })().finally(() => {
      running = null;
    });
    return running;
  }

  const unlisten = await database.listen(PRINT_JOBS_CHANNEL, () => {
    kick().catch(onError);
  });
  const poll = setInterval(() => {
    kick().catch(onError);
  }, pollMs);
  poll.unref();
  kick().catch(onError);

  return {
    kick,
    async stop() {
      stopped = true;
      clearInterval(poll);
      if (retryTimer) clearTimeout(retryTimer);
      await unlisten();
      await running;
    },
  };
}

/** Jobs of a printer that stopped taking them (disabled, deleted) fail: they will never print there. */
export async function failWaitingJobs(tx: Db, printerId: number, reason: string): Promise<void> {
  await tx
    .update(printJob)
    .set({ state: 'FAILED', lastError: reason })
    .where(and(eq(printJob.printerId, printerId), eq(printJob.state, 'WAITING')));
}

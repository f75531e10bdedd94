import { AsyncLocalStorage } from 'node:async_hooks';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** `null` tells a listener that notifications may have been missed (the connection was re-made). */
export type NotificationHandler = (payload: string | null) => void;

export interface Database {
  readonly kind: 'pglite' | 'postgres';
  readonly db: Db;
  /**
   * `db.transaction`, plus: what `notify(…, tx)` sends from inside it (its savepoints too) goes out once it
   * has committed, batched, and never if it rolls back (CommitNotifier). Use it for every transaction that
   * may notify; `db.transaction` stays plain Drizzle.
   */
  readonly transaction: Db['transaction'];
  /** Subscribes to a NOTIFY channel; resolves to an unsubscribe function. */
  listen(channel: string, handler: NotificationHandler): Promise<() => Promise<void>>;
  /**
   * Sends a NOTIFY. Inside a transaction of `transaction` (`tx`) it is sent right after that transaction
   * commits, never if it rolls back (see CommitNotifier); inside one of plain `db.transaction`, as a
   * `pg_notify` statement of that transaction (PostgreSQL delivers it at commit); without `tx`, now.
   */
  notify(channel: string, payload: string, tx?: Db): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export { MIGRATIONS_FOLDER } from '../paths.ts';

export async function notifyWith(db: Db, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}

export type Notification = [channel: string, payload: string];
const MAX_NOTIFICATIONS_PER_STATEMENT = 500;

const BATCH_HEAD = 'select pg_notify(n.value->>0, n.value->>1) from json_array_elements(';
const BATCH_TAIL = '::json) with ordinality as n(value, ord) order by n.ord';
/** Sends a JSON array of [channel, payload] pairs, in order, in one statement ($1: the array). */
export const NOTIFY_BATCH_SQL = `${BATCH_HEAD}$1${BATCH_TAIL}`;
/** The same statement through the pool, with the batch bound as its parameter. */
const notifyBatch = (batch: string) => sql`${sql.raw(BATCH_HEAD)}${batch}${sql.raw(BATCH_TAIL)}`;

/**
 * NOTIFY after commit, batched (docs/decisions/021). PostgreSQL serialises the commits of every
 * transaction that NOTIFYs — a cluster-wide lock held through the commit's WAL flush — so a NOTIFY inside
 * each order or payment transaction capped all of them at one commit per flush (~450/s here, whatever
 * the pool size). Instead a transaction run through `transaction` (a plain function around Drizzle's
 * public `db.transaction`, nothing of Drizzle reassigned — decision 066) queues the notifications sent
 * with its `tx` and, once it has committed, sends them in one `pg_notify` statement together with whatever
 * other transactions queued meanwhile (one statement in flight at a time). A rolled-back transaction
 * sends nothing. Savepoints queue on the outermost transaction: the queue is found through the async
 * context (AsyncLocalStorage) of the function the transaction runs, whichever `tx` it is handed.
 *
 * A NOTIFY is a doorbell (docs/decisions/010): the listener reads the log, which is the truth. What
 * changes is that an instance dying between a commit and the batch loses that doorbell; the event then
 * reaches other instances' sockets with the table's next event or when a socket reconnects.
 */
export class CommitNotifier {
  private readonly queue = new AsyncLocalStorage<Notification[]>();
  private readonly outbox: Notification[] = [];
  private sending: Promise<void> | null = null;

  /**
   * `deliver`, when given, replaces the `pg_notify` statement: PGlite lives in this one process (its data
   * folder admits no other), so its listeners are ours and a committed transaction's notifications are
   * handed to them directly. On PGlite the statement could not even be batched — a transaction runs from
   * BEGIN to COMMIT without yielding to other requests — so it cost a whole statement per order
   * (docs/decisions/035).
   */
  constructor(
    private readonly db: Db,
    private readonly onError: (error: Error) => void = () => {},
    private readonly deliver?: (notifications: readonly Notification[]) => void,
    /**
     * Sends a batch (the JSON array `NOTIFY_BATCH_SQL` takes) on a connection of its own, answering false
     * when it can't (then the pool sends it). On PostgreSQL the LISTEN connection: through the pool, the
     * doorbells of committed work queued behind every request waiting for a connection (decision 033).
     */
    private readonly sendOwn?: (batch: string) => Promise<boolean>,
  ) {}

  /** `db.transaction` whose notifications are sent after it commits (see the class). */
  readonly transaction: Db['transaction'] = async (run, config) => {
    const pending: Notification[] = [];
    const result = await this.db.transaction((tx) => this.queue.run(pending, () => run(tx)), config);
    if (pending.length > 0) this.send(pending);
    return result;
  };

  /**
   * With `tx`, inside a transaction of `transaction`: queued on it. With a `tx` of a plain `db.transaction`:
   * a statement of that transaction. Without: sent at once.
   */
  async notify(channel: string, payload: string, tx?: Db): Promise<void> {
    const pending = tx ? this.queue.getStore() : undefined;
    if (pending) pending.push([channel, payload]);
    else if (tx) await notifyWith(tx, channel, payload);
    else {
      this.send([[channel, payload]]);
      await this.sending;
    }
  }

  /** Resolves when everything queued so far has been sent (close waits for it). */
  async drain(): Promise<void> {
    while (this.sending) await this.sending;
  }

  private send(notifications: Notification[]): void {
    if (this.deliver) {
      try {
        this.deliver(notifications);
      } catch (error) {
        this.onError(error instanceof Error ? error : new Error(String(error)));
      }
      return;
    }
    this.outbox.push(...notifications);
    this.sending ??= this.flush().finally(() => {
      this.sending = null;
    });
  }

  private async flush(): Promise<void> {
    while (this.outbox.length > 0) {
      const batch = JSON.stringify(this.outbox.splice(0, MAX_NOTIFICATIONS_PER_STATEMENT));
      try {
        if (await this.sendOwn?.(batch)) continue;
        await this.db.execute(notifyBatch(batch));
      } catch (error) {
        this.onError(error instanceof Error ? error : new Error(String(error)));
      }
    }
  }
}

export type { PGlite };

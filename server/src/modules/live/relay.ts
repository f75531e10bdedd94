import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';
import {
  type LoggedEvent,
  latestTableCursor,
  readEventsOfTables,
  TABLE_EVENTS_CHANNEL,
} from './event-log.ts';
import type { Hub } from './hub.ts';

interface TableState {
  /** The last cursor this instance read for the table (and published to its sockets); null until known. */
  lastCursor: number | null;
  ready: Promise<void>;
  /** The table is in the read under way (one read at a time per table keeps its events in order). */
  reading: boolean;
  /** A notification arrived that the current (or next) read must cover. */
  pending: boolean;
}

const RETRY_AFTER_ERROR_MS = 1000;
/** Tables asked for in one read of the log (a publish notifies every open table of a restaurant at once). */
const TABLES_PER_READ = 500;

/**
 * One LISTEN per instance on the event log's channel. A notification only says "table T has news up to
 * cursor C": the relay reads the table's log after the last cursor it delivered and hands the events, in
 * cursor order, to the hub. Notifications that arrive during a read coalesce into one more read. The log,
 * not the notification, is the source of truth, so a notification lost while the LISTEN connection was
 * down (payload null) costs one re-read per table, never an event.
 *
 * Reads are batched: the tables notified while a read is under way (or in the same turn of the event loop)
 * are read together in one statement, each after its own cursor (docs/decisions/068: a publish notifies
 * every open table at once, and 250 reads cost the instance ~360 ms). A table is in at most one read at a
 * time, so its events still reach the hub in cursor order, each once.
 */
export class Relay {
  private readonly tables = new Map<number, TableState>();
  private unlisten: (() => Promise<void>) | null = null;
  private stopped = false;
  /** Tables with a read due, in notification order (the next batch). */
  private readonly due = new Set<number>();
  private batching = false;

  constructor(
    private readonly database: Database,
    private readonly hub: Hub,
    private readonly log: FastifyBaseLogger,
    private readonly batchSize = 500,
  ) {}

  async start(): Promise<void> {
    this.unlisten = await this.database.listen(TABLE_EVENTS_CHANNEL, (payload) =>
      this.onNotification(payload),
    );
  }

  async stop(): Promise<void> {
    this.stopped = true;
    const unlisten = this.unlisten;
    this.unlisten = null;
    await unlisten?.();
  }

  /**
   * Called after a socket joined the hub and before it reads the log: from here on every event after the
   * relay's cursor for the table reaches that socket, and the socket's own read covers what came before.
   */
  track(tableId: number): Promise<void> {
    const existing = this.tables.get(tableId);
    if (existing) return existing.ready;
    const state: TableState = { lastCursor: null, ready: Promise.resolve(), reading: false, pending: false };
    state.ready = latestTableCursor(this.database.db, tableId).then(
      (cursor) => {
        state.lastCursor = cursor;
        if (state.pending) this.enqueue(tableId);
      },
      (error: unknown) => {
        if (this.tables.get(tableId) === state) this.tables.delete(tableId);
        throw error;
      },
    );
    this.tables.set(tableId, state);
    return state.ready;
  }

  /** Forgets a table nobody here watches any more (its cursor is read afresh when someone comes back). */
  release(tableId: number): void {
    const state = this.tables.get(tableId);
    if (state && this.isIdle(tableId, state)) this.tables.delete(tableId);
  }

  private isIdle(tableId: number, state: TableState): boolean {
    return !this.hub.hasSubscribers(tableId) && !state.reading && state.lastCursor !== null;
  }

  private onNotification(payload: string | null): void {
    if (this.stopped) return;
    if (payload === null) {
      // Notifications may have been lost: every watched table is read again from its cursor.
      for (const [tableId, state] of this.tables) {
        if (this.isIdle(tableId, state)) this.tables.delete(tableId);
        else this.schedule(tableId, state);
      }
      return;
    }
    const [tablePart, cursorPart] = payload.split(':');
    const tableId = Number(tablePart);
    const cursor = Number(cursorPart);
    if (!Number.isSafeInteger(tableId) || !Number.isSafeInteger(cursor)) {
      this.log.warn({ payload }, 'live relay: malformed notification ignored');
      return;
    }
    const state = this.tables.get(tableId);
    if (!state) return;
    if (this.isIdle(tableId, state)) {
      this.tables.delete(tableId);
      return;
    }
    if (state.lastCursor !== null && cursor <= state.lastCursor) return;
    this.schedule(tableId, state);
  }

  private schedule(tableId: number, state: TableState): void {
    state.pending = true;
    if (state.lastCursor !== null && !state.reading) this.enqueue(tableId);
  }

  private enqueue(tableId: number): void {
    this.due.add(tableId);
    this.startReading();
  }

  /** One batch loop at a time, started a turn of the event loop later: a commit's notifications are all in. */
  private startReading(): void {
    if (this.batching || this.stopped || this.due.size === 0) return;
    this.batching = true;
    setImmediate(() => {
      this.readBatches().finally(() => {
        this.batching = false;
        this.startReading();
      });
    });
  }

  private async readBatches(): Promise<void> {
    while (this.due.size > 0 && !this.stopped) {
      const batch: { tableId: number; state: TableState; after: number }[] = [];
      for (const tableId of this.due) {
        if (batch.length >= TABLES_PER_READ) break;
        this.due.delete(tableId);
        const state = this.tables.get(tableId);
        if (!state || state.lastCursor === null || state.reading) continue;
        state.pending = false;
        state.reading = true;
        batch.push({ tableId, state, after: state.lastCursor });
      }
      if (batch.length > 0) await this.readBatch(batch);
    }
  }

  private async readBatch(batch: readonly { tableId: number; state: TableState; after: number }[]) {
    let found: Map<number, LoggedEvent[]>;
    try {
      found = await readEventsOfTables(
        this.database.db,
        batch.map(({ tableId, after }) => ({ tableId, after })),
        this.batchSize,
      );
    } catch (error) {
      this.log.error(
        { err: error, tables: batch.length },
        'live relay: reading the event log failed; retrying',
      );
      for (const { state } of batch) {
        state.reading = false;
        state.pending = true;
      }
      setTimeout(() => {
        for (const { tableId, state } of batch)
          if (!this.stopped && this.tables.get(tableId) === state && !state.reading) this.enqueue(tableId);
      }, RETRY_AFTER_ERROR_MS).unref();
      return;
    }
    for (const { tableId, state } of batch) {
      const events = found.get(tableId) ?? [];
      const last = events.at(-1);
      if (last) {
        state.lastCursor = last.cursor;
        try {
          this.hub.publish(tableId, events);
        } catch (error) {
          this.log.error({ err: error, tableId }, 'live relay: delivering events failed');
        }
      }
      // A full read may have left more behind.
      if (events.length >= this.batchSize) state.pending = true;
      state.reading = false;
      if (state.pending && !this.stopped) this.due.add(tableId);
    }
  }
}

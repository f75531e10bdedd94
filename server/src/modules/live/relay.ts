import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';
import { latestTableCursor, readTableEvents, TABLE_EVENTS_CHANNEL } from './event-log.ts';
import type { Hub } from './hub.ts';

interface TableState {
  /** The last cursor this instance read for the table (and published to its sockets); null until known. */
  lastCursor: number | null;
  ready: Promise<void>;
  reading: boolean;
  /** A notification arrived that the current (or next) read must cover. */
  pending: boolean;
}

const RETRY_AFTER_ERROR_MS = 1000;

/**
 * One LISTEN per instance on the event log's channel. A notification only says "table T has news up to
 * cursor C": the relay reads the table's log after the last cursor it delivered and hands the events, in
 * cursor order, to the hub. Notifications that arrive during a read coalesce into one more read. The log,
 * not the notification, is the source of truth, so a notification lost while the LISTEN connection was
 * down (payload null) costs one re-read per table, never an event.
 */
export class Relay {
  private readonly tables = new Map<number, TableState>();
  private unlisten: (() => Promise<void>) | null = null;
  private stopped = false;

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
        if (state.pending) this.read(tableId, state);
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
    if (state.lastCursor !== null && !state.reading) this.read(tableId, state);
  }

  private read(tableId: number, state: TableState): void {
    state.reading = true;
    this.readLoop(tableId, state)
      .catch((error: unknown) => {
        this.log.error({ err: error, tableId }, 'live relay: reading the event log failed; retrying');
        state.pending = true;
        setTimeout(() => {
          if (!this.stopped && this.tables.get(tableId) === state && !state.reading)
            this.read(tableId, state);
        }, RETRY_AFTER_ERROR_MS).unref();
      })
      .finally(() => {
        state.reading = false;
      });
  }

  private async readLoop(tableId: number, state: TableState): Promise<void> {
    while (state.pending && !this.stopped) {
      state.pending = false;
      for (;;) {
        const events = await readTableEvents(
          this.database.db,
          tableId,
          state.lastCursor ?? 0,
          this.batchSize,
        );
        const last = events.at(-1);
        if (!last) break;
        state.lastCursor = last.cursor;
        this.hub.publish(tableId, events);
        if (events.length < this.batchSize) break;
      }
    }
  }
}

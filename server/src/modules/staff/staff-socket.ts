import { type StaffServerMessage, StaffServerMessageSchema } from '@tablo/contract/staff';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { type LoggedEvent, toWireEvent } from '../live/event-log.ts';
import type { LiveSubscriber } from '../live/hub.ts';

/** A board that stops reading is dropped rather than buffered for without end. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

/**
 * Serialises staff messages, each checked against StaffServerMessageSchema once per event (the relay
 * hands the same event object to every board on the instance), not once per socket.
 */
export class StaffEncoder {
  private readonly cache = new WeakMap<LoggedEvent, string>();

  event(logged: LoggedEvent): string {
    const cached = this.cache.get(logged);
    if (cached !== undefined) return cached;
    const text = this.message(toWireEvent(logged, null));
    this.cache.set(logged, text);
    return text;
  }

  message(message: StaffServerMessage): string {
    const result = StaffServerMessageSchema.safeParse(message);
    if (!result.success) {
      const where = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
      throw new Error(`staff message ${message.type} breaks the contract: ${where.join('; ')}`);
    }
    return JSON.stringify(message);
  }
}

/** What a board is sent first: the events it missed, and every table's cursor they bring it to. */
export interface StaffReplay {
  events: LoggedEvent[];
  /** Per table: the cursor the board is at once the replay is sent (events at or below it are not sent again). */
  cursors: Map<number, number>;
}

export interface StaffSocketOwner {
  staffUserId: number;
  restaurantId: number;
  /** The session's token hash: the key of its socket quota and of its re-checks. */
  tokenHash: string;
}

/**
 * One staff board's socket, subscribed to every table of its restaurant. Until its replay is sent, live
 * events are buffered; after it, each table's events go out once, in cursor order (anything at or below
 * the table's last cursor sent is dropped), so replay and live neither overlap nor leave a gap.
 */
export class StaffConnection implements LiveSubscriber {
  private phase: 'syncing' | 'live' | 'closed' = 'syncing';
  private buffered: LoggedEvent[] = [];
  private pending: string[] = [];
  private readonly lastSent = new Map<number, number>();

  constructor(
    readonly socket: WebSocket,
    readonly owner: StaffSocketOwner,
    readonly tableIds: readonly number[],
    private readonly encoder: StaffEncoder,
    private readonly log: FastifyBaseLogger,
  ) {}

  get isClosed(): boolean {
    return this.phase === 'closed';
  }

  deliver(events: readonly LoggedEvent[]): void {
    if (this.phase === 'syncing') this.buffered.push(...events);
    else if (this.phase === 'live') this.emitAll(events);
  }

  /** A message outside the event log (`table.updated`): sent now, or after `ready` while syncing. */
  notify(text: string): void {
    if (this.phase === 'syncing') this.pending.push(text);
    else this.send(text);
  }

  start(replay: StaffReplay): void {
    if (this.phase !== 'syncing') return;
    this.emitAll(replay.events);
    for (const [tableId, cursor] of replay.cursors) {
      this.lastSent.set(tableId, Math.max(cursor, this.lastSent.get(tableId) ?? 0));
    }
    this.send(this.encoder.message({ type: 'ready' }));
    this.phase = 'live';
    const buffered = this.buffered;
    const pending = this.pending;
    this.buffered = [];
    this.pending = [];
    this.emitAll(buffered);
    for (const text of pending) this.send(text);
  }

  close(code: number, reason: string): void {
    if (this.phase === 'closed') return;
    this.closed();
    this.socket.close(code, reason);
  }

  /** Marks the connection closed when the socket went away on its own. */
  closed(): void {
    this.phase = 'closed';
    this.buffered = [];
    this.pending = [];
  }

  private emitAll(events: readonly LoggedEvent[]): void {
    for (const logged of events) {
      if (this.phase === 'closed') return;
      if (logged.cursor <= (this.lastSent.get(logged.tableId) ?? 0)) continue;
      this.lastSent.set(logged.tableId, logged.cursor);
      let text: string;
      try {
        text = this.encoder.event(logged);
      } catch (error) {
        this.log.error(
          { err: error, tableId: logged.tableId, cursor: logged.cursor },
          'staff event not sent',
        );
        continue;
      }
      this.send(text);
    }
  }

  private send(text: string): void {
    if (this.phase === 'closed' || this.socket.readyState !== this.socket.OPEN) return;
    if (this.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.log.warn(
        { restaurantId: this.owner.restaurantId },
        'staff socket dropped: the board is not reading',
      );
      this.phase = 'closed';
      this.socket.terminate();
      return;
    }
    this.socket.send(text);
  }
}

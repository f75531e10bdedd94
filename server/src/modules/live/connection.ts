import {
  type ServerMessage,
  ServerMessageSchema,
  type SnapshotMessageSchema,
  WS_CLOSE,
} from '@tablo/contract/events';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { tableVisit } from '../../db/schema.ts';
import { asSeenBy, loadOrders } from '../orders/repository.ts';
import { loadCalls } from '../table-calls/repository.ts';
import { type LoggedEvent, latestTableCursor, readTableEvents, toWireEvent } from './event-log.ts';
import type { LiveSubscriber } from './hub.ts';

/** A reconnect further behind than this gets a snapshot instead of a replay. */
export const MAX_REPLAY_EVENTS = 500;
/** A client that does not read its socket is dropped rather than buffered for without end. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

type SnapshotMessage = z.infer<typeof SnapshotMessageSchema>;

export type InitialSync =
  | { kind: 'replay'; events: LoggedEvent[]; cursor: number }
  | { kind: 'snapshot'; message: SnapshotMessage; visitOpen: boolean };

async function isVisitOpen(db: Db, visitId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: tableVisit.id })
    .from(tableVisit)
    .where(and(eq(tableVisit.id, visitId), isNull(tableVisit.closedAt)));
  return row !== undefined;
}

/** An event concerns a visit's sockets when it is that visit's, or the table's without a visit. */
function concernsVisit(logged: LoggedEvent, visitId: number): boolean {
  return logged.visitId === visitId || logged.visitId === 0;
}

/**
 * What a (re)connecting socket gets first. A replay of the events after `since` when the log can tell
 * the client exactly what it missed of this visit; otherwise (no `since`, a cursor from before this
 * visit or from the future, or more than MAX_REPLAY_EVENTS behind) a snapshot of the visit's orders
 * with the cursor it is consistent with.
 */
export async function initialSync(
  db: Db,
  query: { tableId: number; visitId: number; sessionId: string; since: number | undefined },
): Promise<InitialSync> {
  const { tableId, visitId, sessionId, since } = query;
  if (since !== undefined) {
    const events = await readTableEvents(db, tableId, since, MAX_REPLAY_EVENTS + 1);
    const last = events.at(-1);
    const replayable =
      events.length <= MAX_REPLAY_EVENTS &&
      events.every((logged) => concernsVisit(logged, visitId)) &&
      (last !== undefined || since <= (await latestTableCursor(db, tableId)));
    if (replayable) return { kind: 'replay', events, cursor: last?.cursor ?? since };
  }
  // One read-only view of the database: the orders are exactly the state at `cursor`, because an event
  // commits in the same transaction as the change it describes.
  return db.transaction(
    async (tx) => {
      const cursor = await latestTableCursor(tx, tableId);
      const orders = (await loadOrders(tx, { visitIds: [visitId] })).map((order) =>
        asSeenBy(order, sessionId),
      );
      const calls = (await loadCalls(tx, [visitId])).map(({ visitId: _, ...call }) => call);
      const visitOpen = await isVisitOpen(tx, visitId);
      const message: SnapshotMessage = { type: 'snapshot', cursor, tableId, visitId, orders, calls };
      return { kind: 'snapshot' as const, message, visitOpen };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * Serialises outgoing messages, checking each against the contract (cheap: an event is encoded once per
 * `isMine` variant, not once per socket).
 */
export class MessageEncoder {
  private readonly cache = new WeakMap<LoggedEvent, { mine?: string; others?: string }>();

  constructor(private readonly validate: boolean) {}

  event(logged: LoggedEvent, readerSessionId: string): string {
    const mine = logged.event.type === 'order.placed' && logged.event.placedBy === readerSessionId;
    let entry = this.cache.get(logged);
    if (!entry) {
      entry = {};
      this.cache.set(logged, entry);
    }
    const cached = mine ? entry.mine : entry.others;
    if (cached !== undefined) return cached;
    const text = this.message(toWireEvent(logged, readerSessionId));
    if (mine) entry.mine = text;
    else entry.others = text;
    return text;
  }

  message(message: ServerMessage): string {
    if (this.validate) {
      const result = ServerMessageSchema.safeParse(message);
      if (!result.success) {
        const where = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
        throw new Error(`live message ${message.type} breaks the contract: ${where.join('; ')}`);
      }
    }
    return JSON.stringify(message);
  }
}

/**
 * One diner's socket. Until its replay or snapshot is sent, live events from the hub are buffered; after
 * it, every event goes out once, in cursor order: anything at or below the last cursor sent is dropped.
 */
export class LiveConnection implements LiveSubscriber {
  private phase: 'syncing' | 'live' | 'closed' = 'syncing';
  private buffered: LoggedEvent[] = [];
  private lastSent = 0;

  constructor(
    readonly socket: WebSocket,
    readonly sessionId: string,
    readonly tableId: number,
    readonly visitId: number,
    private readonly encoder: MessageEncoder,
    private readonly log: FastifyBaseLogger,
  ) {}

  get isClosed(): boolean {
    return this.phase === 'closed';
  }

  deliver(events: readonly LoggedEvent[]): void {
    if (this.phase === 'syncing') this.buffered.push(...events);
    else if (this.phase === 'live') this.emitAll(events);
  }

  start(sync: InitialSync): void {
    if (this.phase !== 'syncing') return;
    if (sync.kind === 'snapshot') {
      this.sendMessage(sync.message);
      this.lastSent = sync.message.cursor;
      if (!sync.visitOpen) {
        this.close(WS_CLOSE.tableClosed, 'table closed');
        return;
      }
    } else {
      if (!this.emitAll(sync.events)) return;
      this.lastSent = Math.max(this.lastSent, sync.cursor);
    }
    this.sendMessage({ type: 'ready', cursor: this.lastSent });
    this.phase = 'live';
    const buffered = this.buffered;
    this.buffered = [];
    this.emitAll(buffered);
  }

  close(code: number, reason: string): void {
    if (this.phase === 'closed') return;
    this.phase = 'closed';
    this.buffered = [];
    this.socket.close(code, reason);
  }

  /** Marks the connection closed when the socket went away on its own. */
  closed(): void {
    this.phase = 'closed';
    this.buffered = [];
  }

  /** False once the connection is closed (the table closed, or the client stopped reading). */
  private emitAll(events: readonly LoggedEvent[]): boolean {
    for (const logged of events) {
      if (this.phase === 'closed') return false;
      if (logged.cursor <= this.lastSent) continue;
      this.lastSent = logged.cursor;
      if (!concernsVisit(logged, this.visitId)) continue;
      let text: string;
      try {
        text = this.encoder.event(logged, this.sessionId);
      } catch (error) {
        this.log.error({ err: error, tableId: this.tableId, cursor: logged.cursor }, 'live event not sent');
        continue;
      }
      this.send(text);
      if (logged.event.type === 'table.closed') this.close(WS_CLOSE.tableClosed, 'table closed');
    }
    return this.phase !== 'closed';
  }

  private sendMessage(message: ServerMessage): void {
    this.send(this.encoder.message(message));
  }

  private send(text: string): void {
    if (this.phase === 'closed' || this.socket.readyState !== this.socket.OPEN) return;
    if (this.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.log.warn({ tableId: this.tableId }, 'live socket dropped: the client is not reading');
      this.phase = 'closed';
      this.socket.terminate();
      return;
    }
    this.socket.send(text);
  }
}

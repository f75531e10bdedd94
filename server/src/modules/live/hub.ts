import type { LoggedEvent } from './event-log.ts';

/** One websocket as the hub sees it: it receives a table's new events in cursor order. */
export interface LiveSubscriber {
  readonly sessionId: string;
  deliver(events: readonly LoggedEvent[]): void;
}

/**
 * This instance's sockets, by table. The relay publishes each table's new events here; the hub knows
 * nothing of the database. It also counts sockets per session for the per-session limit.
 */
export class Hub {
  private readonly byTable = new Map<number, Set<LiveSubscriber>>();
  private readonly bySession = new Map<string, number>();

  constructor(private readonly maxSocketsPerSession: number) {}

  /** Counts a new socket of the session; false (and nothing counted) when it is at its limit. */
  reserve(sessionId: string): boolean {
    const count = this.bySession.get(sessionId) ?? 0;
    if (count >= this.maxSocketsPerSession) return false;
    this.bySession.set(sessionId, count + 1);
    return true;
  }

  release(sessionId: string): void {
    const count = (this.bySession.get(sessionId) ?? 1) - 1;
    if (count <= 0) this.bySession.delete(sessionId);
    else this.bySession.set(sessionId, count);
  }

  add(tableId: number, subscriber: LiveSubscriber): void {
    let set = this.byTable.get(tableId);
    if (!set) {
      set = new Set();
      this.byTable.set(tableId, set);
    }
    set.add(subscriber);
  }

  remove(tableId: number, subscriber: LiveSubscriber): void {
    const set = this.byTable.get(tableId);
    if (!set) return;
    set.delete(subscriber);
    if (set.size === 0) this.byTable.delete(tableId);
  }

  hasSubscribers(tableId: number): boolean {
    return this.byTable.has(tableId);
  }

  /** Tables with at least one socket here. */
  tables(): number[] {
    return [...this.byTable.keys()];
  }

  publish(tableId: number, events: readonly LoggedEvent[]): void {
    if (events.length === 0) return;
    // A copy: a subscriber may close (and leave the set) while it is being delivered to.
    for (const subscriber of [...(this.byTable.get(tableId) ?? [])]) subscriber.deliver(events);
  }
}

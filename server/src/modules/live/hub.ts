import type { LoggedEvent } from './event-log.ts';

/** One subscriber as the hub sees it (a diner's socket, a staff board): a table's new events in cursor order. */
export interface LiveSubscriber {
  deliver(events: readonly LoggedEvent[]): void;
}

/**
 * This instance's subscribers, by table. The relay publishes each table's new events here; the hub knows
 * nothing of the database. A diner's socket subscribes to its table, a staff board to every table of its
 * restaurant, so one relay read per table serves both.
 */
export class Hub {
  private readonly byTable = new Map<number, Set<LiveSubscriber>>();

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

  /** Tables with at least one subscriber here. */
  tables(): number[] {
    return [...this.byTable.keys()];
  }

  publish(tableId: number, events: readonly LoggedEvent[]): void {
    if (events.length === 0) return;
    // A copy: a subscriber may close (and leave the set) while it is being delivered to.
    for (const subscriber of [...(this.byTable.get(tableId) ?? [])]) subscriber.deliver(events);
  }
}

/** Counts sockets per session (diner session id, staff session) on this instance, for a per-session limit. */
export class SocketQuota {
  private readonly bySession = new Map<string, number>();

  constructor(private readonly maxPerSession: number) {}

  /** Counts a new socket of the session; false (and nothing counted) when it is at its limit. */
  reserve(sessionId: string): boolean {
    const count = this.bySession.get(sessionId) ?? 0;
    if (count >= this.maxPerSession) return false;
    this.bySession.set(sessionId, count + 1);
    return true;
  }

  release(sessionId: string): void {
    const count = (this.bySession.get(sessionId) ?? 1) - 1;
    if (count <= 0) this.bySession.delete(sessionId);
    else this.bySession.set(sessionId, count);
  }
}

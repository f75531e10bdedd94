import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/database.ts';
import { appendTableEvent, type StoredEvent } from '../../src/modules/live/event-log.ts';
import { insertRestaurant } from '../helpers/fixtures.ts';

/**
 * Fan-out load shared by the fan-out test and `bench:live`: a restaurant with open visits and many joined
 * diner sessions, and a stream of status changes and payment changes committed at a fixed rate through
 * the event log's own writer (appendTableEvent in a transaction, NOTIFY after the commit — what the orders
 * and payments modules do), from a connection of their own, so that the commit moment of every event is
 * known exactly: the instances only hear of it through NOTIFY, like any event another instance commits.
 */

export interface FanOutTable {
  tableId: number;
  visitId: number;
  /** One joined diner session per client (an instance allows 5 sockets per session). */
  sessions: string[];
}

export interface FanOutSeed {
  shortName: string;
  menuItemId: number;
  tables: FanOutTable[];
}

/** A restaurant of `tables` tables, each with an open visit and `sessionsPerTable` joined sessions. */
export async function seedFanOut(
  database: Database,
  tables: number,
  sessionsPerTable: number,
): Promise<FanOutSeed> {
  const inserted = await insertRestaurant(database.db, {
    shortName: `fan-${randomBytes(4).toString('hex')}`,
    tables: Array.from({ length: tables }, (_, i) => i + 1),
    categories: [{ ref: 'mains', items: [{ ref: 'goulash', priceGross: 2490 }] }],
  });
  const tableIds = Object.values(inserted.tables);
  const sessions = tableIds.map(() => Array.from({ length: sessionsPerTable }, () => randomUUID()));
  // In bulk: one statement for the visits, one for the sessions and their joins (bench:live seeds thousands).
  const visits = (await database.db.execute(sql`
    insert into table_visit (table_id) select unnest(${`{${tableIds.join(',')}}`}::int[])
    returning id, table_id`)) as unknown as { rows: { id: number; table_id: number }[] };
  const visitOf = new Map(visits.rows.map((row) => [row.table_id, row.id]));
  const pairs = tableIds.flatMap((tableId, i) => (sessions[i] ?? []).map((id) => [visitOf.get(tableId), id]));
  for (let i = 0; i < pairs.length; i += 5000) {
    const chunk = pairs.slice(i, i + 5000);
    await database.db.execute(sql`
      with pairs as (
        select unnest(${`{${chunk.map((p) => p[0]).join(',')}}`}::int[]) as visit_id,
               unnest(${`{${chunk.map((p) => p[1]).join(',')}}`}::uuid[]) as session_id
      ), s as (insert into diner_session (id) select session_id from pairs returning id)
      insert into visit_session (visit_id, session_id) select visit_id, session_id from pairs
      where session_id in (select id from s)`);
  }
  return {
    shortName: inserted.shortName,
    menuItemId: inserted.items.goulash ?? 0,
    tables: tableIds.map((tableId, i) => ({
      tableId,
      visitId: visitOf.get(tableId) ?? 0,
      sessions: sessions[i] ?? [],
    })),
  };
}

/** The i-th event of the stream: an order accepted or served, a cash payment pending or succeeded. */
export function streamedEvent(i: number): StoredEvent {
  switch (i % 4) {
    case 0:
      return { type: 'order.status_changed', orderId: 1000 + i, status: 'ACCEPTED', rejectReason: null };
    case 1:
      return { type: 'order.status_changed', orderId: 1000 + i, status: 'SERVED', rejectReason: null };
    case 2:
      return {
        type: 'payment.changed',
        paymentId: randomUUID(),
        status: 'PENDING',
        method: 'CASH',
        amount: 4980,
      };
    default:
      return {
        type: 'payment.changed',
        paymentId: randomUUID(),
        status: 'SUCCEEDED',
        method: 'CASH',
        amount: 4980,
      };
  }
}

/** Table id → (cursor → performance.now() when its commit was acknowledged). */
export type Commits = Map<number, Map<number, number>>;

/**
 * Commits `perSecond` events a second for `seconds`, round robin over the tables, in an open loop (each
 * event its own transaction, several in flight). Resolves once every commit is acknowledged.
 */
export async function streamEvents(
  database: Database,
  tables: readonly FanOutTable[],
  options: { perSecond: number; seconds: number },
): Promise<{ commits: Commits; failed: number; errors: string[] }> {
  const commits: Commits = new Map(tables.map((t) => [t.tableId, new Map<number, number>()]));
  const total = Math.round(options.perSecond * options.seconds);
  const interval = 1000 / options.perSecond;
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  let failed = 0;
  const errors = new Set<string>();
  for (let i = 0; i < total; i++) {
    const wait = started + i * interval - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const table = tables[i % tables.length];
    if (!table) break;
    const event = streamedEvent(i);
    inFlight.push(
      commitWithRetry(database, table, event).then(
        (cursor) => {
          commits.get(table.tableId)?.set(cursor, performance.now());
        },
        (error: unknown) => {
          failed++;
          errors.add(error instanceof Error ? error.message : String(error));
        },
      ),
    );
  }
  await Promise.all(inFlight);
  return { commits, failed, errors: [...errors] };
}

/**
 * One event in its own transaction. A commit that could not get a connection in time (the pool busy on a
 * loaded machine: nothing was sent) is tried again, as a server's caller would after its 503.
 */
async function commitWithRetry(database: Database, table: FanOutTable, event: StoredEvent): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await database.transaction((tx) =>
        appendTableEvent(database, tx, { tableId: table.tableId, visitId: table.visitId, event }),
      );
    } catch (error) {
      const waitedForPool =
        error instanceof Error && /timeout exceeded when trying to connect/.test(error.message);
      if (attempt >= 5 || !waitedForPool) throw error;
    }
  }
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

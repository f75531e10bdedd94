import type { TableEvent } from '@tablo/contract/events';
import type { Order } from '@tablo/contract/order';
import { and, asc, eq, gt, max, type SQL, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/database.ts';
import { jsonValue, rowsOf } from '../../db/rows.ts';
import { tableEvent } from '../../db/schema.ts';

/** NOTIFY channel of the event log; payload `<tableId>:<cursor>`. Every instance relays to its sockets. */
export const TABLE_EVENTS_CHANNEL = 'tablo_table_events';

/** Each event of the contract without the envelope the log adds (cursor, table, visit). */
type WithoutEnvelope<E> = E extends unknown ? Omit<E, 'cursor' | 'tableId' | 'visitId'> : never;
type EventBody = WithoutEnvelope<TableEvent>;

/**
 * What is stored in table_event.payload: the contract's event (contract/src/events.ts, the one place an
 * event's shape is written) without its envelope. An order is stored with the session that placed it,
 * which is never sent: each receiving session gets `isMine` computed for itself.
 */
export type StoredEvent =
  | Exclude<EventBody, { type: 'order.placed' }>
  | { type: 'order.placed'; order: Omit<Order, 'isMine'>; placedBy: string };

type StoredEventOf<T extends StoredEvent['type']> = Extract<StoredEvent, { type: T }>;

function jsonbBuildObject(fields: Record<string, SQL>): SQL {
  const pairs = Object.entries(fields).map(([key, value]) => sql`${sql.raw(`'${key}'`)}, ${value}`);
  return sql`jsonb_build_object(${sql.join(pairs, sql`, `)})`;
}

/** A jsonb object of exactly the keys of T (each an SQL expression): TypeScript holds the keys to T. */
export function jsonbObjectSql<T extends object>(fields: { [K in keyof T]-?: SQL }): SQL {
  return jsonbBuildObject(fields as Record<string, SQL>);
}

/**
 * A stored event built by SQL (a jsonb value), for a writer that appends events in the statement that
 * makes its change: every field of the contract's event and no other, each an SQL expression.
 */
export function storedEventSql<T extends StoredEvent['type']>(
  type: T,
  fields: { [K in Exclude<keyof StoredEventOf<T>, 'type'>]-?: SQL },
): SQL {
  return jsonbBuildObject({ type: sql.raw(`'${type}'`), ...(fields as Record<string, SQL>) });
}

export interface LoggedEvent {
  cursor: number;
  tableId: number;
  visitId: number;
  event: StoredEvent;
}

// Any fixed number: the first key of the per-table advisory lock taken by appendTableEvent.
const TABLE_EVENT_LOCK_SPACE = 7_321_006;

/**
 * Appends an event inside the caller's transaction; the NOTIFY follows the commit (Database.notify), so
 * an event is announced once it is visible to readers, and never when its change rolled back.
 *
 * Takes a per-table transaction lock first: ids are drawn from one sequence, so without it two
 * transactions could commit a table's events out of id order, and a reader that had already seen the
 * higher id would skip the lower one for good. With it, the events of one table become visible in id
 * order, which is what makes "everything after cursor N" a gap-free question (docs/decisions/010).
 * Call it as the last statement of the transaction: the lock is held until commit.
 */
export async function appendTableEvent(
  database: Database,
  tx: Db,
  entry: { tableId: number; visitId: number; event: StoredEvent },
): Promise<number> {
  const [cursor] = await appendTableEvents(database, tx, {
    tableId: entry.tableId,
    visitId: entry.visitId,
    events: [entry.event],
  });
  if (cursor === undefined) throw new Error('table_event insert returned no row');
  return cursor;
}

/**
 * Several events of one table in one round trip, in the given order (call it as the last statement of
 * the transaction). One notification, with the last cursor, covers them all: a listener reads everything
 * after the cursor it has. Answers their cursors.
 */
export async function appendTableEvents(
  database: Database,
  tx: Db,
  entry: { tableId: number; visitId: number; events: StoredEvent[] },
): Promise<number[]> {
  if (entry.events.length === 0) return [];
  const rows = sql.join(
    entry.events.map((event, i) => sql`(${i}::int, ${event.type}::text, ${JSON.stringify(event)}::jsonb)`),
    sql`, `,
  );
  // The events are given, so the lock needs none of tableEventCtes' care (no rows to materialise or
  // count first): the leaner statement is what every order pays (docs/decisions/035). The materialised
  // lock is taken before the insert draws its ids from the sequence, as there.
  const result = await tx.execute(sql`
    with table_event_lock as materialized (
      select pg_advisory_xact_lock(${TABLE_EVENT_LOCK_SPACE}, ${entry.tableId}::int) as held
    ),
    table_events as (
      insert into ${tableEvent} (table_id, visit_id, type, payload)
      select ${entry.tableId}::int, ${entry.visitId}::int, e.type, e.payload
      from table_event_lock, (values ${rows}) as e(ord, type, payload)
      order by e.ord
      returning id
    )
    select id from table_events order by id`);
  const cursors = rowsOf<{ id: number | string }>(result).map((row) => Number(row.id));
  await notifyTableEvents(database, tx, entry.tableId, cursors);
  return cursors;
}

/**
 * One event for each of many tables (a published menu, to every open table) in one statement instead of
 * one per table (docs/decisions/068): each table's event lock is taken, in table id order, before its row
 * draws an id, as appendTableEvents does for one table, so two of these statements (or one and a loop in
 * table id order) never wait for each other. Call it as the last statement of the transaction. One
 * notification per table (queued until commit, sent in one batch). Answers each table's cursor.
 */
export async function appendEventToTables(
  database: Database,
  tx: Db,
  tables: readonly { tableId: number; visitId: number }[],
  event: StoredEvent,
): Promise<Map<number, number>> {
  if (tables.length === 0) return new Map();
  const targets = JSON.stringify(tables.map((t) => [t.tableId, t.visitId]));
  const result = await tx.execute(sql`
    with targets as materialized (
      select (e->>0)::int as table_id, (e->>1)::int as visit_id
      from jsonb_array_elements(${targets}::jsonb) as e
      order by 1
    ),
    table_event_lock as materialized (
      select t.table_id, pg_advisory_xact_lock(${TABLE_EVENT_LOCK_SPACE}, t.table_id) as held
      from targets t
      order by t.table_id
    ),
    table_events as (
      insert into ${tableEvent} (table_id, visit_id, type, payload)
      select t.table_id, t.visit_id, ${event.type}::text, ${JSON.stringify(event)}::jsonb
      from table_event_lock l join targets t on t.table_id = l.table_id
      order by t.table_id
      returning id, table_id
    )
    select table_id, id from table_events order by id`);
  const cursors = new Map<number, number>();
  for (const row of rowsOf<{ table_id: number; id: number | string }>(result))
    cursors.set(Number(row.table_id), Number(row.id));
  for (const [tableId, cursor] of cursors) await notifyTableEvents(database, tx, tableId, [cursor]);
  return cursors;
}

/**
 * For a writer that appends its events in the statement that makes its change (one round trip): CTEs
 * appending the rows of `events` (columns ord, type, payload jsonb) in ord order under the same per-table
 * lock as appendTableEvents, only when `when` holds. The statement answers the cursors with
 * `tableEventCursors`; pass them to notifyTableEvents afterwards. Same rule: the last statement of the
 * transaction.
 *
 * The events are materialised before the lock is asked for (the lock's one-time filter counts them), so
 * every row lock the statement takes to compute them comes first: taking the table's event lock before
 * an order's row lock would deadlock with a waiter serving that order (order lock, then event lock).
 */
export function tableEventCtes(entry: { tableId: number; visitId: number; events: SQL; when?: SQL }): SQL {
  return sql`table_event_rows as materialized (
      select e.ord, e.type, e.payload from (${entry.events}) as e(ord, type, payload)
    ),
    table_event_lock as materialized (
      select pg_advisory_xact_lock(${TABLE_EVENT_LOCK_SPACE}, ${entry.tableId}::int) as held
      where (select count(*) from table_event_rows) > 0 and ${entry.when ?? sql`true`}
    ),
    table_events as (
      insert into ${tableEvent} (table_id, visit_id, type, payload)
      select ${entry.tableId}::int, ${entry.visitId}::int, e.type, e.payload
      from table_event_lock, table_event_rows e
      order by e.ord
      returning id
    )`;
}

/** The column answering the cursors appended by tableEventCtes (a JSON array, in order). */
export const tableEventCursors = sql`(select coalesce(json_agg(id order by id), '[]'::json) from table_events)`;

/** The cursors column of a row as numbers. */
export function cursorsOf(value: unknown): number[] {
  return jsonValue<unknown[]>(value ?? []).map(Number);
}

/** The doorbell for events appended in `tx`: sent when it commits (docs/decisions/010 and 021). */
export function notifyTableEvents(database: Database, tx: Db, tableId: number, cursors: number[]) {
  const last = cursors[cursors.length - 1];
  return last === undefined
    ? Promise.resolve()
    : database.notify(TABLE_EVENTS_CHANNEL, `${tableId}:${last}`, tx);
}

/** Events of a table after a cursor, in order. */
export async function readTableEvents(
  db: Db,
  tableId: number,
  after: number,
  limit = 500,
): Promise<LoggedEvent[]> {
  const rows = await db
    .select()
    .from(tableEvent)
    .where(and(eq(tableEvent.tableId, tableId), gt(tableEvent.id, after)))
    .orderBy(asc(tableEvent.id))
    .limit(limit);
  return rows.map(toLoggedEvent);
}

/**
 * Events of many tables, each after its own cursor, in one round trip (the relay after a burst of
 * notifications: a published menu notifies every open table at once; docs/decisions/068). At most `limit`
 * per table; grouped by table, each table's in cursor order — what readTableEvents answers for each.
 */
export async function readEventsOfTables(
  db: Db,
  tables: readonly { tableId: number; after: number }[],
  limit = 500,
): Promise<Map<number, LoggedEvent[]>> {
  const found = new Map<number, LoggedEvent[]>();
  if (tables.length === 0) return found;
  const targets = JSON.stringify(tables.map((t) => [t.tableId, t.after]));
  const result = await db.execute(sql`
    select e.id, e.table_id, e.visit_id, e.payload
    from jsonb_array_elements(${targets}::jsonb) as t(v)
    cross join lateral (
      select id, table_id, visit_id, payload from ${tableEvent}
      where table_id = (t.v->>0)::int and id > (t.v->>1)::bigint
      order by id
      limit ${limit}
    ) as e
    order by e.table_id, e.id`);
  for (const row of rowsOf<{
    id: number | string;
    table_id: number;
    visit_id: number | null;
    payload: unknown;
  }>(result)) {
    const tableId = Number(row.table_id);
    let events = found.get(tableId);
    if (!events) {
      events = [];
      found.set(tableId, events);
    }
    events.push({
      cursor: Number(row.id),
      tableId,
      visitId: row.visit_id ?? 0,
      event: jsonValue<StoredEvent>(row.payload),
    });
  }
  return found;
}

export function toLoggedEvent(row: typeof tableEvent.$inferSelect): LoggedEvent {
  return {
    cursor: row.id,
    tableId: row.tableId,
    visitId: row.visitId ?? 0,
    event: row.payload as StoredEvent,
  };
}

/** The wire form of a logged event for one receiving session (null: staff, for whom nothing `isMine`). */
export function toWireEvent(logged: LoggedEvent, readerSessionId: string | null): TableEvent {
  const common = { cursor: logged.cursor, tableId: logged.tableId, visitId: logged.visitId };
  const { event } = logged;
  if (event.type === 'order.placed') {
    return {
      type: event.type,
      ...common,
      order: { ...event.order, isMine: event.placedBy === readerSessionId },
    };
  }
  return { ...event, ...common };
}

/** The table's latest cursor (0 when its log is empty). */
export async function latestTableCursor(db: Db, tableId: number): Promise<number> {
  const [row] = await db
    .select({ cursor: max(tableEvent.id) })
    .from(tableEvent)
    .where(eq(tableEvent.tableId, tableId));
  return Number(row?.cursor ?? 0);
}

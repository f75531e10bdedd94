import type { TableEvent } from '@tablo/contract/events';
import type { Order } from '@tablo/contract/order';
import type { TableCall } from '@tablo/contract/table-call';
import { and, asc, eq, gt, max, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/database.ts';
import { tableEvent } from '../../db/schema.ts';

/** NOTIFY channel of the event log; payload `<tableId>:<cursor>`. Every instance relays to its sockets. */
export const TABLE_EVENTS_CHANNEL = 'tablo_table_events';

/**
 * What is stored in table_event.payload. An order is stored with the session that placed it, which is
 * never sent: each receiving session gets `isMine` computed for itself.
 */
export type StoredEvent =
  | { type: 'order.placed'; order: Omit<Order, 'isMine'>; placedBy: string }
  | { type: 'order.status_changed'; orderId: number; status: Order['status']; rejectReason: string | null }
  | { type: 'item.availability_changed'; menuItemId: number; availabilityType: 'AVAILABLE' | 'SOLD_OUT' }
  | { type: 'table.closed' }
  | { type: 'call.changed'; call: TableCall }
  | {
      type: 'payment.changed';
      paymentId: string;
      status: 'PENDING' | 'SUCCEEDED' | 'FAILED' | 'CANCELLED';
      method: 'CASH' | 'CARD' | 'ONLINE';
      amount: number;
    }
  | { type: 'order.items_paid'; orderId: number; items: { orderItemId: number; paidQuantity: number }[] };

export interface LoggedEvent {
  cursor: number;
  tableId: number;
  visitId: number;
  event: StoredEvent;
}

// Any fixed number: the first key of the per-table advisory lock taken by appendTableEvent.
const TABLE_EVENT_LOCK_SPACE = 7_321_006;

/**
 * Appends an event inside the caller's transaction and NOTIFYs on commit, so an event is visible to
 * readers exactly when the change it describes is.
 *
 * Takes a per-table transaction lock first: ids are drawn from one sequence, so without it two
 * transactions could commit a table's events out of id order, and a reader that had already seen the
 * higher id would skip the lower one for good. With it, the events of one table become visible in id
 * order, which is what makes "everything after cursor N" a gap-free question (docs/decisions/010).
 * Call it as the last statement of the transaction: the lock is held until commit.
 */
export async function appendTableEvent(
  _database: Database,
  tx: Db,
  entry: { tableId: number; visitId: number; event: StoredEvent },
): Promise<number> {
  // One round trip: the materialised CTE takes the lock before the insert draws its id from the
  // sequence (the id is computed for a row that only exists once the lock is held), and pg_notify is
  // queued for commit — it is what Database.notify runs too, on both databases.
  const result = await tx.execute(sql`
    with locked as materialized (
      select pg_advisory_xact_lock(${TABLE_EVENT_LOCK_SPACE}, ${entry.tableId}::int) as held
    ),
    inserted as (
      insert into ${tableEvent} (table_id, visit_id, type, payload)
      select ${entry.tableId}::int, ${entry.visitId}::int, ${entry.event.type}::text, ${JSON.stringify(entry.event)}::jsonb
      from locked
      returning id
    )
    select id, pg_notify(${TABLE_EVENTS_CHANNEL}, ${String(entry.tableId)}::text || ':' || id::text)
    from inserted`);
  const row = (result as unknown as { rows: { id: number | string }[] }).rows[0];
  if (!row) throw new Error('table_event insert returned no row');
  return Number(row.id);
}

/**
 * Several events of one table in one round trip, in the given order (same lock and NOTIFY as
 * appendTableEvent; call it as the last statement of the transaction). Answers their cursors.
 */
export async function appendTableEvents(
  _database: Database,
  tx: Db,
  entry: { tableId: number; visitId: number; events: StoredEvent[] },
): Promise<number[]> {
  if (entry.events.length === 0) return [];
  const rows = sql.join(
    entry.events.map((event, i) => sql`(${i}::int, ${event.type}::text, ${JSON.stringify(event)}::jsonb)`),
    sql`, `,
  );
  const result = await tx.execute(sql`
    with locked as materialized (
      select pg_advisory_xact_lock(${TABLE_EVENT_LOCK_SPACE}, ${entry.tableId}::int) as held
    ),
    inserted as (
      insert into ${tableEvent} (table_id, visit_id, type, payload)
      select ${entry.tableId}::int, ${entry.visitId}::int, e.type, e.payload
      from locked, (values ${rows}) as e(ord, type, payload)
      order by e.ord
      returning id
    )
    select id, pg_notify(${TABLE_EVENTS_CHANNEL}, ${String(entry.tableId)}::text || ':' || id::text)
    from inserted order by id`);
  return (result as unknown as { rows: { id: number | string }[] }).rows.map((row) => Number(row.id));
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
  switch (event.type) {
    case 'order.placed':
      return {
        type: event.type,
        ...common,
        order: { ...event.order, isMine: event.placedBy === readerSessionId },
      };
    case 'order.status_changed':
      return {
        type: event.type,
        ...common,
        orderId: event.orderId,
        status: event.status,
        rejectReason: event.rejectReason,
      };
    case 'item.availability_changed':
      return {
        type: event.type,
        ...common,
        menuItemId: event.menuItemId,
        availabilityType: event.availabilityType,
      };
    case 'table.closed':
      return { type: event.type, ...common };
    case 'call.changed':
      return { type: event.type, ...common, call: event.call };
    case 'payment.changed':
      return {
        type: event.type,
        ...common,
        paymentId: event.paymentId,
        status: event.status,
        method: event.method,
        amount: event.amount,
      };
    case 'order.items_paid':
      return { type: event.type, ...common, orderId: event.orderId, items: event.items };
  }
}

/** The table's latest cursor (0 when its log is empty). */
export async function latestTableCursor(db: Db, tableId: number): Promise<number> {
  const [row] = await db
    .select({ cursor: max(tableEvent.id) })
    .from(tableEvent)
    .where(eq(tableEvent.tableId, tableId));
  return Number(row?.cursor ?? 0);
}

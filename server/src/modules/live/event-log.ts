import type { TableEvent } from '@tablo/contract/events';
import type { Order } from '@tablo/contract/order';
import { and, asc, eq, gt } from 'drizzle-orm';
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
  | { type: 'table.closed' };

export interface LoggedEvent {
  cursor: number;
  tableId: number;
  visitId: number;
  event: StoredEvent;
}

/**
 * Appends an event inside the caller's transaction and NOTIFYs on commit, so an event is visible to
 * readers exactly when the change it describes is.
 */
export async function appendTableEvent(
  database: Database,
  tx: Db,
  entry: { tableId: number; visitId: number; event: StoredEvent },
): Promise<number> {
  const [row] = await tx
    .insert(tableEvent)
    .values({ tableId: entry.tableId, visitId: entry.visitId, type: entry.event.type, payload: entry.event })
    .returning({ id: tableEvent.id });
  if (!row) throw new Error('table_event insert returned no row');
  await database.notify(TABLE_EVENTS_CHANNEL, `${entry.tableId}:${row.id}`, tx);
  return row.id;
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
  return rows.map((row) => ({
    cursor: row.id,
    tableId: row.tableId,
    visitId: row.visitId ?? 0,
    event: row.payload as StoredEvent,
  }));
}

/** The wire form of a logged event for one receiving session. */
export function toWireEvent(logged: LoggedEvent, readerSessionId: string): TableEvent {
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
  }
}

import type { PaymentMethod } from '@tablo/contract/payment';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { jsonValue, rowsOf } from '../../db/rows.ts';
import { diningTable, restaurant, tableVisit, visitSession } from '../../db/schema.ts';

/** A visit with its table and restaurant: what ordering, paying, calling and the live channel check. */
export interface VisitAtTable {
  visitId: number;
  tableId: number;
  tableNumber: number;
  tableEnabled: boolean;
  restaurantId: number;
  restaurantName: string;
  shortName: string;
  restaurantEnabled: boolean;
  orderingEnabled: boolean;
  currency: string;
  paymentMethods: PaymentMethod[];
  open: boolean;
  /** Issue 28: when the restaurant's kitchen tickets print (ACCEPTED or PLACED). */
  printTrigger: string;
}

/**
 * The row lock a reader takes on the visit. `share`: placing an order or a call — a close waits for it.
 * `no key update`: every payment write of the visit (create, succeed, fail, cancel, expire) runs one at a
 * time under it, and waits for an order being placed. It is not FOR UPDATE: rows that merely reference
 * the visit (a table_event, an order, a payment) take FOR KEY SHARE, which FOR UPDATE would block — a
 * staff member accepting an order (order row locked, then its event inserted) and a payment confirmation
 * (visit locked, then the order rows) would deadlock.
 */
export type VisitLock = 'share' | 'no key update';

const visitColumns = sql`tv.id as "visitId", dt.id as "tableId", dt.table_number as "tableNumber",
  dt.is_enabled as "tableEnabled", r.id as "restaurantId", r.name as "restaurantName",
  r.short_name as "shortName", r.is_enabled as "restaurantEnabled", r.is_ordering_enabled as "orderingEnabled",
  r.currency, to_json(r.payment_methods) as "paymentMethods", tv.closed_at is null as open,
  r.print_trigger as "printTrigger"`;

const visitTables = sql`${tableVisit} tv
  join ${diningTable} dt on dt.id = tv.table_id
  join ${restaurant} r on r.id = dt.restaurant_id`;

function lockClause(lock: VisitLock | undefined): SQL {
  if (lock === 'share') return sql` for share of tv`;
  if (lock === 'no key update') return sql` for no key update of tv`;
  return sql``;
}

/**
 * "The open visit of this session at this table", the one place it is written: the visit of `tableId`
 * that the session joined and that is not closed, with its table and restaurant (columns of VisitAtTable),
 * optionally locked and only when `when` holds. A statement, to stand alone or inside a larger one (the
 * order and payment paths read it in the round trip that does their other work, decisions 035 and 038).
 */
export function joinedOpenVisitSql(
  sessionId: string,
  tableId: number,
  options: { lock?: VisitLock; when?: SQL } = {},
): SQL {
  return sql`select ${visitColumns}
    from ${visitSession} vs join ${visitTables} on tv.id = vs.visit_id
    where vs.session_id = ${sessionId} and tv.table_id = ${tableId}::bigint and tv.closed_at is null${
      options.when ? sql` and ${options.when}` : sql``
    }${lockClause(options.lock)}`;
}

/** The id of that visit as an SQL expression (null when none), for a statement that reads what it holds. */
export function joinedOpenVisitId(sessionId: string, tableId: number): SQL {
  return sql`(select v."visitId" from (${joinedOpenVisitSql(sessionId, tableId)}) v)`;
}

/** A VisitAtTable from a row of joinedOpenVisitSql, or from that row as JSON (row_to_json). */
export function visitAtTableOf(row: unknown): VisitAtTable | null {
  const visit = jsonValue<(Omit<VisitAtTable, 'paymentMethods'> & { paymentMethods: unknown }) | null>(row);
  if (!visit || visit.visitId === null) return null;
  return { ...visit, paymentMethods: jsonValue<PaymentMethod[]>(visit.paymentMethods) };
}

/** The open visit of `tableId` that the session joined, or null; with `lock`, its row locked (VisitLock). */
export async function findJoinedOpenVisit(
  db: Db,
  sessionId: string,
  tableId: number,
  lock?: VisitLock,
): Promise<VisitAtTable | null> {
  const result = await db.execute(joinedOpenVisitSql(sessionId, tableId, { lock }));
  return visitAtTableOf(rowsOf<unknown>(result)[0] ?? null);
}

/** True when the session once joined a visit of this table (the last of which has closed when no open one). */
export async function hadClosedVisitAt(db: Db, sessionId: string, tableId: number): Promise<boolean> {
  const result = await db.execute(sql`
    select 1 from ${visitSession} vs join ${tableVisit} tv on tv.id = vs.visit_id
    where vs.session_id = ${sessionId} and tv.table_id = ${tableId}::bigint
    limit 1`);
  return rowsOf<unknown>(result).length > 0;
}

/** Whether the session joined this visit (a payment is read only by sessions of its visit). */
export async function sessionJoinedVisit(db: Db, sessionId: string, visitId: number): Promise<boolean> {
  const result = await db.execute(sql`
    select 1 from ${visitSession} vs where vs.session_id = ${sessionId} and vs.visit_id = ${visitId}`);
  return rowsOf<unknown>(result).length > 0;
}

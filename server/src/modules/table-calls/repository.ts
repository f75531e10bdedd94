import type { TableCall, TableCallKind } from '@tablo/contract/table-call';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { diningTable, tableCall, tableVisit } from '../../db/schema.ts';
import { secondsUntil } from '../../db/seconds-until.ts';

export type VisitCall = TableCall & { visitId: number };

const columns = {
  visitId: tableCall.visitId,
  kind: tableCall.kind,
  requestedAt: tableCall.requestedAt,
  acknowledgedAt: tableCall.acknowledgedAt,
};

function toCall(row: {
  visitId: number;
  kind: TableCallKind;
  requestedAt: Date;
  acknowledgedAt: Date | null;
}) {
  return {
    visitId: row.visitId,
    kind: row.kind,
    requestedAt: row.requestedAt.toISOString(),
    acknowledgedAt: row.acknowledgedAt?.toISOString() ?? null,
  };
}

export function withoutVisit({ visitId: _, ...call }: VisitCall): TableCall {
  return call;
}

/** The calls of these visits (one per kind at most), by visit then kind. */
export async function loadCalls(db: Db, visitIds: number[]): Promise<VisitCall[]> {
  if (visitIds.length === 0) return [];
  const rows = await db
    .select(columns)
    .from(tableCall)
    .where(inArray(tableCall.visitId, visitIds))
    .orderBy(asc(tableCall.visitId), asc(tableCall.kind));
  return rows.map(toCall);
}

/**
 * A new call of the kind at the visit: inserted, or replacing the previous one (requested now, not
 * acknowledged) unless that was requested less than `minIntervalSeconds` ago — then nothing changes and
 * the answer is how many seconds are left. The unique (visit, kind) index makes two concurrent calls
 * meet on one row: the second waits for the first and then sees it as too recent.
 */
export async function upsertCall(
  tx: Db,
  call: {
    tableId: number;
    visitId: number;
    kind: TableCallKind;
    sessionId: string;
    minIntervalSeconds: number;
  },
): Promise<{ call: VisitCall } | { retryAfterSeconds: number }> {
  const [row] = await tx
    .insert(tableCall)
    .values({ tableId: call.tableId, visitId: call.visitId, kind: call.kind, sessionId: call.sessionId })
    .onConflictDoUpdate({
      target: [tableCall.visitId, tableCall.kind],
      set: {
        requestedAt: sql`now()`,
        acknowledgedAt: null,
        acknowledgedBy: null,
        sessionId: call.sessionId,
      },
      setWhere: sql`${tableCall.requestedAt} <= now() - make_interval(secs => ${call.minIntervalSeconds})`,
    })
    .returning(columns);
  if (row) return { call: toCall(row) };
  const [recent] = await tx
    .select({
      left: secondsUntil(
        sql`${tableCall.requestedAt} + make_interval(secs => ${call.minIntervalSeconds})`,
        call.minIntervalSeconds,
      ),
    })
    .from(tableCall)
    .where(and(eq(tableCall.visitId, call.visitId), eq(tableCall.kind, call.kind)));
  return { retryAfterSeconds: Math.max(1, Number(recent?.left ?? 1)) };
}

/**
 * The table's open visit when the table is the restaurant's: `null` for another restaurant's (or no)
 * table, `{ visitId: null }` when no visit is open.
 */
export async function openVisitOfTable(
  tx: Db,
  restaurantId: number,
  tableId: number,
): Promise<{ visitId: number | null } | null> {
  const [row] = await tx
    .select({ tableId: diningTable.id, visitId: tableVisit.id })
    .from(diningTable)
    .leftJoin(tableVisit, and(eq(tableVisit.tableId, diningTable.id), isNull(tableVisit.closedAt)))
    .where(and(eq(diningTable.id, tableId), eq(diningTable.restaurantId, restaurantId)));
  if (!row) return null;
  return { visitId: row.visitId };
}

/** Marks the open call acknowledged (if it is not yet); null when the visit has no call of this kind. */
export async function acknowledge(
  tx: Db,
  visitId: number,
  kind: TableCallKind,
  staffUserId: number,
): Promise<{ call: VisitCall; changed: boolean } | null> {
  const [updated] = await tx
    .update(tableCall)
    .set({ acknowledgedAt: sql`now()`, acknowledgedBy: staffUserId })
    .where(and(eq(tableCall.visitId, visitId), eq(tableCall.kind, kind), isNull(tableCall.acknowledgedAt)))
    .returning(columns);
  if (updated) return { call: toCall(updated), changed: true };
  const [existing] = await tx
    .select(columns)
    .from(tableCall)
    .where(and(eq(tableCall.visitId, visitId), eq(tableCall.kind, kind)));
  return existing ? { call: toCall(existing), changed: false } : null;
}

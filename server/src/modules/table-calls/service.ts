import { ERROR_TEXTS } from '@tablo/contract/errors';
import {
  TABLE_CALL_MIN_INTERVAL_SECONDS,
  type TableCall,
  type TableCallKind,
  type TableCallsResponse,
} from '@tablo/contract/table-call';
import type { Database } from '../../db/database.ts';
import { forbidden, HttpError, notFound } from '../../lib/http-error.ts';
import { appendTableEvent } from '../live/event-log.ts';
import { requireIssuedSession } from '../table-sessions/index.ts';
import { findJoinedOpenVisit, hadClosedVisitAt } from '../visits/joined-visit.ts';
import { acknowledge, loadCalls, openVisitOfTable, upsertCall, withoutVisit } from './repository.ts';

export const TABLE_CALL_TEXTS = {
  notJoined: 'Staff can be called only from the table you joined: scan its QR code again',
  tableNotFound: 'Table not found',
  noOpenCall: 'This table has no call of this kind to acknowledge',
} as const;

/** 429 with the seconds to wait (the route sends them as Retry-After). */
export class CallTooSoonError extends HttpError {
  constructor(
    readonly retryAfterSeconds: number,
    kind: TableCallKind,
  ) {
    super(
      429,
      `${kind === 'BILL' ? 'The bill was' : 'The waiter was'} called less than ` +
        `${TABLE_CALL_MIN_INTERVAL_SECONDS} seconds ago: please wait ${retryAfterSeconds} s before calling again`,
    );
  }
}

/**
 * POST /api/tables/:tableId/calls — the spec's keyed signal (§3): a call replaces the visit's previous
 * call of its kind (requested now, not acknowledged), at most once per TABLE_CALL_MIN_INTERVAL_SECONDS,
 * counted on the stored row so that every instance applies the same limit. The table's staff boards and
 * diners hear it as `call.changed`, appended in the same transaction.
 */
export async function placeCall(
  database: Database,
  sessionIdHeader: string | undefined,
  tableId: number,
  kind: TableCallKind,
): Promise<TableCall> {
  const sessionId = await requireIssuedSession(database.db, sessionIdHeader);
  return database.transaction(async (tx) => {
    // Share-locks the visit: a concurrent close waits, so no call lands on a visit that just closed.
    const visit = await findJoinedOpenVisit(tx, sessionId, tableId, 'share');
    if (!visit) throw forbidden(TABLE_CALL_TEXTS.notJoined);
    if (!visit.restaurantEnabled) throw forbidden(ERROR_TEXTS.restaurantNotAvailable);
    const result = await upsertCall(tx, {
      tableId,
      visitId: visit.visitId,
      kind,
      sessionId,
      minIntervalSeconds: TABLE_CALL_MIN_INTERVAL_SECONDS,
    });
    if ('retryAfterSeconds' in result) throw new CallTooSoonError(result.retryAfterSeconds, kind);
    const call = withoutVisit(result.call);
    // Last statement: it holds the table's event lock until commit.
    await appendTableEvent(database, tx, {
      tableId,
      visitId: visit.visitId,
      event: { type: 'call.changed', call },
    });
    return call;
  });
}

/** GET /api/tables/:tableId/calls — the calls of the open visit the session joined (none once it closed). */
export async function readCalls(
  database: Database,
  sessionIdHeader: string | undefined,
  tableId: number,
): Promise<TableCallsResponse> {
  const { db } = database;
  const sessionId = await requireIssuedSession(db, sessionIdHeader);
  const visit = await findJoinedOpenVisit(db, sessionId, tableId);
  if (!visit) {
    if (await hadClosedVisitAt(db, sessionId, tableId)) return { calls: [] };
    throw forbidden(TABLE_CALL_TEXTS.notJoined);
  }
  return { calls: (await loadCalls(db, [visit.visitId])).map(withoutVisit) };
}

/**
 * POST /api/staff/tables/:tableId/calls/:kind/acknowledge. Idempotent: a call already acknowledged is
 * answered as it is, with no new event. Another restaurant's table, no open visit or no such call → 404.
 */
export async function acknowledgeCall(
  database: Database,
  staff: { restaurantId: number; staffUserId: number },
  tableId: number,
  kind: TableCallKind,
): Promise<TableCall> {
  return database.transaction(async (tx) => {
    const table = await openVisitOfTable(tx, staff.restaurantId, tableId);
    if (!table) throw notFound(TABLE_CALL_TEXTS.tableNotFound);
    if (table.visitId === null) throw notFound(TABLE_CALL_TEXTS.noOpenCall);
    const result = await acknowledge(tx, table.visitId, kind, staff.staffUserId);
    if (!result) throw notFound(TABLE_CALL_TEXTS.noOpenCall);
    const call = withoutVisit(result.call);
    if (result.changed) {
      await appendTableEvent(database, tx, {
        tableId,
        visitId: table.visitId,
        event: { type: 'call.changed', call },
      });
    }
    return call;
  });
}

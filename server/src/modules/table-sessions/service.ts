import { createHash, timingSafeEqual } from 'node:crypto';
import { ERROR_TEXTS } from '@tablo/contract/errors';
import { SessionIdSchema } from '@tablo/contract/session';
import type { JoinTableRequest, JoinTableResponse } from '@tablo/contract/table-session';
import type { Database, Db } from '../../db/database.ts';
import { forbidden, notFound } from '../../lib/http-error.ts';
import { latestTableCursor } from '../live/event-log.ts';
import { joinVisit, openVisit } from '../visits/visit-rows.ts';
import { findTableForJoin, sessionExists } from './repository.ts';

/** A session id the server never issued (GET /api/order/uuid) is refused before anything else. */
export async function requireIssuedSession(db: Db, sessionId: string | undefined): Promise<string> {
  const parsed = SessionIdSchema.safeParse(sessionId);
  if (!parsed.success || !(await sessionExists(db, parsed.data))) throw forbidden(ERROR_TEXTS.unknownSession);
  return parsed.data;
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

/** Constant-time comparison (both sides hashed first, so lengths match and leak nothing). */
export function tokensMatch(given: string | null, expected: string): boolean {
  if (given === null) return false;
  return timingSafeEqual(digest(given), digest(expected));
}

/** DESIGN §5 "join a table": the session joins the table's open visit, opening one if none. */
export async function joinTable(database: Database, request: JoinTableRequest): Promise<JoinTableResponse> {
  const { db } = database;
  await requireIssuedSession(db, request.sessionId);
  const found = await findTableForJoin(db, request.shortName, request.tableId);
  if (!found) throw notFound(ERROR_TEXTS.restaurantNotFound);
  if (!found.restaurantEnabled) throw forbidden(ERROR_TEXTS.restaurantNotAvailable);
  const table = found.table;
  if (!found.orderingEnabled || !table?.isEnabled) throw forbidden(ERROR_TEXTS.cannotOrderAtTable);
  if (found.requireTableToken && !tokensMatch(request.token, table.qrToken)) {
    throw forbidden(ERROR_TEXTS.cannotOrderAtTable);
  }
  const visitId = await database.transaction(async (tx) => {
    const id = await openVisit(tx, table.id);
    await joinVisit(tx, id, request.sessionId);
    return id;
  });
  return {
    visitId,
    tableId: table.id,
    tableNumber: table.tableNumber,
    cursor: await latestTableCursor(db, table.id),
  };
}

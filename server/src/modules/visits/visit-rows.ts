import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { dinerSession, tableVisit, visitSession } from '../../db/schema.ts';

/** Opening a table's visit and joining a session to it (a diner scanning the table's code). */

/**
 * The table's open visit, opened if there is none. Race-safe: the partial unique index allows one open
 * visit per table, so of two concurrent openers one inserts and the other reads the winner's row.
 */
export async function openVisit(tx: Db, tableId: number): Promise<number> {
  const [inserted] = await tx
    .insert(tableVisit)
    .values({ tableId })
    .onConflictDoNothing({ target: tableVisit.tableId, where: sql`closed_at is null` })
    .returning({ id: tableVisit.id });
  if (inserted) return inserted.id;
  const [existing] = await tx
    .select({ id: tableVisit.id })
    .from(tableVisit)
    .where(and(eq(tableVisit.tableId, tableId), isNull(tableVisit.closedAt)));
  if (!existing) throw new Error(`table ${tableId}: no open visit after a conflicting insert`);
  return existing.id;
}

/** Joins the session to the visit, leaving any other open visit it was in (one table at a time). */
export async function joinVisit(tx: Db, visitId: number, sessionId: string): Promise<void> {
  await tx.execute(sql`
    delete from ${visitSession}
    where ${visitSession.sessionId} = ${sessionId}
      and ${visitSession.visitId} <> ${visitId}
      and ${visitSession.visitId} in (select ${tableVisit.id} from ${tableVisit} where ${tableVisit.closedAt} is null)`);
  await tx.insert(visitSession).values({ visitId, sessionId }).onConflictDoNothing();
  await tx.update(dinerSession).set({ lastSeen: sql`now()` }).where(eq(dinerSession.id, sessionId));
}

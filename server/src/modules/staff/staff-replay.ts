import type { StaffCursor } from '@tablo/contract/staff';
import { and, asc, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { tableEvent, tableVisit } from '../../db/schema.ts';
import { toLoggedEvent } from '../live/event-log.ts';
import { tableCursorsOf } from './board.ts';
import type { StaffReplay } from './staff-socket.ts';

/**
 * What a (re)connecting board missed, read in one repeatable-read snapshot: for every table of the
 * restaurant in `since`, its events after that cursor; for the others (a table the board did not know),
 * the events of its open visit. `cursors` is every table's latest cursor in the same snapshot: anything
 * later reaches the socket live (it subscribed before this read). 'ahead' when a cursor is beyond its
 * table's log (another database, or a forged value): the board must be reloaded.
 */
export async function readStaffReplay(
  db: Db,
  restaurantId: number,
  since: readonly StaffCursor[],
): Promise<StaffReplay | 'ahead'> {
  return db.transaction(
    async (tx) => {
      const cursors = new Map(
        (await tableCursorsOf(tx, restaurantId)).map(({ tableId, cursor }) => [tableId, cursor]),
      );
      const known = new Map<number, number>();
      for (const { tableId, cursor } of since) {
        const latest = cursors.get(tableId);
        if (latest === undefined) continue; // not this restaurant's table: ignored
        if (cursor > latest) return 'ahead' as const;
        known.set(tableId, cursor);
      }
      const unknown = [...cursors.keys()].filter((tableId) => !known.has(tableId));
      const rows = [];
      if (known.size > 0) {
        const tableIds = [...known.keys()];
        const after = tableIds.map((tableId) => known.get(tableId) ?? 0);
        rows.push(
          ...(await tx
            .select({ event: tableEvent })
            .from(tableEvent)
            .innerJoin(
              sql`(select unnest(${sql.raw(`array[${tableIds.join(',')}]::int[]`)}) as t, unnest(${sql.raw(`array[${after.join(',')}]::bigint[]`)}) as c) s`,
              sql`${tableEvent.tableId} = s.t and ${tableEvent.id} > s.c`,
            )),
        );
      }
      if (unknown.length > 0) {
        rows.push(
          ...(await tx
            .select({ event: tableEvent })
            .from(tableEvent)
            .innerJoin(tableVisit, sql`${tableVisit.id} = ${tableEvent.visitId}`)
            .where(and(inArray(tableEvent.tableId, unknown), isNull(tableVisit.closedAt)))
            .orderBy(asc(tableEvent.id))),
        );
      }
      const events = rows.map((row) => toLoggedEvent(row.event)).sort((a, b) => a.cursor - b.cursor);
      return { events, cursors };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

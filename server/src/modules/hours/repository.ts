import type { ClosedDay, OpeningSpan } from '@tablo/contract/hours';
import { asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { closedDay, openingHours, openingSpan, restaurant } from '../../db/schema.ts';

export interface StoredHours {
  spans: OpeningSpan[];
  closedDays: ClosedDay[];
  businessDayCutoffHour: number;
  timeZone: string;
  version: number;
}

/** The restaurant's hours as stored: spans by weekday and opening, closed days by date. */
export async function loadHours(db: Db, restaurantId: number): Promise<StoredHours> {
  const [row] = await db
    .select({
      timeZone: restaurant.timeZone,
      cutoff: restaurant.businessDayCutoffHour,
      version: openingHours.version,
    })
    .from(restaurant)
    .leftJoin(openingHours, eq(openingHours.restaurantId, restaurant.id))
    .where(eq(restaurant.id, restaurantId));
  if (!row) throw new Error(`restaurant ${restaurantId} vanished`);
  const spans = await db
    .select({ weekday: openingSpan.weekday, opens: openingSpan.opens, closes: openingSpan.closes })
    .from(openingSpan)
    .where(eq(openingSpan.restaurantId, restaurantId))
    .orderBy(asc(openingSpan.weekday), asc(openingSpan.opens));
  const days = await db
    .select({ date: closedDay.date, note: closedDay.note })
    .from(closedDay)
    .where(eq(closedDay.restaurantId, restaurantId))
    .orderBy(asc(closedDay.date));
  return {
    spans,
    closedDays: days,
    businessDayCutoffHour: row.cutoff,
    timeZone: row.timeZone,
    version: row.version ?? 0,
  };
}

/** The rule's input as the placing of an order reads it; null when no hours are set (always open). */
export interface HoursForRule {
  timeZone: string;
  spans: OpeningSpan[];
  closedDays: string[];
}

/**
 * The restaurant's hours as one JSON value (null without spans), for a statement that reads more: placing an
 * order reads them in its one round trip (docs/decisions/035, 074). `restaurantId` is an SQL expression.
 */
export function hoursJsonSql(restaurantId: SQL): SQL {
  return sql`(select case when s.spans is null then null else json_build_object(
      'timeZone', r.time_zone, 'spans', s.spans,
      'closedDays', coalesce((select json_agg(d.date) from ${closedDay} d where d.restaurant_id = r.id), '[]'::json))
      end
    from ${restaurant} r,
      lateral (select json_agg(json_build_object('weekday', o.weekday, 'opens', o.opens, 'closes', o.closes)) as spans
        from ${openingSpan} o where o.restaurant_id = r.id) s
    where r.id = ${restaurantId})`;
}

/** Whether the restaurant has set any hours (none = ordering always open). */
export async function hasSpans(db: Db, restaurantId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: openingSpan.id })
    .from(openingSpan)
    .where(eq(openingSpan.restaurantId, restaurantId))
    .limit(1);
  return row !== undefined;
}

/** Locks the restaurant's hours for a save and answers their version (0 before the first save). */
export async function lockHours(tx: Db, restaurantId: number): Promise<number> {
  await tx.insert(openingHours).values({ restaurantId }).onConflictDoNothing();
  const [row] = await tx
    .select({ version: openingHours.version })
    .from(openingHours)
    .where(eq(openingHours.restaurantId, restaurantId))
    .for('update');
  if (!row) throw new Error(`hours of restaurant ${restaurantId} vanished`);
  return row.version;
}

/** Replaces the week, the closed days and the cut-off hour; the version grows by one. */
export async function replaceHours(
  tx: Db,
  restaurantId: number,
  change: { spans: OpeningSpan[]; closedDays: ClosedDay[]; businessDayCutoffHour: number; version: number },
): Promise<void> {
  await tx.delete(openingSpan).where(eq(openingSpan.restaurantId, restaurantId));
  await tx.delete(closedDay).where(eq(closedDay.restaurantId, restaurantId));
  if (change.spans.length > 0)
    await tx.insert(openingSpan).values(change.spans.map((span) => ({ restaurantId, ...span })));
  if (change.closedDays.length > 0)
    await tx.insert(closedDay).values(change.closedDays.map((day) => ({ restaurantId, ...day })));
  await tx
    .update(restaurant)
    .set({ businessDayCutoffHour: change.businessDayCutoffHour })
    .where(eq(restaurant.id, restaurantId));
  await tx
    .update(openingHours)
    .set({ version: change.version + 1 })
    .where(eq(openingHours.restaurantId, restaurantId));
}

import type { Figures } from '@tablo/contract/figures';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { jsonValue, rowsOf } from '../../db/rows.ts';

/**
 * The day's figures in SQL (docs/decisions/076, 078). Every statement reads one restaurant's rows between
 * two instants (a range of business days' bounds): orders by their own restaurant and time (one index, no
 * visit or table joined), payments, refunds and ratings by their time indexes. Sums are cast to float8,
 * which both drivers hand back as a number and which holds whole forints exactly far beyond any
 * restaurant's year.
 */

export interface FiguresScope {
  restaurantId: number;
  /** The instant each of the range's business days begins, in order; `end` closes the last one. */
  dayStarts: readonly Date[];
  start: Date;
  end: Date;
  timeZone: string;
  cutoffHour: number;
}

type Titles = Figures['dishes'][number]['titles'];

/** The restaurant's orders placed in the range, as the alias `o`. */
export function placedIn(scope: FiguresScope): SQL {
  return sql`o.restaurant_id = ${scope.restaurantId}
      and o.created_at >= ${scope.start.toISOString()}::timestamptz
      and o.created_at < ${scope.end.toISOString()}::timestamptz`;
}

/**
 * The 1-based index of the range's business day an instant falls in: a binary search of the days'
 * first instants, which zoned-time worked out — so SQL and the app agree on every day's bounds, through
 * daylight-saving nights, without a time-zone conversion per row.
 */
export function businessDayIndex(scope: FiguresScope, instant: SQL): SQL {
  const bounds = [...scope.dayStarts, scope.end].map((at) => `"${at.toISOString()}"`).join(',');
  return sql`width_bucket(${instant}, ${`{${bounds}}`}::timestamptz[])`;
}

/**
 * Runs one statement with room to aggregate in memory: a year's lines grouped by day, rate and dish are
 * 14,600 groups for the bench's 40 dishes (3.6 MB, just inside the default 4 MB work_mem), and a menu of a
 * few hundred dishes would spill them to disk (a spilled sort cost 550 ms, decision 076). `SET LOCAL` ends
 * with the transaction, so the pool's connections keep their setting.
 */
export function roomyExecute(db: Db, query: SQL) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local work_mem = '64MB'`);
    return tx.execute(query);
  });
}

export const ACCEPTED = sql.raw(`o.status in ('ACCEPTED', 'SERVED', 'PAID')`);

/** Any time zone's offset is a whole number of quarter hours: a quarter hour of UTC is in one local hour. */
const QUARTER_HOUR = sql.raw(`date_bin('15 minutes', o.created_at, timestamptz '2000-01-01 00:00:00+00')`);

/**
 * The counts of the range's orders and their sales by the restaurant's local hour of placing — counted by
 * quarter hour of UTC in one pass, then those (at most 96 a day) turned into local hours — and the visits
 * they came from (a distinct count, its own statement so that the hours need no sort).
 */
export async function orderCounts(db: Db, scope: FiguresScope) {
  const [rows, visits] = await Promise.all([
    db.execute(sql`
      select extract(hour from q.quarter at time zone ${scope.timeZone})::int as hour,
        sum(q.orders)::int as orders, sum(q.gross)::float8 as gross,
        sum(q.rejected)::int as rejected, sum(q.waiting)::int as waiting
      from (select ${QUARTER_HOUR} as quarter,
          count(*) filter (where ${ACCEPTED}) as orders,
          coalesce(sum(o.total) filter (where ${ACCEPTED}), 0) as gross,
          count(*) filter (where o.status = 'REJECTED') as rejected,
          count(*) filter (where o.status = 'PLACED') as waiting
        from orders o where ${placedIn(scope)}
        group by 1) q
      group by 1`),
    db.execute(
      sql`select count(distinct o.visit_id)::int as visits from orders o where ${placedIn(scope)} and ${ACCEPTED}`,
    ),
  ]);
  const hours = rowsOf<{ hour: number; orders: number; gross: number; rejected: number; waiting: number }>(
    rows,
  );
  const total = (of: (row: (typeof hours)[number]) => number) => hours.reduce((sum, row) => sum + of(row), 0);
  return {
    orders: total((row) => row.orders),
    rejected: total((row) => row.rejected),
    waiting: total((row) => row.waiting),
    visits: rowsOf<{ visits: number }>(visits)[0]?.visits ?? 0,
    hours: hours
      .filter((row) => row.orders > 0)
      .map((row) => ({ hour: row.hour, orders: row.orders, gross: row.gross })),
  };
}

/** Succeeded payments by the moment they succeeded, per method. */
export async function paymentsByMethod(db: Db, scope: FiguresScope) {
  return rowsOf<Figures['payments']['byMethod'][number]>(
    await db.execute(sql`
      select p.method, count(*)::int as count, sum(p.amount)::float8 as amount, sum(p.tip)::float8 as tip
      from payment p
        join table_visit v on v.id = p.visit_id
        join dining_table t on t.id = v.table_id
      where t.restaurant_id = ${scope.restaurantId} and p.status = 'SUCCEEDED'
        and p.paid_at >= ${scope.start.toISOString()}::timestamptz
        and p.paid_at < ${scope.end.toISOString()}::timestamptz
      group by p.method order by p.method`),
  );
}

/** Refunds by the moment the money went back, per method. */
export async function refundsByMethod(db: Db, scope: FiguresScope) {
  return rowsOf<Figures['refunds']['byMethod'][number]>(
    await db.execute(sql`
      select r.method, count(*)::int as count, sum(r.amount)::float8 as amount
      from refund r
        join payment p on p.id = r.payment_id
        join table_visit v on v.id = p.visit_id
        join dining_table t on t.id = v.table_id
      where t.restaurant_id = ${scope.restaurantId} and r.status = 'SUCCEEDED'
        and r.refunded_at >= ${scope.start.toISOString()}::timestamptz
        and r.refunded_at < ${scope.end.toISOString()}::timestamptz
      group by r.method order by r.method`),
  );
}

/** Choices by units sold with them (the choice's own count × the line's quantity). */
export async function choices(db: Db, scope: FiguresScope): Promise<Figures['choices']> {
  const rows = rowsOf<{ optionId: number; quantity: number; groupTitles: unknown; titles: unknown }>(
    await db.execute(sql`
      with chosen as (
        select (c.value->>'optionId')::int as option_id,
          sum((c.value->>'quantity')::int * lines.quantity)::int as quantity, max(lines.id) as last_line
        from (select oi.id, oi.quantity, oi.choices
            from order_item oi join orders o on o.id = oi.order_id
            where oi.choices <> '[]'::jsonb and ${placedIn(scope)} and ${ACCEPTED}) lines
          cross join lateral jsonb_array_elements(lines.choices) c
        group by 1)
      select s.option_id as "optionId", s.quantity, e.value->'groupTitles' as "groupTitles", e.value->'titles' as titles
      from chosen s
        join order_item l on l.id = s.last_line
        cross join lateral (select value from jsonb_array_elements(l.choices)
          where (value->>'optionId')::int = s.option_id limit 1) e
      order by s.quantity desc, s.option_id`),
  );
  return rows.map((row) => ({
    optionId: row.optionId,
    quantity: row.quantity,
    groupTitles: jsonValue<Titles>(row.groupTitles),
    titles: jsonValue<Titles>(row.titles),
  }));
}

/** Likes and dislikes given in the range, per dish, with the dish's names now. */
export async function ratings(db: Db, scope: FiguresScope): Promise<Figures['ratings']> {
  const rows = rowsOf<{ menuItemId: number; likes: number; dislikes: number; titles: unknown }>(
    await db.execute(sql`
      with given as (
        select r.item_id, count(*) filter (where r.value = 'LIKE')::int as likes,
          count(*) filter (where r.value = 'DISLIKE')::int as dislikes
        from menu_item_rating r join menu_item m on m.id = r.item_id
        where m.restaurant_id = ${scope.restaurantId}
          and r.created_at >= ${scope.start.toISOString()}::timestamptz
          and r.created_at < ${scope.end.toISOString()}::timestamptz
        group by r.item_id)
      select g.item_id as "menuItemId", g.likes, g.dislikes,
        coalesce((select json_agg(json_build_object('isoCode', tr.iso_code, 'title', tr.title) order by tr.iso_code)
          from menu_item_translation tr where tr.item_id = g.item_id), '[]'::json) as titles
      from given g order by g.likes + g.dislikes desc, g.item_id`),
  );
  return rows.map((row) => ({ ...row, titles: jsonValue<Titles>(row.titles) }));
}

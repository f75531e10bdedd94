import type { Figures } from '@tablo/contract/figures';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { jsonValue, rowsOf } from '../../db/rows.ts';

/**
 * The day's figures in SQL (docs/decisions/076). Every statement reads one restaurant's rows between two
 * instants (a range of business days' bounds), so the time indexes on orders, payments, refunds and ratings
 * narrow a single day; sums are cast to float8, which both drivers hand back as a number and which holds
 * whole forints exactly far beyond any restaurant's year.
 */

export interface FiguresScope {
  restaurantId: number;
  start: Date;
  end: Date;
  timeZone: string;
  cutoffHour: number;
}

type Titles = Figures['dishes'][number]['titles'];

/** Orders of the restaurant placed in the range (the alias `o`), with their visit `v`. */
function ordersOf(scope: FiguresScope): SQL {
  return sql`orders o
    join table_visit v on v.id = o.visit_id
    join dining_table t on t.id = v.table_id
    where ${placedIn(scope)}`;
}

/** The lines (`oi`) of those orders. */
function linesOf(scope: FiguresScope): SQL {
  return sql`order_item oi
    join orders o on o.id = oi.order_id
    join table_visit v on v.id = o.visit_id
    join dining_table t on t.id = v.table_id
    where ${placedIn(scope)}`;
}

function placedIn(scope: FiguresScope): SQL {
  return sql`t.restaurant_id = ${scope.restaurantId}
      and o.created_at >= ${scope.start.toISOString()}::timestamptz
      and o.created_at < ${scope.end.toISOString()}::timestamptz`;
}

const ACCEPTED = sql.raw(`o.status in ('ACCEPTED', 'SERVED', 'PAID')`);

export async function orderCounts(db: Db, scope: FiguresScope) {
  const [row] = rowsOf<{ orders: number; rejected: number; waiting: number; visits: number }>(
    await db.execute(sql`
      select count(*) filter (where ${ACCEPTED})::int as orders,
        count(*) filter (where o.status = 'REJECTED')::int as rejected,
        count(*) filter (where o.status = 'PLACED')::int as waiting,
        count(distinct o.visit_id) filter (where ${ACCEPTED})::int as visits
      from ${ordersOf(scope)}`),
  );
  return row ?? { orders: 0, rejected: 0, waiting: 0, visits: 0 };
}

/**
 * Gross per VAT rate; the VAT of each rate is rounded once per business day (Hungarian receipts' rule,
 * vat = round(gross × r / (100 + r))) and those days' VAT added up, so a range is the sum of its days.
 */
export async function salesByRate(db: Db, scope: FiguresScope): Promise<Figures['sales']['byRate']> {
  const rows = rowsOf<{ vatPercent: string | number; gross: number; vat: number }>(
    await db.execute(sql`
      with per_day as (
        select ((o.created_at at time zone ${scope.timeZone}) - make_interval(hours => ${scope.cutoffHour}))::date as day,
          oi.vat_percent, sum(oi.unit_price::bigint * oi.quantity) as gross
        from ${linesOf(scope)} and ${ACCEPTED}
        group by 1, 2)
      select vat_percent as "vatPercent", sum(gross)::float8 as gross,
        sum(round(gross * vat_percent / (100 + vat_percent)))::float8 as vat
      from per_day group by vat_percent order by vat_percent`),
  );
  return rows.map((row) => ({
    vatPercent: Number(row.vatPercent),
    gross: row.gross,
    vat: row.vat,
    net: row.gross - row.vat,
  }));
}

/** What the accepted orders' unpaid units are worth: on open visits, and on visits closed with them. */
export async function unpaid(db: Db, scope: FiguresScope): Promise<Figures['unpaid']> {
  const [row] = rowsOf<Figures['unpaid']>(
    await db.execute(sql`
      select coalesce(sum((oi.quantity - oi.paid_quantity) * oi.unit_price::bigint) filter (where v.closed_at is null), 0)::float8 as open,
        coalesce(sum((oi.quantity - oi.paid_quantity) * oi.unit_price::bigint) filter (where v.closed_at is not null), 0)::float8 as "closedByForce",
        count(distinct o.visit_id) filter (where v.closed_at is not null and oi.paid_quantity < oi.quantity)::int as "forcedVisits"
      from ${linesOf(scope)} and ${ACCEPTED}`),
  );
  return row ?? { open: 0, closedByForce: 0, forcedVisits: 0 };
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

/** Dishes by units sold; their names from the latest line that sold them. */
export async function dishes(db: Db, scope: FiguresScope): Promise<Figures['dishes']> {
  const rows = rowsOf<{ menuItemId: number; quantity: number; gross: number; titles: unknown }>(
    await db.execute(sql`
      with sold as (
        select oi.menu_item_id, sum(oi.quantity)::int as quantity,
          sum(oi.unit_price::bigint * oi.quantity)::float8 as gross, max(oi.id) as last_line
        from ${linesOf(scope)} and ${ACCEPTED}
        group by oi.menu_item_id)
      select s.menu_item_id as "menuItemId", s.quantity, s.gross, l.titles
      from sold s join order_item l on l.id = s.last_line
      order by s.quantity desc, s.gross desc, s.menu_item_id`),
  );
  return rows.map((row) => ({ ...row, titles: jsonValue<Titles>(row.titles) }));
}

/** Choices by units sold with them (the choice's own count × the line's quantity). */
export async function choices(db: Db, scope: FiguresScope): Promise<Figures['choices']> {
  const rows = rowsOf<{ optionId: number; quantity: number; groupTitles: unknown; titles: unknown }>(
    await db.execute(sql`
      with chosen as (
        select (c.value->>'optionId')::int as option_id,
          sum((c.value->>'quantity')::int * lines.quantity)::int as quantity, max(lines.id) as last_line
        from (select oi.id, oi.quantity, oi.choices
            from ${linesOf(scope)} and ${ACCEPTED} and jsonb_array_length(oi.choices) > 0) lines
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

/** Accepted orders and their totals by the restaurant's local hour of placing. */
export async function salesByHour(db: Db, scope: FiguresScope) {
  return rowsOf<{ hour: number; orders: number; gross: number }>(
    await db.execute(sql`
      select extract(hour from o.created_at at time zone ${scope.timeZone})::int as hour,
        count(*)::int as orders, sum(o.total)::float8 as gross
      from ${ordersOf(scope)} and ${ACCEPTED}
      group by 1`),
  );
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

import type { Figures } from '@tablo/contract/figures';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { jsonValue, rowsOf } from '../../db/rows.ts';
import { orderItem } from '../../db/schema.ts';
import { ACCEPTED, type FiguresScope, ordersOf, roomyExecute } from './repository.ts';

/**
 * Sales per VAT rate, what was left unpaid and the best-selling dishes, from ONE pass over the accepted
 * orders' lines (docs/decisions/076): joining a year's 250,000 lines to their orders is most of the work, and
 * three statements did it three times (bench:figures). The lines are grouped by business day, VAT rate and
 * dish — a few thousand rows for a year — and those are added up here.
 */

interface LineGroup {
  /** A date: node-postgres hands a Date, PGlite a Date or text; only used as a key. */
  day: unknown;
  vatPercent: number;
  menuItemId: number;
  quantity: number;
  gross: number;
  unpaidOpen: number;
  unpaidClosed: number;
  lastLine: number;
  /** A closed visit with this group's unpaid units (a forced close); null for every other line. */
  forcedVisit: number | null;
}

export async function lineFigures(db: Db, scope: FiguresScope) {
  const groups = rowsOf<LineGroup>(
    await roomyExecute(
      db,
      sql`
      select s.day, oi.vat_percent::float8 as "vatPercent", oi.menu_item_id as "menuItemId",
        sum(oi.quantity)::int as quantity, sum(oi.unit_price * oi.quantity)::float8 as gross,
        coalesce(sum((oi.quantity - oi.paid_quantity) * oi.unit_price) filter (where not s.closed), 0)::float8 as "unpaidOpen",
        coalesce(sum((oi.quantity - oi.paid_quantity) * oi.unit_price) filter (where s.closed), 0)::float8 as "unpaidClosed",
        max(oi.id) as "lastLine",
        case when s.closed and oi.paid_quantity < oi.quantity then s.visit_id end as "forcedVisit"
      from order_item oi
        join (select o.id, o.visit_id, v.closed_at is not null as closed,
            ((o.created_at at time zone ${scope.timeZone}) - make_interval(hours => ${scope.cutoffHour}))::date as day
          from ${ordersOf(scope)} and ${ACCEPTED}) s on s.id = oi.order_id
      group by s.day, oi.vat_percent, oi.menu_item_id, "forcedVisit"`,
    ),
  );

  const dayRates = new Map<string, { vatPercent: number; gross: number }>();
  const dishes = new Map<number, { quantity: number; gross: number; lastLine: number }>();
  const forced = new Set<number>();
  let open = 0;
  let closedByForce = 0;
  for (const group of groups) {
    const key = `${String(group.day)}|${group.vatPercent}`;
    const dayRate = dayRates.get(key) ?? { vatPercent: group.vatPercent, gross: 0 };
    dayRate.gross += group.gross;
    dayRates.set(key, dayRate);
    const dish = dishes.get(group.menuItemId) ?? { quantity: 0, gross: 0, lastLine: 0 };
    dish.quantity += group.quantity;
    dish.gross += group.gross;
    dish.lastLine = Math.max(dish.lastLine, Number(group.lastLine));
    dishes.set(group.menuItemId, dish);
    open += group.unpaidOpen;
    closedByForce += group.unpaidClosed;
    if (group.forcedVisit !== null) forced.add(group.forcedVisit);
  }
  // Each day's VAT per rate, rounded once, then the days added up: a range is the sum of its days.
  const rates = new Map<number, { gross: number; vat: number }>();
  for (const { vatPercent, gross } of dayRates.values()) {
    const rate = rates.get(vatPercent) ?? { gross: 0, vat: 0 };
    rate.gross += gross;
    rate.vat += vatOf(gross, vatPercent);
    rates.set(vatPercent, rate);
  }

  const byRate: Figures['sales']['byRate'] = [...rates]
    .sort(([a], [b]) => a - b)
    .map(([vatPercent, { gross, vat }]) => ({ vatPercent, gross, vat, net: gross - vat }));
  const lastLines = [...dishes.values()].map((dish) => dish.lastLine);
  const titles = new Map(
    lastLines.length === 0
      ? []
      : (
          await db
            .select({ id: orderItem.id, titles: orderItem.titles })
            .from(orderItem)
            .where(inArray(orderItem.id, lastLines))
        ).map((row) => [row.id, jsonValue<Figures['dishes'][number]['titles']>(row.titles)]),
  );
  const sold: Figures['dishes'] = [...dishes]
    .map(([menuItemId, dish]) => ({
      menuItemId,
      titles: titles.get(dish.lastLine) ?? [],
      quantity: dish.quantity,
      gross: dish.gross,
    }))
    .sort((a, b) => b.quantity - a.quantity || b.gross - a.gross || a.menuItemId - b.menuItemId);
  return {
    byRate,
    unpaid: { open, closedByForce, forcedVisits: forced.size },
    dishes: sold,
  };
}

/**
 * Receipts' rule (decision 019): vat = round(gross × r / (100 + r)), half up, worked in whole numbers (the
 * rate in hundredths, as numeric(5,2) stores it) so that no float rounding moves a forint.
 */
export function vatOf(gross: number, vatPercent: number): number {
  const hundredths = Math.round(vatPercent * 100);
  const numerator = gross * hundredths;
  const denominator = 10_000 + hundredths;
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

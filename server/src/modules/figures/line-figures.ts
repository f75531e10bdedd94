import type { Figures } from '@tablo/contract/figures';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { jsonValue, rowsOf } from '../../db/rows.ts';
import { orderItem } from '../../db/schema.ts';
import { ACCEPTED, businessDayIndex, type FiguresScope, placedIn, roomyExecute } from './repository.ts';

/**
 * Sales per VAT rate and the best-selling dishes from ONE pass over the accepted orders' lines
 * (docs/decisions/076, 078): joining a year's 250,000 lines to their orders is most of the work. The lines
 * are grouped by business day, VAT rate and dish — a few thousand rows for a year — and those are added up
 * here. What was left unpaid is its own statement: it needs the visits, and only the lines not paid.
 */

interface LineGroup {
  /** 1-based index of the business day in the scope's days. */
  day: number;
  vatPercent: number;
  menuItemId: number;
  quantity: number;
  gross: number;
  lastLine: number;
}

export async function lineFigures(db: Db, scope: FiguresScope) {
  const [grouped, left] = await Promise.all([
    roomyExecute(
      db,
      sql`
      select ${businessDayIndex(scope, sql`o.created_at`)} as day, oi.vat_percent::float8 as "vatPercent",
        oi.menu_item_id as "menuItemId", sum(oi.quantity)::int as quantity,
        sum(oi.unit_price * oi.quantity)::float8 as gross, max(oi.id) as "lastLine"
      from order_item oi join orders o on o.id = oi.order_id
      where ${placedIn(scope)} and ${ACCEPTED}
      group by 1, oi.vat_percent, oi.menu_item_id`,
    ),
    unpaid(db, scope),
  ]);
  const groups = rowsOf<LineGroup>(grouped);

  const dayRates = new Map<string, { vatPercent: number; gross: number }>();
  const dishes = new Map<number, { quantity: number; gross: number; lastLine: number }>();
  for (const group of groups) {
    const key = `${group.day}|${group.vatPercent}`;
    const dayRate = dayRates.get(key) ?? { vatPercent: group.vatPercent, gross: 0 };
    dayRate.gross += group.gross;
    dayRates.set(key, dayRate);
    const dish = dishes.get(group.menuItemId) ?? { quantity: 0, gross: 0, lastLine: 0 };
    dish.quantity += group.quantity;
    dish.gross += group.gross;
    dish.lastLine = Math.max(dish.lastLine, Number(group.lastLine));
    dishes.set(group.menuItemId, dish);
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
  return { byRate, unpaid: left, dishes: sold };
}

/**
 * What the accepted orders' lines left unpaid: on visits still open, and on visits closed by force (with
 * how many such visits). A PAID order has every unit paid (it becomes PAID only then, and a paid quantity
 * never goes down), so only ACCEPTED and SERVED orders are read — a year's few, not its 100,000.
 */
async function unpaid(db: Db, scope: FiguresScope): Promise<Figures['unpaid']> {
  const [row] = rowsOf<Figures['unpaid']>(
    await db.execute(sql`
      select
        coalesce(sum((oi.quantity - oi.paid_quantity) * oi.unit_price) filter (where v.closed_at is null), 0)::float8 as open,
        coalesce(sum((oi.quantity - oi.paid_quantity) * oi.unit_price) filter (where v.closed_at is not null), 0)::float8
          as "closedByForce",
        count(distinct o.visit_id) filter (where v.closed_at is not null)::int as "forcedVisits"
      from order_item oi
        join orders o on o.id = oi.order_id
        join table_visit v on v.id = o.visit_id
      where oi.paid_quantity < oi.quantity and ${placedIn(scope)} and o.status in ('ACCEPTED', 'SERVED')`),
  );
  return row ?? { open: 0, closedByForce: 0, forcedVisits: 0 };
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

import type { Figures } from '@tablo/contract/figures';
import { addDays } from '@tablo/contract/hours-rule';
import { PAYMENT_METHODS } from '@tablo/contract/payment';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { restaurant } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { HttpError } from '../../lib/http-error.ts';
import { businessDayBounds, businessDayOf } from '../../lib/zoned-time.ts';
import { lineFigures } from './line-figures.ts';
import {
  choices,
  type FiguresScope,
  orderCounts,
  paymentsByMethod,
  ratings,
  refundsByMethod,
} from './repository.ts';

/** The day's figures of a range of business days (docs/decisions/076); no range → today's business day. */
export async function readFigures(
  database: Database,
  clock: Clock,
  restaurantId: number,
  range: { from?: string | undefined; to?: string | undefined },
): Promise<Figures> {
  const [place] = await database.db
    .select({
      timeZone: restaurant.timeZone,
      cutoffHour: restaurant.businessDayCutoffHour,
      currency: restaurant.currency,
    })
    .from(restaurant)
    .where(eq(restaurant.id, restaurantId));
  if (!place) throw new HttpError(404, 'Restaurant not found');
  const today = businessDayOf(clock.now(), place.timeZone, place.cutoffHour);
  const from = range.from ?? range.to ?? today;
  const to = range.to ?? from;
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  const dayStarts = days.map((day) => businessDayBounds(day, place.timeZone, place.cutoffHour).start);
  const scope: FiguresScope = {
    restaurantId,
    timeZone: place.timeZone,
    cutoffHour: place.cutoffHour,
    dayStarts,
    start: dayStarts[0] as Date,
    end: businessDayBounds(to, place.timeZone, place.cutoffHour).end,
  };
  const db = database.db;
  // Independent reads: PostgreSQL runs them side by side on the pool; PGlite one after the other.
  const [counts, lines, paid, refunded, chosen, rated] = await Promise.all([
    orderCounts(db, scope),
    lineFigures(db, scope),
    paymentsByMethod(db, scope),
    refundsByMethod(db, scope),
    choices(db, scope),
    ratings(db, scope),
  ]);
  const { byRate, unpaid: left, dishes: sold } = lines;
  const gross = sum(byRate, (rate) => rate.gross);
  const vat = sum(byRate, (rate) => rate.vat);
  const payments = PAYMENT_METHODS.map(
    (method) => paid.find((row) => row.method === method) ?? { method, count: 0, amount: 0, tip: 0 },
  );
  const refunds = PAYMENT_METHODS.map(
    (method) => refunded.find((row) => row.method === method) ?? { method, count: 0, amount: 0 },
  );
  const paymentTotals = {
    count: sum(payments, (row) => row.count),
    amount: sum(payments, (row) => row.amount),
    tip: sum(payments, (row) => row.tip),
  };
  const refundTotals = { count: sum(refunds, (row) => row.count), amount: sum(refunds, (row) => row.amount) };
  return {
    from,
    to,
    timeZone: place.timeZone,
    cutoffHour: place.cutoffHour,
    currency: place.currency,
    start: scope.start.toISOString(),
    end: scope.end.toISOString(),
    visits: counts.visits,
    orders: counts.orders,
    rejectedOrders: counts.rejected,
    waitingOrders: counts.waiting,
    sales: { gross, vat, net: gross - vat, byRate },
    averagePerVisit: counts.visits === 0 ? 0 : Math.round(gross / counts.visits),
    payments: { ...paymentTotals, byMethod: payments },
    refunds: { ...refundTotals, byMethod: refunds },
    takings: paymentTotals.amount + paymentTotals.tip - refundTotals.amount,
    unpaid: left,
    dishes: sold,
    choices: chosen,
    // The business day's order: from the cut-off hour round to the hour before it.
    hours: Array.from({ length: 24 }, (_, index) => {
      const hour = (place.cutoffHour + index) % 24;
      return counts.hours.find((row) => row.hour === hour) ?? { hour, orders: 0, gross: 0 };
    }),
    ratings: rated,
  };
}

function sum<T>(rows: readonly T[], of: (row: T) => number): number {
  return rows.reduce((total, row) => total + of(row), 0);
}

import { type Figures, FiguresSchema } from '@tablo/contract/figures';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDay, type DayLedger } from '../../../test/helpers/figures-day.ts';
import {
  acceptedOrder,
  asStaff,
  createPaymentsApp,
  diner,
  logIn,
  type PaymentsContext,
  type StaffLogin,
} from '../../../test/helpers/payments.ts';
import { testDatabaseKinds } from '../../../test/helpers/test-database.ts';
import { rowsOf } from '../../db/rows.ts';
import { createStaff } from '../staff/create-staff.ts';

/**
 * The day's figures (issue 28, docs/decisions/076) against a day of 500 random orders and payments built
 * through the API, on both databases: every figure equals a sum written here in SQL of its own, to the
 * forint, and the CSV read back with a CSV library says the same as the JSON.
 */

const DAY = '2026-11-27';
// Europe/Budapest is UTC+1 in November: the business day runs 04:00 → 04:00 local, 03:00Z → 03:00Z.
const START = '2026-11-27T03:00:00Z';
const END = '2026-11-28T03:00:00Z';
const SEED = 2811;

describe.each(testDatabaseKinds())('the day’s figures on %s', (kind) => {
  let ctx: PaymentsContext;
  let manager: StaffLogin;
  let ledger: DayLedger;
  let figures: Figures;

  beforeAll(async () => {
    ctx = await createPaymentsApp(kind);
    await createStaff(ctx.database, {
      shortName: 'pub',
      email: 'maria@pub.test',
      password: 'correct horse battery',
      role: 'MANAGER',
    });
    manager = await logIn(ctx.app, 'maria@pub.test');
    ledger = await buildDay(ctx, manager, { start: new Date(START), end: new Date(END), orders: 500 }, SEED);
    const response = await asStaff(ctx.app, manager, 'GET', `/api/staff/figures?from=${DAY}&to=${DAY}`);
    expect(response.statusCode).toBe(200);
    figures = FiguresSchema.parse(response.json());
  }, 600_000);
  afterAll(() => ctx?.close());

  async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
    return rowsOf<T>(await ctx.database.db.execute(query))[0] as T;
  }
  async function all<T>(query: ReturnType<typeof sql>): Promise<T[]> {
    return rowsOf<T>(await ctx.database.db.execute(query));
  }
  // The pub's orders placed in the day, written out here on their own.
  const dayOrders =
    sql.raw(`orders o join table_visit v on v.id = o.visit_id join dining_table dt on dt.id = v.table_id
    join restaurant r on r.id = dt.restaurant_id
    where r.short_name = 'pub' and o.created_at >= '${START}' and o.created_at < '${END}'`);
  const joins = `join orders o on o.id = oi.order_id join table_visit v on v.id = o.visit_id
    join dining_table dt on dt.id = v.table_id join restaurant r on r.id = dt.restaurant_id
    where r.short_name = 'pub' and o.created_at >= '${START}' and o.created_at < '${END}'`;
  const dayLines = sql.raw(`order_item oi ${joins}`);
  const dayChoices = sql.raw(`order_item oi cross join lateral jsonb_array_elements(oi.choices) c ${joins}`);
  const sold = sql.raw(`o.status <> 'REJECTED' and o.status <> 'PLACED'`);

  it('covers what a day holds: every method, shares, tips, a refund, forced closes, a rejection, the edges', () => {
    expect(ledger.methods).toEqual(new Set(['CASH', 'CARD', 'ONLINE']));
    expect(ledger.forcedCloses).toBeGreaterThan(0);
    expect(ledger.refunds).toBeGreaterThan(0);
    expect(ledger.rejectedInDay).toBeGreaterThan(0);
    expect(figures.payments.tip).toBeGreaterThan(0);
    expect(figures.choices.length).toBeGreaterThan(0);
    expect([figures.from, figures.to, figures.start, figures.end]).toEqual([
      DAY,
      DAY,
      new Date(START).toISOString(),
      new Date(END).toISOString(),
    ]);
  });

  it('counts the orders the day placed: accepted, rejected, none waiting, and the visits', async () => {
    expect([figures.orders, figures.rejectedOrders, figures.waitingOrders]).toEqual([
      ledger.acceptedInDay,
      ledger.rejectedInDay,
      0,
    ]);
    const { visits } = await one<{ visits: number }>(
      sql`select count(distinct o.visit_id)::int as visits from ${dayOrders} and ${sold}`,
    );
    expect(figures.visits).toBe(visits);
    expect(figures.averagePerVisit).toBe(Math.round(figures.sales.gross / visits));
  });

  it('sales gross, net and VAT per rate equal the lines’ sums; net + VAT = gross to the forint', async () => {
    const lines = await all<{ rate: string; gross: string }>(
      sql`select oi.vat_percent::text as rate, sum(oi.unit_price * oi.quantity)::text as gross
        from ${dayLines} and ${sold} group by 1`,
    );
    const expected = lines
      .map(({ rate, gross }) => {
        const percent = Number(rate);
        const vat = Math.round((Number(gross) * percent) / (100 + percent));
        return { vatPercent: percent, gross: Number(gross), net: Number(gross) - vat, vat };
      })
      .sort((a, b) => a.vatPercent - b.vatPercent);
    expect(figures.sales.byRate).toEqual(expected);
    expect(figures.sales.gross).toBe(expected.reduce((s, r) => s + r.gross, 0));
    expect(figures.sales.net + figures.sales.vat).toBe(figures.sales.gross);
    // The orders' own totals say the same as their lines.
    const { total } = await one<{ total: string }>(
      sql`select sum(o.total)::text as total from ${dayOrders} and ${sold}`,
    );
    expect(figures.sales.gross).toBe(Number(total));
  });

  it('payments and tips by method, refunds and takings equal the money rows of the day', async () => {
    const payments = await all<{ method: string; count: number; amount: string; tip: string }>(sql`
      select p.method::text, count(*)::int as count, sum(p.amount)::text as amount, sum(p.tip)::text as tip
      from payment p join table_visit v on v.id = p.visit_id join dining_table dt on dt.id = v.table_id
      where dt.restaurant_id = ${ctx.pub.id} and p.status = 'SUCCEEDED'
        and p.paid_at >= ${START}::timestamptz and p.paid_at < ${END}::timestamptz
      group by 1 order by 1`);
    expect(new Map(figures.payments.byMethod.filter((m) => m.count > 0).map((m) => [m.method, m]))).toEqual(
      new Map(
        payments.map((p) => [
          p.method,
          { method: p.method, count: p.count, amount: Number(p.amount), tip: Number(p.tip) },
        ]),
      ),
    );
    const refunds = await one<{ count: number; amount: string }>(sql`
      select count(*)::int as count, coalesce(sum(r.amount), 0)::text as amount from refund r
      where r.status = 'SUCCEEDED' and r.refunded_at >= ${START}::timestamptz and r.refunded_at < ${END}::timestamptz`);
    expect([figures.refunds.count, figures.refunds.amount]).toEqual([refunds.count, Number(refunds.amount)]);
    expect(figures.takings).toBe(figures.payments.amount + figures.payments.tip - figures.refunds.amount);
  });

  it('what was left unpaid on open visits and on forced closes equals the unpaid units', async () => {
    const left = await one<{ open: string; forced: string; visits: number }>(sql`
      select coalesce(sum((oi.quantity - oi.paid_quantity) * oi.unit_price) filter (where v.closed_at is null), 0)::text as open,
        coalesce(sum((oi.quantity - oi.paid_quantity) * oi.unit_price) filter (where v.closed_at is not null), 0)::text as forced,
        count(distinct v.id) filter (where v.closed_at is not null and oi.quantity > oi.paid_quantity)::int as visits
      from ${dayLines} and ${sold}`);
    expect(figures.unpaid).toEqual({
      open: Number(left.open),
      closedByForce: Number(left.forced),
      forcedVisits: left.visits,
    });
    expect(figures.unpaid.closedByForce).toBeGreaterThan(0);
  });

  it('best-selling dishes and choices, sales by hour and ratings equal their sums', async () => {
    const dishes = await all<{ id: number; quantity: number; gross: string }>(sql`
      select oi.menu_item_id as id, sum(oi.quantity)::int as quantity, sum(oi.unit_price * oi.quantity)::text as gross
      from ${dayLines} and ${sold} group by 1`);
    expect(new Map(figures.dishes.map((d) => [d.menuItemId, [d.quantity, d.gross]]))).toEqual(
      new Map(dishes.map((d) => [d.id, [d.quantity, Number(d.gross)]])),
    );
    const quantities = figures.dishes.map((d) => d.quantity);
    expect(quantities).toEqual([...quantities].sort((a, b) => b - a));
    expect(figures.dishes.find((d) => d.menuItemId === ctx.pub.items.goulash)?.titles).toContainEqual({
      isoCode: 'hu',
      title: 'Gulyásleves',
    });

    const choices = await all<{ id: number; quantity: number }>(sql`
      select (c->>'optionId')::int as id, sum((c->>'quantity')::int * oi.quantity)::int as quantity
      from ${dayChoices} and ${sold}
      group by 1`);
    expect(new Map(figures.choices.map((c) => [c.optionId, c.quantity]))).toEqual(
      new Map(choices.map((c) => [c.id, c.quantity])),
    );

    // Budapest in November is UTC+1: the local hour is the UTC hour + 1.
    const hours = await all<{ hour: number; orders: number; gross: string }>(sql`
      select ((extract(hour from o.created_at at time zone 'UTC')::int + 1) % 24) as hour, count(*)::int as orders,
        sum(o.total)::text as gross from ${dayOrders} and ${sold} group by 1`);
    expect(figures.hours.map((h) => h.hour)).toEqual([...Array(24).keys()].map((i) => (i + 4) % 24));
    expect(figures.hours.filter((h) => h.orders > 0)).toEqual(
      hours
        .map((h) => ({ hour: h.hour, orders: h.orders, gross: Number(h.gross) }))
        .sort((a, b) => ((a.hour + 20) % 24) - ((b.hour + 20) % 24)),
    );
    expect(figures.hours.reduce((s, h) => s + h.gross, 0)).toBe(figures.sales.gross);

    const rated = await all<{ id: number; likes: number; dislikes: number }>(sql`
      select item_id as id, count(*) filter (where value = 'LIKE')::int as likes,
        count(*) filter (where value = 'DISLIKE')::int as dislikes from menu_item_rating
      where created_at >= ${START}::timestamptz and created_at < ${END}::timestamptz group by 1`);
    expect(new Map(figures.ratings.map((r) => [r.menuItemId, [r.likes, r.dislikes]]))).toEqual(
      new Map(rated.map((r) => [r.id, [r.likes, r.dislikes]])),
    );
  });

  it('the CSV, read back with a CSV library, says what the JSON says', async () => {
    const response = await asStaff(ctx.app, manager, 'GET', `/api/staff/figures.csv?from=${DAY}&lang=hu`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="figures-${DAY}.csv"`);
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const rows = parse(response.body, { bom: true, columns: true }) as Record<string, string>[];
    const value = (section: string, measure: string, id = '') =>
      rows.find((r) => r.section === section && r.measure === measure && r.id === id)?.value;
    expect(value('range', 'from')).toBe(DAY);
    expect(Number(value('orders', 'orders'))).toBe(figures.orders);
    expect(Number(value('orders', 'visits'))).toBe(figures.visits);
    expect(Number(value('sales', 'gross'))).toBe(figures.sales.gross);
    expect(Number(value('takings', 'amount'))).toBe(figures.takings);
    expect(Number(value('unpaid', 'closedByForce'))).toBe(figures.unpaid.closedByForce);
    for (const rate of figures.sales.byRate) {
      const id = String(rate.vatPercent);
      expect(
        [value('vat', 'gross', id), value('vat', 'net', id), value('vat', 'vat', id)].map(Number),
      ).toEqual([rate.gross, rate.net, rate.vat]);
    }
    for (const method of figures.payments.byMethod) {
      expect(['count', 'amount', 'tip'].map((m) => Number(value('payments', m, method.method)))).toEqual([
        method.count,
        method.amount,
        method.tip,
      ]);
    }
    for (const dish of figures.dishes) {
      expect(Number(value('dishes', 'quantity', String(dish.menuItemId)))).toBe(dish.quantity);
      expect(Number(value('dishes', 'gross', String(dish.menuItemId)))).toBe(dish.gross);
    }
    expect(rows.find((r) => r.section === 'dishes' && r.id === String(ctx.pub.items.goulash))?.name).toBe(
      'Gulyásleves',
    );
    for (const hour of figures.hours) {
      expect(Number(value('hours', 'gross', String(hour.hour)))).toBe(hour.gross);
    }
    expect(rows.filter((r) => r.section === 'choices').length).toBe(figures.choices.length);
  });

  it('a range is the sum of its days; the day before and after hold the edge orders', async () => {
    const read = async (from: string, to: string) =>
      FiguresSchema.parse(
        (await asStaff(ctx.app, manager, 'GET', `/api/staff/figures?from=${from}&to=${to}`)).json(),
      );
    const before = await read('2026-11-26', '2026-11-26');
    const after = await read('2026-11-28', '2026-11-28');
    const range = await read('2026-11-26', '2026-11-28');
    expect(before.orders).toBeGreaterThan(0);
    expect(after.orders).toBeGreaterThan(0);
    expect(range.orders).toBe(before.orders + figures.orders + after.orders);
    expect(range.sales.gross).toBe(before.sales.gross + figures.sales.gross + after.sales.gross);
    expect(range.sales.vat).toBe(before.sales.vat + figures.sales.vat + after.sales.vat);
    expect(range.payments.amount).toBe(
      before.payments.amount + figures.payments.amount + after.payments.amount,
    );
  });

  it('the night clocks go back: the business day is 25 hours and the hour after 03:00 CEST is counted as it reads', async () => {
    // 2026-10-25 03:00 CEST → 02:00 CET. Business day 24 October runs 02:00Z → 03:00Z next day (25 hours).
    const tableId = ctx.pub.tables[6] as number;
    const session = await diner(ctx, tableId);
    const late = await acceptedOrder(ctx, session, tableId, [['beer', 2]], ctx.pub, manager);
    const next = await acceptedOrder(ctx, session, tableId, [['langos', 1]], ctx.pub, manager);
    await ctx.database.db.execute(
      sql`update orders set created_at = '2026-10-25T02:30:00Z' where id = ${late.orderId}`,
    );
    await ctx.database.db.execute(
      sql`update orders set created_at = '2026-10-25T03:00:00Z' where id = ${next.orderId}`,
    );
    const read = async (day: string) =>
      FiguresSchema.parse((await asStaff(ctx.app, manager, 'GET', `/api/staff/figures?from=${day}`)).json());
    const saturday = await read('2026-10-24');
    expect([saturday.start, saturday.end]).toEqual(['2026-10-24T02:00:00.000Z', '2026-10-25T03:00:00.000Z']);
    expect([saturday.orders, saturday.sales.gross]).toEqual([1, 2 * 990]);
    // 02:30Z is 03:30 on the wall clock after the change (CET).
    expect(saturday.hours.find((h) => h.orders > 0)?.hour).toBe(3);
    const sunday = await read('2026-10-25');
    expect([sunday.orders, sunday.sales.gross, sunday.hours.find((h) => h.orders > 0)?.hour]).toEqual([
      1, 1290, 4,
    ]);
  });

  it('counts only the restaurant’s own orders: another restaurant’s order of the same hour is its own', async () => {
    await createStaff(ctx.database, {
      shortName: 'other',
      email: 'olga@other.test',
      password: 'correct horse battery',
      role: 'MANAGER',
    });
    const olga = await logIn(ctx.app, 'olga@other.test');
    const tableId = ctx.other.tables[1] as number;
    const session = await diner(ctx, tableId, 'other');
    const steak = await acceptedOrder(ctx, session, tableId, [['steak', 2]], ctx.other, olga);
    await ctx.database.db.execute(
      sql`update orders set created_at = ${START}::timestamptz + interval '10 hours' where id = ${steak.orderId}`,
    );
    const read = async (who: StaffLogin) =>
      FiguresSchema.parse((await asStaff(ctx.app, who, 'GET', `/api/staff/figures?from=${DAY}`)).json());
    expect(await read(manager)).toEqual(figures);
    const theirs = await read(olga);
    expect([theirs.orders, theirs.visits, theirs.sales.gross, theirs.unpaid.open]).toEqual([
      1, 1, 11_800, 11_800,
    ]);
    expect(theirs.dishes.map((dish) => [dish.menuItemId, dish.quantity])).toEqual([
      [ctx.other.items.steak, 2],
    ]);
  });

  it('refuses bad input with a clear 400, and a waiter with 403', async () => {
    const get = (query: string) => asStaff(ctx.app, manager, 'GET', `/api/staff/figures${query}`);
    for (const [query, message] of [
      ['?from=2026-02-30', 'not a calendar date'],
      ['?from=27.11.2026', 'YYYY-MM-DD'],
      ['?from=2026-11-28&to=2026-11-27', '"from" must not be after "to"'],
      ['?from=2025-01-01&to=2026-01-02', 'at most 366 business days'],
      ['?from=2026-11-27&extra=1', 'extra'],
    ] as const) {
      const response = await get(query);
      expect([query, response.statusCode]).toEqual([query, 400]);
      expect([response.json().message].flat().join(' ')).toContain(message);
    }
    expect((await asStaff(ctx.app, manager, 'GET', '/api/staff/figures.csv?lang=xx')).statusCode).toBe(400);
    expect((await asStaff(ctx.app, ctx.waiter, 'GET', `/api/staff/figures?from=${DAY}`)).statusCode).toBe(
      403,
    );
  });
});

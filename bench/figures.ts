// `npm run bench:figures`: the day's figures of a year (issue 28: 100,000 orders, ≤ 500 ms on PostgreSQL;
// docs/decisions/076-the-days-figures.md).
//
// A dedicated PostgreSQL database gets one restaurant with BENCH_FIGURES_ITEMS (40) dishes at 20 tables and
// a year of BENCH_FIGURES_ORDERS (100,000) orders, inserted in bulk by SQL (generate_series): ~2.5 lines an
// order (a tenth with a choice), 2 % rejected, visits of 2–3 orders each paid by cash, card or online with
// tips, a refund now and then, ratings. Then the figures are read as the route reads them
// (modules/figures/service.ts, the app's own pool of 20): the whole year BENCH_FIGURES_YEAR_ROUNDS (10)
// times and BENCH_FIGURES_DAYS (50) single business days spread over the year. Writes
// bench/results/figures.json and prints p50/p95/max of each.
//
// Environment: BENCH_DATABASE_URL or TEST_DATABASE_URL (an admin URL; the database is created and dropped).
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openPostgres } from '../server/src/db/postgres.ts';
import { rowsOf } from '../server/src/db/rows.ts';
import { readFigures } from '../server/src/modules/figures/service.ts';
import { insertRestaurant } from '../server/test/helpers/fixtures.ts';
import { createPostgresTestDatabaseUrl } from '../server/test/helpers/test-database.ts';
import { ADMIN_URL } from './support/bench-database.ts';
import { round, runBench, writeResults } from './support/figures.ts';

const ORDERS = Number(process.env.BENCH_FIGURES_ORDERS ?? 100_000);
const ITEMS = Number(process.env.BENCH_FIGURES_ITEMS ?? 40);
const YEAR_ROUNDS = Number(process.env.BENCH_FIGURES_YEAR_ROUNDS ?? 10);
const DAYS = Number(process.env.BENCH_FIGURES_DAYS ?? 50);
const TARGET_YEAR_MS = 500;
const YEAR = { from: '2025-01-01', to: '2025-12-31' };
const FIRST_INSTANT = '2025-01-01T10:00:00Z';

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

function summary(values: number[]) {
  return {
    runs: values.length,
    p50Ms: round(percentile(values, 50)),
    p95Ms: round(percentile(values, 95)),
    maxMs: round(Math.max(...values)),
  };
}

runBench(async () => {
  const fresh = await createPostgresTestDatabaseUrl(ADMIN_URL);
  const database = await openPostgres({ url: fresh.url, poolSize: 20 });
  try {
    const { db } = database;
    const pub = await insertRestaurant(db, {
      shortName: 'bench-figures',
      tables: Array.from({ length: 20 }, (_, i) => i + 1),
      categories: [
        {
          ref: 'all',
          items: Array.from({ length: ITEMS }, (_, i) => ({
            ref: `dish-${i}`,
            priceGross: 590 + (i % 12) * 300,
            vat: i % 4 === 0 ? ('alcohol' as const) : ('food' as const),
            titles: { hu: `Étel ${i}`, en: `Dish ${i}` },
          })),
        },
      ],
    });
    const tableIds = Object.values(pub.tables);
    const visits = Math.ceil(ORDERS / 2.5);
    const seedStart = performance.now();
    // Visits spread evenly over the year, 90 minutes each, every one closed.
    await db.execute(
      sql`insert into diner_session (id) select gen_random_uuid() from generate_series(1, 2000)`,
    );
    await db.execute(sql`
      insert into table_visit (table_id, opened_at, closed_at)
      select (${sql.raw(`array[${tableIds.join(',')}]`)})[1 + i % ${tableIds.length}],
        ${FIRST_INSTANT}::timestamptz + (i * (interval '364 days' / ${visits})),
        ${FIRST_INSTANT}::timestamptz + (i * (interval '364 days' / ${visits})) + interval '90 minutes'
      from generate_series(0, ${visits - 1}) i`);
    await db.execute(sql`
      with v as (select id, opened_at, row_number() over (order by id) - 1 as n from table_visit),
        s as (select id, row_number() over (order by id) - 1 as n from diner_session)
      insert into orders (visit_id, restaurant_id, session_id, status, total, idempotency_key, request_hash, created_at, updated_at)
      select v.id, ${pub.id}, s.id, case when i % 50 = 0 then 'REJECTED'::order_status else 'PAID'::order_status end, 0,
        'bench-' || i, 'hash', v.opened_at + (i % 3) * interval '20 minutes', v.opened_at
      from generate_series(0, ${ORDERS - 1}) i
        join v on v.n = (i * ${visits}::bigint / ${ORDERS})
        join s on s.n = i % 2000`);
    await db.execute(sql`
      with m as (select id, price_gross, row_number() over (order by id) - 1 as n from menu_item
          where restaurant_id = ${pub.id}),
        lines as (select o.id as order_id, o.status, o.id * 7 + k as pick, 1 + (o.id + k) % 3 as quantity
          from orders o, generate_series(0, 1 + o.id % 2) k)
      insert into order_item (order_id, menu_item_id, titles, unit_price, vat_percent, quantity, paid_quantity, choices)
      select l.order_id, m.id, jsonb_build_array(jsonb_build_object('isoCode', 'en', 'title', 'Dish ' || m.n)),
        m.price_gross + case when l.pick % 10 = 0 then 300 else 0 end,
        case when m.n % 4 = 0 then 27 else 5 end, l.quantity,
        case when l.status = 'PAID' then l.quantity else 0 end,
        case when l.pick % 10 = 0 then jsonb_build_array(jsonb_build_object(
          'optionId', 1 + l.pick % 3, 'groupId', 1, 'groupTitles', '[{"isoCode":"en","title":"Sauces"}]'::jsonb,
          'titles', jsonb_build_array(jsonb_build_object('isoCode', 'en', 'title', 'Sauce ' || l.pick % 3)),
          'quantity', 1, 'freeQuantity', 0, 'priceDelta', 300, 'allergens', '[]'::jsonb))
        else '[]'::jsonb end
      from lines l join m on m.n = l.pick % ${ITEMS}`);
    await db.execute(sql`
      update orders o set total = t.total
      from (select order_id, sum(unit_price * quantity) as total from order_item group by order_id) t
      where t.order_id = o.id`);
    // One payment per visit for what it ordered, paid as the visit closed; a tip on every third.
    await db.execute(sql`
      insert into payment (visit_id, session_id, method, status, amount, tip, idempotency_key, request_hash,
        expires_at, paid_at, created_at)
      select v.id, min(o.session_id::text)::uuid, (array['CASH','CARD','ONLINE']::payment_method[])[1 + v.id % 3],
        'SUCCEEDED', sum(o.total), case when v.id % 3 = 0 then 500 else 0 end, 'bench-pay-' || v.id, 'hash',
        v.closed_at, v.closed_at, v.closed_at
      from table_visit v join orders o on o.visit_id = v.id and o.status = 'PAID'
      group by v.id`);
    await db.execute(sql`
      insert into refund (payment_id, amount, reason, method, status, idempotency_key, request_hash, refunded_at)
      select p.id, 100, 'cold', p.method, 'SUCCEEDED', 'bench-refund-' || p.id, 'hash', p.paid_at + interval '5 minutes'
      from payment p where p.visit_id % 200 = 0`);
    await db.execute(sql`
      insert into menu_item_rating (item_id, session_id, value, created_at)
      select m.id, s.id, case when (m.id + hashtext(s.id::text)) % 4 = 0 then 'DISLIKE'::rating_value else 'LIKE'::rating_value end,
        ${FIRST_INSTANT}::timestamptz + (hashtext(s.id::text || m.id) % 180 + 180) * interval '1 day'
      from menu_item m, diner_session s where m.restaurant_id = ${pub.id} and (m.id + hashtext(s.id::text)) % 5 = 0`);
    await db.execute(sql`analyze`);
    const seedMs = performance.now() - seedStart;
    const [counts] = rowsOf<{ orders: number; lines: number; payments: number }>(
      await db.execute(sql`select (select count(*) from orders)::int as orders, (select count(*) from order_item)::int as lines,
        (select count(*) from payment)::int as payments`),
    );
    console.log(`seeded in ${round(seedMs / 1000)} s:`, counts);

    const clock = { now: () => new Date('2025-12-31T20:00:00Z') };
    const time = async (range: { from: string; to: string }) => {
      const started = performance.now();
      const figures = await readFigures(database, clock, pub.id, range);
      return { ms: performance.now() - started, figures };
    };
    // One warm-up read (plans, caches), as a server that has answered before.
    const warm = await time(YEAR);
    const year: number[] = [];
    for (let round = 0; round < YEAR_ROUNDS; round += 1) year.push((await time(YEAR)).ms);
    const days: number[] = [];
    for (let index = 0; index < DAYS; index += 1) {
      const date = new Date(Date.UTC(2025, 0, 1 + Math.floor((index * 364) / DAYS)))
        .toISOString()
        .slice(0, 10);
      days.push((await time({ from: date, to: date })).ms);
    }
    const results = {
      database: 'postgres',
      seeded: { ...counts, seconds: round(seedMs / 1000) },
      yearFigures: {
        orders: warm.figures.orders,
        gross: warm.figures.sales.gross,
        dishes: warm.figures.dishes.length,
      },
      year: summary(year),
      day: summary(days),
      target: { yearMs: TARGET_YEAR_MS, met: percentile(year, 95) <= TARGET_YEAR_MS },
    };
    console.log(
      `year: p50 ${results.year.p50Ms} ms, p95 ${results.year.p95Ms} ms, max ${results.year.maxMs} ms`,
    );
    console.log(
      `day:  p50 ${results.day.p50Ms} ms, p95 ${results.day.p95Ms} ms, max ${results.day.maxMs} ms`,
    );
    writeResults('figures', results);
  } finally {
    await database.close();
    await fresh.drop();
  }
});

import { ErrorBodySchema } from '@tablo/contract/errors';
import { type SQL, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BISTRO, type InsertedRestaurant, insertRestaurant } from '../test/helpers/fixtures.ts';
import { tableToken } from '../test/helpers/ordering-kit.ts';
import { STAFF_PASSWORD } from '../test/helpers/staff-live.ts';
import { testConfig } from '../test/helpers/test-app.ts';
import {
  createPgliteTestDatabase,
  createPostgresTestDatabaseUrl,
  type TestDatabaseKind,
  testDatabaseKinds,
} from '../test/helpers/test-database.ts';
import { buildApp } from './app.ts';
import type { Database } from './db/database.ts';
import { openPostgres } from './db/postgres.ts';
import type { Config } from './env.ts';
import type { App } from './lib/app-type.ts';
import { readOrderContext } from './modules/orders/order-context.ts';
import { createStaff } from './modules/staff/create-staff.ts';
import { countRequest, sweepCounters } from './plugins/rate-limit.ts';

/**
 * The abuse limits (docs/decisions/028-abuse-limits.md) hold whichever instance is hit: two apps on one
 * database — two pools on one PostgreSQL database, or two apps on one PGlite (one process) — take turns.
 */
interface Instances {
  apps: [App, App];
  database: Database;
  close(): Promise<void>;
}

async function twoInstances(kind: TestDatabaseKind, config: Config): Promise<Instances> {
  const build = async (database: Database) => {
    const app = await buildApp({ database, config, logger: false, cacheCoalesceMs: 20 });
    await app.ready();
    return app;
  };
  if (kind === 'pglite') {
    const database = await createPgliteTestDatabase();
    const apps: [App, App] = [await build(database), await build(database)];
    return {
      apps,
      database,
      async close() {
        await Promise.all(apps.map((app) => app.close()));
        await database.close();
      },
    };
  }
  const fresh = await createPostgresTestDatabaseUrl(process.env.TEST_DATABASE_URL as string);
  const databases = [
    await openPostgres({ url: fresh.url, poolSize: 10 }),
    await openPostgres({ url: fresh.url, poolSize: 10 }),
  ] as const;
  const apps: [App, App] = [await build(databases[0]), await build(databases[1])];
  return {
    apps,
    database: databases[0],
    async close() {
      await Promise.all(apps.map((app) => app.close()));
      await Promise.all(databases.map((database) => database.close()));
      await fresh.drop();
    },
  };
}

function expect429(response: LightMyRequestResponse, message: RegExp): void {
  expect(response.statusCode).toBe(429);
  const body = ErrorBodySchema.parse(response.json());
  expect(body).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });
  expect(body.message).toMatch(message);
  const retryAfter = Number(response.headers['retry-after']);
  expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60).toBe(true);
}

async function count(database: Database, query: SQL): Promise<number> {
  const result = await database.db.execute(sql`select count(*)::int as n from (${query}) q`);
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}

/** Alternates the instances: the i-th request goes to apps[i % 2]. */
function on(instances: Instances, i: number): App {
  return instances.apps[i % 2] as App;
}

function newSession(app: App, address: string) {
  return app.inject({ method: 'GET', url: '/api/order/uuid', remoteAddress: address });
}

async function sessionId(app: App, address: string): Promise<string> {
  const response = await newSession(app, address);
  expect(response.statusCode).toBe(200);
  return (response.json() as { uuid: string }).uuid;
}

const SMALL_LIMITS = {
  RATE_LIMIT_SESSIONS_PER_MINUTE: '4',
  RATE_LIMIT_JOINS_PER_MINUTE: '3',
  RATE_LIMIT_RATINGS_PER_MINUTE: '3',
  RATE_LIMIT_ADDRESS_PER_MINUTE: '6',
  RATE_LIMIT_ORDERS_PER_MINUTE: '3',
  RATE_LIMIT_STAFF_LOGINS_PER_MINUTE: '2',
};

describe.each(testDatabaseKinds())('abuse limits across two instances on %s', (kind) => {
  let two: Instances;
  let bistro: InsertedRestaurant;
  const tables = (n: number) => bistro.tables[n] as number;

  beforeAll(async () => {
    two = await twoInstances(kind, testConfig(SMALL_LIMITS));
    bistro = await insertRestaurant(two.database.db, BISTRO);
    await createStaff(two.database, {
      shortName: 'bistro',
      email: 'anna@bistro.test',
      role: 'WAITER',
      password: STAFF_PASSWORD,
    });
  });
  afterAll(() => two.close());

  async function join(i: number, session: string, table: number, address: string) {
    return on(two, i).inject({
      method: 'POST',
      url: '/api/table-sessions',
      remoteAddress: address,
      payload: {
        shortName: 'bistro',
        tableId: table,
        token: await tableToken(two.database, table),
        sessionId: session,
      },
    });
  }
  /** Sessions from addresses of their own, so that only the limit under test counts. */
  async function freshSession(i: number): Promise<string> {
    return sessionId(on(two, i), `10.200.${Math.floor(i / 200)}.${i % 200}`);
  }

  it('new sessions per address: the fifth from one address is refused on either instance, storing nothing', async () => {
    const before = await count(two.database, sql`select 1 from diner_session`);
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await newSession(on(two, i), '10.1.0.1'));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 429, 429]);
    expect429(answers[4] as LightMyRequestResponse, /Too many new sessions/);
    expect(await count(two.database, sql`select 1 from diner_session`)).toBe(before + 4);
    expect((await newSession(on(two, 1), '10.1.0.2')).statusCode).toBe(200);
  });

  it('joins per diner session: a phone joining over and over is refused, the others behind its address still get in', async () => {
    const phone = await freshSession(1);
    const address = '10.2.0.1';
    const answers = [];
    for (let i = 0; i < 8; i++) answers.push(await join(i, phone, tables(1 + (i % 3)), address));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 429, 429, 429, 429, 429]);
    expect429(answers[3] as LightMyRequestResponse, /Too many attempts to join a table/);
    // The refused joins moved nothing: the phone is in the visit of its third join (table 3).
    const joinedTables = await two.database.db.execute(sql`
      select v.table_id from visit_session s join table_visit v on v.id = s.visit_id where s.session_id = ${phone}`);
    expect((joinedTables as unknown as { rows: { table_id: number }[] }).rows.map((r) => r.table_id)).toEqual(
      [tables(3)],
    );
    // The phone's refused joins did not use up the address's ceiling (6): three more guests get in…
    for (let i = 0; i < 3; i++) {
      expect((await join(i, await freshSession(10 + i), tables(1), address)).statusCode).toBe(200);
    }
    // …and the ceiling holds for the next one, whatever instance it reaches.
    const over = await join(0, await freshSession(20), tables(1), address);
    expect429(over, /Too many attempts to join a table/);
  });

  it('ratings per diner session: the fourth is refused and stores nothing', async () => {
    const guest = await freshSession(30);
    const item = bistro.items.goulash as number;
    const rate = (i: number, rating: string) =>
      on(two, i).inject({
        method: 'POST',
        url: '/api/menu-item-ratings',
        remoteAddress: '10.3.0.1',
        payload: { sessionId: guest, menuItemId: item, rating },
      });
    const statuses = [];
    for (const [i, rating] of ['LIKE', 'DISLIKE', 'LIKE'].entries())
      statuses.push((await rate(i, rating)).statusCode);
    expect(statuses).toEqual([200, 200, 200]);
    expect429(await rate(3, 'DISLIKE'), /Too many ratings/);
    const stored = await two.database.db.execute(
      sql`select value as rating from menu_item_rating where session_id = ${guest}`,
    );
    expect((stored as unknown as { rows: { rating: string }[] }).rows.map((r) => r.rating)).toEqual(['LIKE']);
    // Reading one's ratings counts in the same window.
    const read = await on(two, 4).inject({
      method: 'GET',
      url: '/api/menu-item-ratings/bistro',
      headers: { 'x-session-id': guest },
    });
    expect429(read, /Too many ratings/);
  });

  it('orders per diner session: of twelve sent at once to both instances exactly three are placed, for each of four guests', async () => {
    const guests = [];
    for (let g = 0; g < 4; g++) {
      const guest = await freshSession(40 + g);
      expect((await join(g, guest, tables(2), '10.4.0.1')).statusCode).toBe(200);
      guests.push(guest);
    }
    const events = () =>
      count(
        two.database,
        sql`select 1 from table_event where type = 'order.placed' and table_id = ${tables(2)}`,
      );
    const eventsBefore = await events();
    const answers = await Promise.all(
      guests.flatMap((guest) =>
        Array.from({ length: 12 }, (_, i) =>
          on(two, i).inject({
            method: 'POST',
            url: '/api/orders',
            headers: { 'idempotency-key': `abuse-order-${i}-key` },
            payload: {
              sessionId: guest,
              tableId: tables(2),
              note: '',
              items: [{ menuItemId: bistro.items.goulash, quantity: 1, note: '' }],
            },
          }),
        ),
      ),
    );
    for (const [g, guest] of guests.entries()) {
      const mine = answers.slice(g * 12, g * 12 + 12);
      expect(mine.filter((answer) => answer.statusCode === 201)).toHaveLength(3);
      for (const answer of mine.filter((a) => a.statusCode !== 201)) expect429(answer, /Too many orders/);
      expect(await count(two.database, sql`select 1 from orders where session_id = ${guest}`)).toBe(3);
    }
    expect(await events()).toBe(eventsBefore + 12);
  });

  it('the order limit never says to wait longer than its window, even to an order that began before the last one was stored', async () => {
    const guest = await freshSession(60);
    expect((await join(0, guest, tables(1), '10.6.0.1')).statusCode).toBe(200);
    const placed = await on(two, 1).inject({
      method: 'POST',
      url: '/api/orders',
      headers: { 'idempotency-key': 'late-order-key' },
      payload: {
        sessionId: guest,
        tableId: tables(1),
        note: '',
        items: [{ menuItemId: bistro.items.goulash, quantity: 1, note: '' }],
      },
    });
    expect(placed.statusCode).toBe(201);
    const context = await two.database.transaction(async (tx) => {
      // As an order whose transaction began, then waited on the session's lock while another instance
      // stored the session's last order: that order's created_at is later than this transaction's now().
      await tx.execute(sql`select now()`);
      await new Promise((resolve) => setTimeout(resolve, 1200));
      await tx.execute(sql`update orders set created_at = clock_timestamp() where session_id = ${guest}`);
      return readOrderContext(tx, {
        sessionId: guest,
        tableId: tables(1),
        key: 'late-order-next',
        seconds: 60,
        menuItemIds: [bistro.items.goulash as number],
      });
    });
    expect(context.recent).toBe(1);
    expect(context.retryAfterSeconds).toBeGreaterThanOrEqual(59);
    expect(context.retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it('table calls: the same call again within the interval is refused on the other instance, changing nothing', async () => {
    const guest = await freshSession(50);
    expect((await join(0, guest, tables(3), '10.5.0.1')).statusCode).toBe(200);
    const call = (i: number) =>
      on(two, i).inject({
        method: 'POST',
        url: `/api/tables/${tables(3)}/calls`,
        headers: { 'x-session-id': guest },
        payload: { kind: 'WAITER' },
      });
    expect((await call(0)).statusCode).toBe(200);
    const calls = () =>
      count(
        two.database,
        sql`select 1 from table_event where type = 'call.changed' and table_id = ${tables(3)}`,
      );
    const events = await calls();
    expect429(await call(1), /called less than/);
    expect(await calls()).toBe(events);
  });

  it('staff log-in per address and e-mail: refused on either instance without counting a failure or opening a session', async () => {
    const attempt = (i: number, password: string) =>
      on(two, i).inject({
        method: 'POST',
        url: '/api/staff/login',
        remoteAddress: '10.6.0.1',
        payload: { email: 'anna@bistro.test', password },
      });
    const statuses = [];
    for (let i = 0; i < 2; i++) statuses.push((await attempt(i, 'wrong-password')).statusCode);
    expect(statuses).toEqual([401, 401]);
    const refused = await attempt(2, STAFF_PASSWORD);
    expect429(refused, /Too many log-in attempts/);
    expect(refused.headers['set-cookie']).toBeUndefined();
    expect(await count(two.database, sql`select 1 from staff_session`)).toBe(0);
    const failures = await two.database.db.execute(sql`select failures from staff_login_failure`);
    expect((failures as unknown as { rows: { failures: number }[] }).rows.map((r) => r.failures)).toEqual([
      2,
    ]);
  });

  it('sweeps the counters of ended windows only', async () => {
    const limit = { name: 'sweep-test', max: 5, windowSeconds: 60, subject: () => 'x', message: 'x' };
    await countRequest(two.database.db, [{ limit, key: 'sweep-test|ended' }]);
    await countRequest(two.database.db, [{ limit, key: 'sweep-test|current' }]);
    await two.database.db.execute(
      sql`update rate_limit_counter set window_end = now() - interval '1 second' where key = 'sweep-test|ended'`,
    );
    expect(await sweepCounters(two.database.db)).toBeGreaterThanOrEqual(1);
    const left = await two.database.db.execute(
      sql`select key from rate_limit_counter where key like 'sweep-test|%'`,
    );
    expect((left as unknown as { rows: { key: string }[] }).rows.map((r) => r.key)).toEqual([
      'sweep-test|current',
    ]);
  });

  it('never says to wait longer than the window, even to a request that began before another instance opened it', async () => {
    const limit = { name: 'late-test', max: 1, windowSeconds: 60, subject: () => 'x', message: 'x' };
    const refused = await two.database.transaction(async (tx) => {
      // now() is this transaction's start; the window below is opened 1.2 s later, as a request that
      // waited on the counter's row lock sees a window that another instance's later request wrote.
      await tx.execute(sql`select now()`);
      await new Promise((resolve) => setTimeout(resolve, 1200));
      await tx.execute(
        sql`insert into rate_limit_counter (key, hits, window_end)
            values ('late-test|x', 1, clock_timestamp() + interval '60 seconds')`,
      );
      return countRequest(tx, [{ limit, key: 'late-test|x' }]);
    });
    expect(refused?.retryAfterSeconds).toBeGreaterThanOrEqual(59);
    expect(refused?.retryAfterSeconds).toBeLessThanOrEqual(60);
  });
});

describe.each(testDatabaseKinds())('one restaurant Wi-Fi with the default limits on %s', (kind) => {
  let two: Instances;
  let crowd: InsertedRestaurant;

  beforeAll(async () => {
    // The defaults of env.ts: empty values count as unset.
    two = await twoInstances(
      kind,
      testConfig({ RATE_LIMIT_RATINGS_PER_MINUTE: '', RATE_LIMIT_SESSIONS_PER_MINUTE: '' }),
    );
    crowd = await insertRestaurant(two.database.db, {
      shortName: 'crowd',
      tables: Array.from({ length: 100 }, (_, i) => i + 1),
      categories: [{ ref: 'mains', items: [{ ref: 'steak', priceGross: 5900 }] }],
    });
  }, 60_000);
  afterAll(() => two.close());

  it('300 guests behind one address all get a session and join a table, while a flooding phone is refused', async () => {
    const address = '192.168.1.1';
    const tokens = new Map<number, string>();
    for (let n = 1; n <= 100; n++) tokens.set(n, await tableToken(two.database, crowd.tables[n] as number));
    const join = (i: number, session: string, n: number) =>
      on(two, i).inject({
        method: 'POST',
        url: '/api/table-sessions',
        remoteAddress: address,
        payload: { shortName: 'crowd', tableId: crowd.tables[n], token: tokens.get(n), sessionId: session },
      });

    // One phone scanning again and again: its own limit (10 a minute) stops it.
    const phone = (await newSession(two.apps[0], address)).json() as { uuid: string };
    const flood = [];
    for (let i = 0; i < 20; i++) flood.push((await join(i, phone.uuid, 1)).statusCode);
    expect(flood).toEqual([...Array(10).fill(200), ...Array(10).fill(429)]);

    // 300 guests, 20 at a time, over both instances: every session and every join succeeds.
    const statuses: number[] = [];
    for (let batch = 0; batch < 15; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 20 }, async (_, j) => {
          const i = batch * 20 + j;
          const created = await newSession(on(two, i), address);
          if (created.statusCode !== 200) return created.statusCode;
          const session = (created.json() as { uuid: string }).uuid;
          return (await join(i + 1, session, 1 + (i % 100))).statusCode;
        }),
      );
      statuses.push(...answers);
    }
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    expect(await count(two.database, sql`select 1 from visit_session`)).toBe(301);
  }, 240_000);
});

import { RestaurantSchema } from '@tablo/contract/restaurant';
import { type StaffRole, StaffTablesSchema } from '@tablo/contract/staff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test/helpers/eventually.ts';
import {
  createOrderingApp,
  joinedSession,
  type OrderingContext,
} from '../../../test/helpers/ordering-kit.ts';
import { asStaff, type LoggedIn, staffOfEveryRole } from '../../../test/helpers/staff.ts';
import { testDatabaseKinds } from '../../../test/helpers/test-database.ts';

describe.each(testDatabaseKinds())('adding and removing tables on %s', (kind) => {
  let ctx: OrderingContext;
  let staff: Record<StaffRole, LoggedIn>;
  let outsider: LoggedIn;
  const numbers = async (who: LoggedIn) =>
    StaffTablesSchema.parse((await asStaff(ctx.app, who, 'GET', '/api/staff/tables')).json()).tables.map(
      (t) => t.tableNumber,
    );
  const tableIdOf = async (who: LoggedIn, tableNumber: number) =>
    StaffTablesSchema.parse((await asStaff(ctx.app, who, 'GET', '/api/staff/tables')).json()).tables.find(
      (t) => t.tableNumber === tableNumber,
    )?.tableId ?? 0;

  beforeAll(async () => {
    ctx = await createOrderingApp(kind);
    staff = await staffOfEveryRole(ctx.app, ctx.database, 'bistro');
    outsider = (await staffOfEveryRole(ctx.app, ctx.database, 'other')).OWNER;
  });
  afterAll(() => ctx.close());

  it('adds the next numbers by count, and ranges, each with its own QR URL; the diner answer lists them', async () => {
    expect(await numbers(staff.OWNER)).toEqual([1, 2, 3, 4]);
    const byCount = await asStaff(ctx.app, staff.MANAGER, 'POST', '/api/staff/tables', { count: 2 });
    expect(byCount.statusCode).toBe(201);
    const tables = StaffTablesSchema.parse(byCount.json()).tables;
    expect(tables.map((t) => t.tableNumber)).toEqual([1, 2, 3, 4, 5, 6]);
    const urls = tables.map((t) => t.orderingUrl);
    expect(new Set(urls).size).toBe(6);
    const byRanges = await asStaff(ctx.app, staff.OWNER, 'POST', '/api/staff/tables', {
      ranges: [
        { from: 10, to: 12 },
        { from: 20, to: 20 },
      ],
    });
    expect(byRanges.statusCode).toBe(201);
    expect(await numbers(staff.OWNER)).toEqual([1, 2, 3, 4, 5, 6, 10, 11, 12, 20]);
    const answer = await eventually(
      async () =>
        RestaurantSchema.parse((await ctx.app.inject({ url: '/api/restaurant/one/bistro' })).json()),
      (r) => r.tables.length === 10,
    );
    expect(answer.tables.map((t) => t.tableId)).toContain(20);
  });

  it('refuses a taken number (409, nothing added) and bad input (400 naming the field)', async () => {
    const taken = await asStaff(ctx.app, staff.OWNER, 'POST', '/api/staff/tables', {
      ranges: [{ from: 7, to: 10 }],
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toMatch(/^ranges: .*already has table 10; nothing was added/);
    expect(await numbers(staff.OWNER)).not.toContain(7);
    for (const [body, field] of [
      [{ count: 0 }, 'body/count'],
      [{ count: 501 }, 'body/count'],
      [{}, 'body/count'],
      [{ count: 2, ranges: [{ from: 1, to: 2 }] }, 'body/count'],
      [{ ranges: [{ from: 5, to: 3 }] }, 'body/ranges/0'],
      [{ ranges: [{ from: 0, to: 3 }] }, 'body/ranges/0/from'],
    ] as const) {
      const response = await asStaff(ctx.app, staff.OWNER, 'POST', '/api/staff/tables', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(String(response.json().message)).toContain(field);
    }
    const twice = await asStaff(ctx.app, staff.OWNER, 'POST', '/api/staff/tables', {
      ranges: [
        { from: 30, to: 32 },
        { from: 32, to: 33 },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe('ranges: table 32 given twice');
  });

  it('removes a table that never had a visit; one with an open visit answers 409 and stays', async () => {
    const twenty = await tableIdOf(staff.OWNER, 20);
    expect((await asStaff(ctx.app, staff.MANAGER, 'DELETE', `/api/staff/tables/${twenty}`)).statusCode).toBe(
      204,
    );
    expect(await numbers(staff.OWNER)).not.toContain(20);

    const one = ctx.bistro.tables[1] as number;
    await joinedSession(ctx, 'bistro', one);
    const busy = await asStaff(ctx.app, staff.OWNER, 'DELETE', `/api/staff/tables/${one}`);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toBe('Table 1 has an open visit: close the table first');
    expect(await numbers(staff.OWNER)).toContain(1);

    // Closed, its visit and orders are on record: the table stays (disable it instead).
    const close = await asStaff(ctx.app, staff.OWNER, 'POST', `/api/staff/tables/${one}/close`, {
      force: true,
    });
    expect(close.statusCode).toBe(204);
    const past = await asStaff(ctx.app, staff.OWNER, 'DELETE', `/api/staff/tables/${one}`);
    expect(past.statusCode).toBe(409);
    expect(past.json().message).toMatch(/past visits .* disable it instead/);
  });

  it('lets no waiter, cook or other restaurant add or remove tables', async () => {
    const eleven = await tableIdOf(staff.OWNER, 11);
    for (const role of ['WAITER', 'KITCHEN'] as const) {
      expect(
        (await asStaff(ctx.app, staff[role], 'POST', '/api/staff/tables', { count: 1 })).statusCode,
      ).toBe(403);
      expect((await asStaff(ctx.app, staff[role], 'DELETE', `/api/staff/tables/${eleven}`)).statusCode).toBe(
        403,
      );
    }
    expect((await asStaff(ctx.app, outsider, 'DELETE', `/api/staff/tables/${eleven}`)).statusCode).toBe(404);
    expect(await numbers(staff.OWNER)).toContain(11);
  });
});

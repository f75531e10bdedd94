import {
  TABLE_CALL_MIN_INTERVAL_SECONDS,
  TableCallSchema,
  TableCallsResponseSchema,
} from '@tablo/contract/table-call';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOrderingApp,
  joinedSession,
  newSession,
  type OrderingContext,
  setRestaurant,
} from '../../../test/helpers/ordering-kit.ts';
import { type LoggedIn, logIn, STAFF_PASSWORD, staffRequest } from '../../../test/helpers/staff-live.ts';
import { testDatabaseKinds } from '../../../test/helpers/test-database.ts';
import { tableCall, tableEvent, tableVisit } from '../../db/schema.ts';
import { createStaff } from '../staff/create-staff.ts';

describe.each(testDatabaseKinds())('table calls on %s', (kind) => {
  let ctx: OrderingContext;
  let waiter: LoggedIn;
  let kitchen: LoggedIn;
  let olga: LoggedIn;
  let nextTable: number[];

  beforeAll(async () => {
    ctx = await createOrderingApp(kind);
    nextTable = [1, 2, 3].map((n) => ctx.bistro.tables[n] as number);
    for (const [shortName, email, role] of [
      ['bistro', 'wendy@bistro.test', 'WAITER'],
      ['bistro', 'kai@bistro.test', 'KITCHEN'],
      ['other', 'olga@other.test', 'OWNER'],
    ] as const) {
      await createStaff(ctx.database, { shortName, email, role, password: STAFF_PASSWORD });
    }
    waiter = await logIn(ctx.app, 'wendy@bistro.test');
    kitchen = await logIn(ctx.app, 'kai@bistro.test');
    olga = await logIn(ctx.app, 'olga@other.test');
  });
  afterAll(() => ctx.close());

  function call(tableId: number, sessionId: string | null, body: Record<string, unknown>) {
    return ctx.app.inject({
      method: 'POST',
      url: `/api/tables/${tableId}/calls`,
      headers: sessionId === null ? {} : { 'x-session-id': sessionId },
      payload: body,
    });
  }
  function read(tableId: number, sessionId: string) {
    return ctx.app.inject({
      method: 'GET',
      url: `/api/tables/${tableId}/calls`,
      headers: { 'x-session-id': sessionId },
    });
  }
  function acknowledge(who: LoggedIn, tableId: number, callKind: string) {
    return staffRequest(
      ctx.app,
      who,
      'POST',
      `/api/staff/tables/${tableId}/calls/${callKind}/acknowledge`,
      {},
    );
  }
  async function eventCount(tableId: number): Promise<number> {
    const rows = await ctx.database.db.select().from(tableEvent).where(eq(tableEvent.tableId, tableId));
    return rows.filter((row) => row.type === 'call.changed').length;
  }
  /** Moves the visit's last call of the kind back in time, past the interval. */
  async function age(visitId: number, callKind: 'WAITER' | 'BILL', seconds: number) {
    await ctx.database.db
      .update(tableCall)
      .set({ requestedAt: sql`now() - make_interval(secs => ${seconds})` })
      .where(and(eq(tableCall.visitId, visitId), eq(tableCall.kind, callKind)));
  }

  it('calls the waiter, lists the call, refuses the same kind again within the interval (429, Retry-After)', async () => {
    const tableId = nextTable[0] as number;
    const { sessionId, joined } = await joinedSession(ctx, 'bistro', tableId);
    const first = await call(tableId, sessionId, { kind: 'WAITER' });
    expect(first.statusCode).toBe(200);
    const placed = TableCallSchema.parse(first.json());
    expect(placed).toMatchObject({ kind: 'WAITER', acknowledgedAt: null });
    expect(await eventCount(tableId)).toBe(1);

    // Another diner of the same table: the limit is the table's, kept in the database.
    const { sessionId: friend } = await joinedSession(ctx, 'bistro', tableId);
    const again = await call(tableId, friend, { kind: 'WAITER' });
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toMatch(/wait \d+ s/);
    const retryAfter = Number(again.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(TABLE_CALL_MIN_INTERVAL_SECONDS);
    expect(await eventCount(tableId)).toBe(1);

    // The other kind is its own signal.
    expect((await call(tableId, friend, { kind: 'BILL' })).statusCode).toBe(200);
    const listed = TableCallsResponseSchema.parse((await read(tableId, friend)).json());
    expect(listed.calls.map((c) => c.kind)).toEqual(['WAITER', 'BILL']);
    expect(listed.calls[0]).toEqual(placed);
    expect(joined.visitId).toBeGreaterThan(0);
  });

  it('a new call replaces the old one (requested now, not acknowledged); staff acknowledge it once', async () => {
    const tableId = nextTable[1] as number;
    const { sessionId, joined } = await joinedSession(ctx, 'bistro', tableId);
    const first = TableCallSchema.parse((await call(tableId, sessionId, { kind: 'BILL' })).json());
    const acked = await acknowledge(waiter, tableId, 'BILL');
    expect(acked.statusCode).toBe(200);
    const acknowledged = TableCallSchema.parse(acked.json());
    expect(acknowledged.requestedAt).toBe(first.requestedAt);
    expect(acknowledged.acknowledgedAt).not.toBeNull();
    expect(await eventCount(tableId)).toBe(2);

    // Idempotent: the same answer, no new event.
    const twice = await acknowledge(waiter, tableId, 'BILL');
    expect([twice.statusCode, twice.json()]).toEqual([200, acknowledged]);
    expect(await eventCount(tableId)).toBe(2);

    await age(joined.visitId, 'BILL', TABLE_CALL_MIN_INTERVAL_SECONDS + 1);
    const replaced = TableCallSchema.parse((await call(tableId, sessionId, { kind: 'BILL' })).json());
    expect(replaced.acknowledgedAt).toBeNull();
    expect(Date.parse(replaced.requestedAt)).toBeGreaterThan(Date.parse(first.requestedAt));
    const rows = await ctx.database.db.select().from(tableCall).where(eq(tableCall.visitId, joined.visitId));
    expect(rows).toHaveLength(1);
    expect(TableCallsResponseSchema.parse((await read(tableId, sessionId)).json()).calls).toEqual([replaced]);
    expect(await eventCount(tableId)).toBe(3);
  });

  it('two calls of one kind at once: one is placed, the other is told to wait', async () => {
    const tableId = ctx.other.tables[2] as number;
    const sessions = await Promise.all([1, 2, 3].map(() => joinedSession(ctx, 'other', tableId)));
    const answers = await Promise.all(
      sessions.map(({ sessionId }) => call(tableId, sessionId, { kind: 'BILL' })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 429, 429]);
    expect(await eventCount(tableId)).toBe(1);
  });

  it('a call needs the restaurant enabled, not ordering', async () => {
    const tableId = ctx.other.tables[1] as number;
    const { sessionId } = await joinedSession(ctx, 'other', tableId);
    await setRestaurant(ctx.database, ctx.other.id, { isOrderingEnabled: false });
    expect((await call(tableId, sessionId, { kind: 'WAITER' })).statusCode).toBe(200);
    await setRestaurant(ctx.database, ctx.other.id, { isEnabled: false });
    expect((await call(tableId, sessionId, { kind: 'BILL' })).statusCode).toBe(403);
    await setRestaurant(ctx.database, ctx.other.id, { isEnabled: true, isOrderingEnabled: true });
  });

  it('refuses a bad kind (400), no or unknown session (403), another table’s session (403)', async () => {
    const tableId = nextTable[2] as number;
    const { sessionId } = await joinedSession(ctx, 'bistro', tableId);
    expect((await call(tableId, sessionId, { kind: 'DESSERT' })).statusCode).toBe(400);
    expect((await call(tableId, sessionId, {})).statusCode).toBe(400);
    expect((await call(tableId, sessionId, { kind: 'WAITER', extra: 1 })).statusCode).toBe(400);
    expect((await call(tableId, null, { kind: 'WAITER' })).statusCode).toBe(403);
    expect((await call(tableId, 'not-a-uuid', { kind: 'WAITER' })).statusCode).toBe(403);
    expect((await call(tableId, await newSession(ctx.app), { kind: 'WAITER' })).statusCode).toBe(403);
    const elsewhere = ctx.bistro.tables[1] as number;
    const refused = await call(elsewhere, sessionId, { kind: 'WAITER' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/table you joined/);
    expect((await read(elsewhere, sessionId)).statusCode).toBe(403);
    expect(await eventCount(tableId)).toBe(0);
  });

  it('after the table is closed: no call (403), an empty list, nothing to acknowledge (404)', async () => {
    const tableId = ctx.bistro.tables[2] as number;
    const { sessionId } = await joinedSession(ctx, 'bistro', tableId);
    expect((await call(tableId, sessionId, { kind: 'WAITER' })).statusCode).toBe(200);
    expect(
      (await staffRequest(ctx.app, waiter, 'POST', `/api/staff/tables/${tableId}/close`, {})).statusCode,
    ).toBe(204);
    expect((await call(tableId, sessionId, { kind: 'BILL' })).statusCode).toBe(403);
    expect(TableCallsResponseSchema.parse((await read(tableId, sessionId)).json())).toEqual({ calls: [] });
    expect((await acknowledge(waiter, tableId, 'WAITER')).statusCode).toBe(404);
  });

  it('staff: no open call → 404, another restaurant’s table → 404, KITCHEN → 403, bad kind → 400', async () => {
    const tableId = ctx.bistro.tables[3] as number;
    const { sessionId, joined } = await joinedSession(ctx, 'bistro', tableId);
    expect((await acknowledge(waiter, tableId, 'WAITER')).statusCode).toBe(404);
    expect((await call(tableId, sessionId, { kind: 'WAITER' })).statusCode).toBe(200);
    expect((await acknowledge(olga, tableId, 'WAITER')).statusCode).toBe(404);
    expect((await acknowledge(kitchen, tableId, 'WAITER')).statusCode).toBe(403);
    expect((await acknowledge(waiter, tableId, 'LOUDLY')).statusCode).toBe(400);
    const noCsrf = await ctx.app.inject({
      method: 'POST',
      url: `/api/staff/tables/${tableId}/calls/WAITER/acknowledge`,
      headers: { cookie: waiter.cookie },
      payload: {},
    });
    expect(noCsrf.statusCode).toBe(403);
    const [row] = await ctx.database.db
      .select({ acknowledgedAt: tableCall.acknowledgedAt })
      .from(tableCall)
      .innerJoin(tableVisit, eq(tableVisit.id, tableCall.visitId))
      .where(eq(tableCall.visitId, joined.visitId));
    expect(row?.acknowledgedAt).toBeNull();
  });
});

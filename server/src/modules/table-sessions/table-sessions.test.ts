import { JoinTableResponseSchema } from '@tablo/contract/table-session';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOrderingApp,
  joinRequest,
  newSession,
  type OrderingContext,
  setRestaurant,
  tableToken,
} from '../../../test/helpers/ordering-kit.ts';
import { testDatabaseKinds } from '../../../test/helpers/test-database.ts';
import { tableVisit, visitSession } from '../../db/schema.ts';

const CANNOT_ORDER = 'Orders cannot be placed at this table';

describe.each(testDatabaseKinds())('POST /api/table-sessions on %s', (kind) => {
  let ctx: OrderingContext;
  beforeAll(async () => {
    ctx = await createOrderingApp(kind);
  });
  afterAll(() => ctx.close());

  async function body(tableId: number, overrides: Record<string, unknown> = {}) {
    return {
      shortName: 'bistro',
      tableId,
      token: await tableToken(ctx.database, tableId),
      sessionId: await newSession(ctx.app),
      ...overrides,
    };
  }

  it('joins the table’s open visit, opening one, and answers the table’s cursor', async () => {
    const tableId = ctx.bistro.tables[1] as number;
    const response = await joinRequest(ctx.app, await body(tableId));
    expect(response.statusCode).toBe(200);
    const joined = JoinTableResponseSchema.parse(response.json());
    expect(joined).toMatchObject({ tableId, tableNumber: 1, cursor: 0 });
    const again = JoinTableResponseSchema.parse((await joinRequest(ctx.app, await body(tableId))).json());
    expect(again.visitId).toBe(joined.visitId);
  });

  it('two sessions joining at once end up in the same, single open visit', async () => {
    const tableId = ctx.bistro.tables[2] as number;
    const bodies = await Promise.all([body(tableId), body(tableId), body(tableId), body(tableId)]);
    const answers = await Promise.all(bodies.map((b) => joinRequest(ctx.app, b)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.json().visitId)).size).toBe(1);
    const open = await ctx.database.db
      .select()
      .from(tableVisit)
      .where(and(eq(tableVisit.tableId, tableId), isNull(tableVisit.closedAt)));
    expect(open).toHaveLength(1);
  });

  it('joining is idempotent, and joining another table moves the session', async () => {
    const t1 = ctx.bistro.tables[1] as number;
    const t3 = ctx.bistro.tables[3] as number;
    const first = await body(t1);
    await joinRequest(ctx.app, first);
    await joinRequest(ctx.app, first);
    const moved = await joinRequest(ctx.app, {
      ...first,
      tableId: t3,
      token: await tableToken(ctx.database, t3),
    });
    expect(moved.statusCode).toBe(200);
    const rows = await ctx.database.db
      .select()
      .from(visitSession)
      .where(eq(visitSession.sessionId, first.sessionId));
    expect(rows.map((row) => row.visitId)).toEqual([moved.json().visitId]);
  });

  it.each<[string, string | Record<string, unknown>]>([
    ['a wrong token', { token: 'deadbeef' }],
    ['no token', { token: null }],
    ['a token of another table', 'other-token'],
    ['a disabled table', 'disabled'],
    ['an unknown table', { tableId: 999999 }],
    ['another restaurant’s table', 'foreign'],
  ])('%s → 403 "Orders cannot be placed at this table"', async (_name, tamper) => {
    let request = await body(ctx.bistro.tables[1] as number);
    if (tamper === 'other-token')
      request.token = await tableToken(ctx.database, ctx.bistro.tables[2] as number);
    else if (tamper === 'disabled') request = await body(ctx.bistro.tables[4] as number);
    else if (tamper === 'foreign') request = { ...request, tableId: ctx.other.tables[1] as number };
    else if (typeof tamper === 'object') request = { ...request, ...tamper };
    const response = await joinRequest(ctx.app, request);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(CANNOT_ORDER);
    const rows = await ctx.database.db
      .select()
      .from(visitSession)
      .where(eq(visitSession.sessionId, request.sessionId));
    expect(rows).toHaveLength(0);
  });

  it('a restaurant without ordering → 403 cannot-order; a disabled one → 403 not available; unknown → 404', async () => {
    const request = await body(ctx.bistro.tables[1] as number);
    await setRestaurant(ctx.database, ctx.bistro.id, { isOrderingEnabled: false });
    const noOrdering = await joinRequest(ctx.app, request);
    expect([noOrdering.statusCode, noOrdering.json().message]).toEqual([403, CANNOT_ORDER]);
    await setRestaurant(ctx.database, ctx.bistro.id, { isOrderingEnabled: true, isEnabled: false });
    const disabled = await joinRequest(ctx.app, request);
    expect([disabled.statusCode, disabled.json().message]).toEqual([403, 'The restaurant is not available']);
    await setRestaurant(ctx.database, ctx.bistro.id, { isEnabled: true });
    expect((await joinRequest(ctx.app, { ...request, shortName: 'nowhere' })).statusCode).toBe(404);
  });

  it('without a required token the table can be joined without one', async () => {
    await setRestaurant(ctx.database, ctx.other.id, { requireTableToken: false });
    const response = await joinRequest(ctx.app, {
      shortName: 'other',
      tableId: ctx.other.tables[2],
      token: null,
      sessionId: await newSession(ctx.app),
    });
    expect(response.statusCode).toBe(200);
  });

  it('a session the server never issued, or a malformed body, is refused with a 4xx', async () => {
    const request = await body(ctx.bistro.tables[1] as number);
    const forged = await joinRequest(ctx.app, {
      ...request,
      sessionId: '6f1c2a52-1111-4c4c-9b9b-0123456789ab',
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().message).toMatch(/^Unknown session/);
    expect((await joinRequest(ctx.app, { ...request, extra: 1 })).statusCode).toBe(400);
    expect((await joinRequest(ctx.app, { ...request, sessionId: 'nope' })).statusCode).toBe(400);
  });
});

import { OrderSchema } from '@tablo/contract/order';
import { StaffMeSchema } from '@tablo/contract/staff';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOrderingApp,
  joinedSession,
  type OrderingContext,
  postOrder,
} from '../../test/helpers/ordering-kit.ts';
import { testDatabaseKinds } from '../../test/helpers/test-database.ts';
import { orders, tableEvent } from '../db/schema.ts';
import { createStaff } from '../modules/staff/create-staff.ts';
import { findUnstorableText } from './storable-text.ts';

describe('findUnstorableText', () => {
  it('finds NUL and unpaired surrogates anywhere, and passes real text, emoji included', () => {
    expect(findUnstorableText({ a: ['ok', { b: 'x\u0000y' }] }, 'body')).toBe('body.a[1].b');
    expect(findUnstorableText({ note: 'lone \uD83D here' }, 'body')).toBe('body.note');
    expect(findUnstorableText({ note: 'lone \uDE00' }, 'body')).toBe('body.note');
    expect(findUnstorableText({ 'k\u0000': 1 }, 'body')).toBe('body (a key)');
    expect(findUnstorableText({ note: 'Kérek 🌶️ csípőset, 中文' }, 'body')).toBeNull();
    expect(findUnstorableText(undefined, 'body')).toBeNull();
  });

  it('walks a body nested deeper than the call stack without throwing', () => {
    const deep = JSON.parse(`${'['.repeat(50_000)}"\\u0000"${']'.repeat(50_000)}`);
    expect(findUnstorableText(deep, 'body')).toMatch(/^body(\[0\])+$/);
  });
});

describe.each(testDatabaseKinds())('text the database cannot store, on %s', (kind) => {
  let ctx: OrderingContext;
  let tableId: number;

  beforeAll(async () => {
    ctx = await createOrderingApp(kind);
    tableId = ctx.bistro.tables[1] as number;
  });
  afterAll(() => ctx.close());

  it.each([
    ['/api/restaurant/one/bis%00tro', 'params.shortName'],
    ['/api/menu/current/bis%00tro', 'params.shortName'],
    ['/api/menu/current/%ED%A0%80', null],
  ])('GET %s → 400 or 404 with a message, never 500', async (url, where) => {
    const response = await ctx.app.inject({ method: 'GET', url });
    expect([400, 404]).toContain(response.statusCode);
    const body = response.json() as { message: string };
    if (where) expect(body.message).toContain(where);
  });

  it('an order with a NUL in its note or a lone surrogate in a line note → 400 naming the field, nothing stored', async () => {
    const { sessionId } = await joinedSession(ctx, 'bistro', tableId);
    const item = ctx.bistro.items.goulash;
    const noteNul = await postOrder(ctx.app, 'nul-note', {
      sessionId,
      tableId,
      note: 'no onions\u0000',
      items: [{ menuItemId: item, quantity: 1 }],
    });
    const lineSurrogate = await postOrder(ctx.app, 'surrogate-line', {
      sessionId,
      tableId,
      items: [{ menuItemId: item, quantity: 1, note: 'spicy \uD83D' }],
    });
    expect([noteNul.statusCode, lineSurrogate.statusCode]).toEqual([400, 400]);
    expect(noteNul.json()).toMatchObject({
      message: 'body.note: contains a NUL character or a broken UTF-16 surrogate',
    });
    expect((lineSurrogate.json() as { message: string }).message).toContain('body.items[0].note');
    const [stored] = await ctx.database.db.select({ n: count() }).from(orders);
    expect(stored?.n).toBe(0);
  });

  it('staff rejecting with a NUL or lone surrogate in the reason → 400, the order stays PLACED; a clean reason works', async () => {
    await createStaff(ctx.database, {
      shortName: 'bistro',
      email: 'rita@bistro.test',
      password: 'long enough pw',
    });
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/staff/login',
      payload: { email: 'rita@bistro.test', password: 'long enough pw' },
    });
    const cookie = login.cookies.find((c) => c.name === 'tablo_staff')?.value;
    const headers = {
      cookie: `tablo_staff=${cookie}`,
      'x-csrf-token': StaffMeSchema.parse(login.json()).csrfToken,
    };
    const { sessionId } = await joinedSession(ctx, 'bistro', tableId);
    const placed = OrderSchema.parse(
      (
        await postOrder(ctx.app, 'to-reject', {
          sessionId,
          tableId,
          items: [{ menuItemId: ctx.bistro.items.goulash, quantity: 1 }],
        })
      ).json(),
    );
    const eventsBefore = await ctx.database.db.select({ n: count() }).from(tableEvent);
    for (const reason of ['sold\u0000out', 'sorry \uDFFF']) {
      const response = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/staff/orders/${placed.id}`,
        headers,
        payload: { status: 'REJECTED', reason },
      });
      expect(response.statusCode).toBe(400);
      expect((response.json() as { message: string }).message).toContain('body.reason');
    }
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, placed.id));
    expect(row?.status).toBe('PLACED');
    expect(await ctx.database.db.select({ n: count() }).from(tableEvent)).toEqual(eventsBefore);
    const rejected = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/staff/orders/${placed.id}`,
      headers,
      payload: { status: 'REJECTED', reason: 'Elfogyott 🍲' },
    });
    expect(OrderSchema.parse(rejected.json())).toMatchObject({
      status: 'REJECTED',
      rejectReason: 'Elfogyott 🍲',
    });
  });
});

import { type Payment, PaymentSchema } from '@tablo/contract/payment';
import { StaffBoardSchema, StaffTablesSchema, type StaffVisit } from '@tablo/contract/staff';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postOrder } from '../../../test/helpers/ordering-kit.ts';
import {
  acceptedOrder,
  asStaff,
  createPaymentsApp,
  diner,
  logIn,
  PASSWORD,
  type PaymentsContext,
  pay,
  type StaffLogin,
} from '../../../test/helpers/payments.ts';
import { testDatabaseKinds } from '../../../test/helpers/test-database.ts';
import { billSplit, payment, tableEvent, tableVisit } from '../../db/schema.ts';
import { createStaff } from './create-staff.ts';
import { STAFF_TEXTS } from './service.ts';

/** Closing a table that has not paid everything, and what the board and the tables list say about it. */

function created(response: { statusCode: number; body: string; json(): unknown }): Payment {
  if (response.statusCode !== 201) throw new Error(`pay ${response.statusCode} ${response.body}`);
  return PaymentSchema.parse(response.json());
}

describe.each(testDatabaseKinds())('closing a table with unpaid items on %s', (kind) => {
  let ctx: PaymentsContext;
  let manager: StaffLogin;

  beforeAll(async () => {
    ctx = await createPaymentsApp(kind);
    await createStaff(ctx.database, {
      shortName: 'pub',
      email: 'max@pub.test',
      password: PASSWORD,
      role: 'MANAGER',
    });
    manager = await logIn(ctx.app, 'max@pub.test');
  });
  afterAll(() => ctx.close());

  const close = (who: StaffLogin, tableId: number, body: object = {}) =>
    asStaff(ctx.app, who, 'POST', `/api/staff/tables/${tableId}/close`, body);

  async function boardVisit(tableId: number): Promise<StaffVisit | undefined> {
    const response = await asStaff(ctx.app, ctx.waiter, 'GET', '/api/staff/board');
    return StaffBoardSchema.parse(response.json()).visits.find((v) => v.tableId === tableId);
  }

  async function tablesUnpaid(tableId: number): Promise<number | undefined> {
    const response = await asStaff(ctx.app, ctx.waiter, 'GET', '/api/staff/tables');
    return StaffTablesSchema.parse(response.json()).tables.find((t) => t.tableId === tableId)?.visit
      ?.unpaidAmount;
  }

  async function visitState(visitId: number) {
    const [visit] = await ctx.database.db.select().from(tableVisit).where(eq(tableVisit.id, visitId));
    const payments = await ctx.database.db
      .select({ id: payment.id, status: payment.status })
      .from(payment)
      .where(eq(payment.visitId, visitId));
    const events = await ctx.database.db.select({ id: tableEvent.id }).from(tableEvent);
    return { closedAt: visit?.closedAt ?? null, payments, events: events.length };
  }

  it('the board lists pending cash/card payments and the exact unpaid amount with equal shares', async () => {
    const tableId = ctx.pub.tables[1] as number;
    const anna = await diner(ctx, tableId);
    const bela = await diner(ctx, tableId);
    await acceptedOrder(ctx, anna, tableId, [
      ['beer', 1],
      ['goulash', 1],
    ]);
    // 3480 in three equal shares of 1160; Anna pays one by cash.
    const share = created(
      await pay(ctx, anna, {
        tableId,
        method: 'CASH',
        selection: { kind: 'shares', shares: 3, count: 1 },
        expectedAmount: 1160,
      }),
    );
    const { orderId: langosOrder, lineIds } = await acceptedOrder(ctx, bela, tableId, [['langos', 1]]);
    const card = created(
      await pay(ctx, bela, {
        tableId,
        method: 'CARD',
        selection: { kind: 'items', items: [{ orderItemId: lineIds.langos as number, quantity: 1 }] },
        expectedAmount: 1290,
        tip: 200,
      }),
    );
    // An online payment is settled by its provider: not on the staff board.
    const beers = await acceptedOrder(ctx, bela, tableId, [['beer', 2]]);
    created(
      await pay(ctx, bela, {
        tableId,
        method: 'ONLINE',
        selection: { kind: 'items', items: [{ orderItemId: beers.lineIds.beer as number, quantity: 2 }] },
        expectedAmount: 1980,
      }),
    );

    const before = await boardVisit(tableId);
    expect(before?.unpaidAmount).toBe(3480 + 1290 + 1980);
    expect(before?.payments).toEqual([
      {
        id: share.id,
        method: 'CASH',
        amount: 1160,
        tip: 0,
        createdAt: share.createdAt,
        itemCount: 0,
        items: [],
        shareCount: 1,
      },
      {
        id: card.id,
        method: 'CARD',
        amount: 1290,
        tip: 200,
        createdAt: card.createdAt,
        itemCount: 1,
        // What the waiter collects for: the line, of whose order (issue 24).
        items: [{ orderId: langosOrder, orderItemId: lineIds.langos, quantity: 1 }],
        shareCount: 0,
      },
    ]);

    const confirmed = await asStaff(
      ctx.app,
      ctx.waiter,
      'POST',
      `/api/staff/payments/${share.id}/confirm`,
      {},
    );
    expect(confirmed.statusCode).toBe(200);
    // One share of the split is paid: its claimed units are not paid yet, but 1160 of 3480 is.
    const after = await boardVisit(tableId);
    expect(after?.unpaidAmount).toBe(3480 - 1160 + 1290 + 1980);
    expect(after?.payments.map((p) => p.id)).toEqual([card.id]);
    expect(await tablesUnpaid(tableId)).toBe(after?.unpaidAmount);
  });

  it('without force → 409 naming the amount; a waiter’s force → 403; nothing changed', async () => {
    const tableId = ctx.pub.tables[1] as number;
    const visit = await boardVisit(tableId);
    if (!visit) throw new Error('no open visit');
    const before = await visitState(visit.visitId);

    for (const who of [ctx.waiter, manager]) {
      const refused = await close(who, tableId);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(STAFF_TEXTS.unpaid(visit.unpaidAmount, 'HUF'));
      expect(refused.json().message).toContain(`${3480 - 1160 + 1290 + 1980} HUF`);
    }
    const forced = await close(ctx.waiter, tableId, { force: true });
    expect([forced.statusCode, forced.json().message]).toEqual([403, STAFF_TEXTS.forceNotAllowed]);
    expect((await close(manager, tableId, { force: 'yes' })).statusCode).toBe(400);
    expect((await close(manager, tableId, { force: true, extra: 1 })).statusCode).toBe(400);
    expect(await visitState(visit.visitId)).toEqual(before);
  });

  it('a manager’s force closes it and cancels its pending payments in the same transaction', async () => {
    const tableId = ctx.pub.tables[1] as number;
    const visit = await boardVisit(tableId);
    if (!visit) throw new Error('no open visit');
    const closed = await close(manager, tableId, { force: true });
    expect(closed.statusCode).toBe(204);
    const after = await visitState(visit.visitId);
    expect(after.closedAt).not.toBeNull();
    expect(after.payments.filter((p) => p.status === 'PENDING')).toEqual([]);
    expect(after.payments.map((p) => p.status).sort()).toEqual(['CANCELLED', 'CANCELLED', 'SUCCEEDED']);
    expect(await boardVisit(tableId)).toBeUndefined();
  });

  it('a visit with everything paid, or nothing payable yet, closes without force for a waiter', async () => {
    const tableId = ctx.pub.tables[2] as number;
    const anna = await diner(ctx, tableId);
    await acceptedOrder(ctx, anna, tableId, [['beer', 1]]);
    const cash = created(
      await pay(ctx, anna, { tableId, method: 'CASH', selection: { kind: 'rest' }, expectedAmount: 990 }),
    );
    expect((await close(ctx.waiter, tableId)).statusCode).toBe(409);
    await asStaff(ctx.app, ctx.waiter, 'POST', `/api/staff/payments/${cash.id}/confirm`, {});
    expect((await boardVisit(tableId))?.unpaidAmount).toBe(0);
    expect((await close(ctx.waiter, tableId)).statusCode).toBe(204);

    // A PLACED order is not owed yet (it can still be rejected).
    const bela = await diner(ctx, tableId);
    const placed = await postOrder(ctx.app, 'close-placed-1', {
      sessionId: bela,
      tableId,
      items: [{ menuItemId: ctx.pub.items.beer, quantity: 1 }],
    });
    expect(placed.statusCode).toBe(201);
    expect((await close(ctx.waiter, tableId, { force: false })).statusCode).toBe(204);
  });

  it('a request without a body means the defaults: no force', async () => {
    const tableId = ctx.pub.tables[3] as number;
    const anna = await diner(ctx, tableId);
    await acceptedOrder(ctx, anna, tableId, [['beer', 1]]);
    const bare = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/staff/tables/${tableId}/close`,
        headers: { cookie: manager.cookie, 'x-csrf-token': manager.csrf },
      });
    // Unpaid: the defaults (no force) refuse with the amount, as `{}` does — not 400 about the body.
    const refused = await bare();
    expect([refused.statusCode, refused.json().message]).toEqual([409, STAFF_TEXTS.unpaid(990, 'HUF')]);
    const visit = await boardVisit(tableId);
    if (!visit) throw new Error('no open visit');
    // Everything paid: the bare request closes the table.
    const cash = created(
      await pay(ctx, anna, { tableId, method: 'CASH', selection: { kind: 'rest' }, expectedAmount: 990 }),
    );
    await asStaff(ctx.app, ctx.waiter, 'POST', `/api/staff/payments/${cash.id}/confirm`, {});
    expect((await bare()).statusCode).toBe(204);
    expect((await visitState(visit.visitId)).closedAt).not.toBeNull();
  });

  it('a forced close ends a partly paid equal split: no split stays open on a closed visit', async () => {
    const tableId = ctx.pub.tables[4] as number;
    const anna = await diner(ctx, tableId);
    await acceptedOrder(ctx, anna, tableId, [
      ['beer', 1],
      ['goulash', 1],
    ]);
    // 3480 in two shares; one is paid, the other never is.
    const share = created(
      await pay(ctx, anna, {
        tableId,
        method: 'CASH',
        selection: { kind: 'shares', shares: 2, count: 1 },
        expectedAmount: 1740,
      }),
    );
    await asStaff(ctx.app, ctx.waiter, 'POST', `/api/staff/payments/${share.id}/confirm`, {});
    const visit = await boardVisit(tableId);
    if (!visit) throw new Error('no open visit');
    expect(visit.unpaidAmount).toBe(1740);
    expect((await close(manager, tableId, { force: true })).statusCode).toBe(204);
    const splits = await ctx.database.db
      .select({ status: billSplit.status })
      .from(billSplit)
      .where(eq(billSplit.visitId, visit.visitId));
    expect(splits).toEqual([{ status: 'CANCELLED' }]);
    // The paid share stays paid (and its receipt readable); nothing else of the visit is claimed or pending.
    expect((await visitState(visit.visitId)).payments).toEqual([{ id: share.id, status: 'SUCCEEDED' }]);
    const receipt = await ctx.app.inject({
      method: 'GET',
      url: `/api/payments/${share.id}/receipt`,
      headers: { 'x-session-id': anna },
    });
    expect([receipt.statusCode, receipt.json().total]).toEqual([200, 1740]);
  });

  it('another restaurant’s table → 404 even with force; a table without a visit → 409', async () => {
    expect((await close(manager, ctx.other.tables[1] as number, { force: true })).statusCode).toBe(404);
    expect((await close(manager, ctx.pub.tables[6] as number, { force: true })).statusCode).toBe(409);
  });
});

import { randomUUID } from 'node:crypto';
import { type Payment, PaymentSchema, ReceiptSchema } from '@tablo/contract/payment';
import { type Refund, RefundSchema, StaffPaymentSchema, StaffPaymentsSchema } from '@tablo/contract/refund';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { refund } from '../../db/schema.ts';
import { createStaff } from '../staff/create-staff.ts';
import { STAFF_AUTH_TEXTS } from '../staff/staff-auth.ts';
import { refundTotals } from './refund-repository.ts';
import { REFUND_TEXTS } from './refund-service.ts';

/** Issue 23 point 8: refunds by OWNER and MANAGER, never more than was paid, idempotent, on the receipt. */

function created(response: { statusCode: number; body: string; json(): unknown }): Payment {
  if (response.statusCode !== 201) throw new Error(`pay ${response.statusCode} ${response.body}`);
  return PaymentSchema.parse(response.json());
}

describe.each(testDatabaseKinds())('refunds on %s', (kind) => {
  let ctx: PaymentsContext;
  let owner: StaffLogin;
  let manager: StaffLogin;
  let kitchen: StaffLogin;
  let outsider: StaffLogin;

  beforeAll(async () => {
    ctx = await createPaymentsApp(kind);
    const staff = [
      ['olga@pub.test', 'OWNER', 'pub'],
      ['max@pub.test', 'MANAGER', 'pub'],
      ['kata@pub.test', 'KITCHEN', 'pub'],
      ['otto@other.test', 'OWNER', 'other'],
    ] as const;
    for (const [email, role, shortName] of staff) {
      await createStaff(ctx.database, { shortName, email, password: PASSWORD, role });
    }
    owner = await logIn(ctx.app, 'olga@pub.test');
    manager = await logIn(ctx.app, 'max@pub.test');
    kitchen = await logIn(ctx.app, 'kata@pub.test');
    outsider = await logIn(ctx.app, 'otto@other.test');
  });
  afterAll(() => ctx.close());

  /** A cash (or card) payment of a beer and a goulash soup (3480) with a 520 tip, confirmed by the waiter. */
  async function paidPayment(tableNumber: number, method: 'CASH' | 'CARD' = 'CASH') {
    const tableId = ctx.pub.tables[tableNumber] as number;
    const sessionId = await diner(ctx, tableId);
    await acceptedOrder(ctx, sessionId, tableId, [
      ['beer', 1],
      ['goulash', 1],
    ]);
    const p = created(
      await pay(ctx, sessionId, {
        tableId,
        method,
        selection: { kind: 'rest' },
        expectedAmount: 3480,
        tip: 520,
      }),
    );
    const confirmed = await asStaff(ctx.app, ctx.waiter, 'POST', `/api/staff/payments/${p.id}/confirm`, {});
    if (confirmed.statusCode !== 200) throw new Error(`confirm ${confirmed.statusCode}`);
    return { payment: p, sessionId, tableId };
  }

  function refundOf(
    who: StaffLogin,
    paymentId: string,
    body: object,
    key: string | null = `rf-${randomUUID()}`,
  ) {
    return ctx.app.inject({
      method: 'POST',
      url: `/api/staff/payments/${paymentId}/refunds`,
      headers: {
        cookie: who.cookie,
        'x-csrf-token': who.csrf,
        ...(key === null ? {} : { 'idempotency-key': key }),
      },
      payload: body,
    });
  }

  function refunded(response: { statusCode: number; body: string; json(): unknown }): Refund {
    if (response.statusCode !== 201) throw new Error(`refund ${response.statusCode} ${response.body}`);
    return RefundSchema.parse(response.json());
  }

  const receiptOf = async (sessionId: string, paymentId: string) =>
    ReceiptSchema.parse(
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/payments/${paymentId}/receipt`,
          headers: { 'x-session-id': sessionId },
        })
      ).json(),
    );

  const detailOf = async (who: StaffLogin, paymentId: string) =>
    StaffPaymentSchema.parse((await asStaff(ctx.app, who, 'GET', `/api/staff/payments/${paymentId}`)).json());

  it('refunds a cash payment in parts up to amount + tip, never beyond; the receipt and the list show it', async () => {
    const { payment: p, sessionId } = await paidPayment(1);
    const part = refunded(await refundOf(manager, p.id, { amount: 990, reason: '  The beer was flat ' }));
    expect(part).toMatchObject({
      paymentId: p.id,
      amount: 990,
      reason: 'The beer was flat',
      method: 'CASH',
      status: 'SUCCEEDED',
      refundedBy: 'max@pub.test',
    });
    expect(part.refundedAt).not.toBeNull();
    // 4000 paid with the tip: 3010 is left; one forint more is refused, naming what is left.
    const over = await refundOf(owner, p.id, { amount: 3011, reason: 'Everything' });
    expect([over.statusCode, over.json().message]).toEqual([409, REFUND_TEXTS.tooMuch(3010, 'HUF')]);
    refunded(await refundOf(owner, p.id, { amount: 3010, reason: 'Everything else' }));
    const more = await refundOf(owner, p.id, { amount: 1, reason: 'One more' });
    expect([more.statusCode, more.json().message]).toEqual([409, REFUND_TEXTS.tooMuch(0, 'HUF')]);

    const detail = await detailOf(manager, p.id);
    expect([detail.refundedAmount, detail.refundableAmount, detail.refunds.length]).toEqual([4000, 0, 2]);
    const list = StaffPaymentsSchema.parse(
      (await asStaff(ctx.app, owner, 'GET', '/api/staff/payments')).json(),
    );
    expect(list.payments.find((one) => one.id === p.id)?.refundedAmount).toBe(4000);

    // The diner's receipt lists both refunds, the payment itself unchanged.
    const receipt = await receiptOf(sessionId, p.id);
    expect(receipt.total).toBe(4000);
    expect(receipt.refunds.map(({ amount, reason }) => ({ amount, reason }))).toEqual([
      { amount: 990, reason: 'The beer was flat' },
      { amount: 3010, reason: 'Everything else' },
    ]);
  });

  it('answers the same key and body with the same refund, once; another body under the key → 422', async () => {
    const { payment: p } = await paidPayment(2, 'CARD');
    const key = `rf-${randomUUID()}`;
    const first = refunded(await refundOf(owner, p.id, { amount: 500, reason: 'Cold soup' }, key));
    const again = refunded(await refundOf(owner, p.id, { amount: 500, reason: 'Cold soup' }, key));
    expect(again).toEqual(first);
    expect(first.method).toBe('CARD');
    const other = await refundOf(owner, p.id, { amount: 600, reason: 'Cold soup' }, key);
    expect([other.statusCode, other.json().message]).toEqual([422, REFUND_TEXTS.keyReused]);
    const rows = await ctx.database.db.select().from(refund).where(eq(refund.paymentId, p.id));
    expect(rows.map((row) => row.amount)).toEqual([500]);
    // Another manager's key of the same text is another refund (keys are per staff member).
    refunded(await refundOf(manager, p.id, { amount: 500, reason: 'Cold soup' }, key));
    expect((await detailOf(owner, p.id)).refundedAmount).toBe(1000);
  });

  it('refuses, changing nothing: waiter and kitchen 403, another restaurant 404, unpaid 409, bad input 400', async () => {
    const { payment: p } = await paidPayment(3);
    const body = { amount: 100, reason: 'Sorry' };
    for (const who of [ctx.waiter, kitchen]) {
      const refused = await refundOf(who, p.id, body);
      expect([refused.statusCode, refused.json().message]).toEqual([403, STAFF_AUTH_TEXTS.forbidden]);
      expect((await asStaff(ctx.app, who, 'GET', `/api/staff/payments/${p.id}`)).statusCode).toBe(403);
    }
    expect((await refundOf(outsider, p.id, body)).statusCode).toBe(404);
    expect((await asStaff(ctx.app, outsider, 'GET', `/api/staff/payments/${p.id}`)).statusCode).toBe(404);
    expect((await refundOf(owner, randomUUID(), body)).statusCode).toBe(404);

    const tableId = ctx.pub.tables[4] as number;
    const anna = await diner(ctx, tableId);
    await acceptedOrder(ctx, anna, tableId, [['beer', 1]]);
    const pending = created(
      await pay(ctx, anna, { tableId, method: 'CASH', selection: { kind: 'rest' }, expectedAmount: 990 }),
    );
    const unpaid = await refundOf(owner, pending.id, body);
    expect([unpaid.statusCode, unpaid.json().message]).toEqual([409, REFUND_TEXTS.notRefundable('PENDING')]);

    const missingKey = await refundOf(owner, p.id, body, null);
    expect(missingKey.statusCode).toBe(400);
    expect(missingKey.json().message).toContain('Idempotency-Key');
    for (const [bad, field] of [
      [{ amount: 0, reason: 'x' }, 'amount'],
      [{ amount: 1.5, reason: 'x' }, 'amount'],
      [{ amount: 100, reason: '   ' }, 'reason'],
      [{ amount: 100 }, 'reason'],
      [{ amount: 100, reason: 'x'.repeat(201) }, 'reason'],
      [{ amount: 100, reason: 'x', extra: true }, 'extra'],
    ] as const) {
      const answer = await refundOf(owner, p.id, bad);
      expect([answer.statusCode, answer.json().message], JSON.stringify(bad)).toEqual([
        400,
        expect.stringContaining(field),
      ]);
    }
    expect((await detailOf(owner, p.id)).refunds).toEqual([]);
  });

  it('counts refunds into the day’s figures by the day the money went back, per method', async () => {
    const { payment: p } = await paidPayment(5, 'CARD');
    refunded(await refundOf(owner, p.id, { amount: 700, reason: 'Late' }));
    refunded(await refundOf(owner, p.id, { amount: 300, reason: 'Later' }));
    const now = Date.now();
    const totals = await refundTotals(
      ctx.database.db,
      ctx.pub.id,
      new Date(now - 3_600_000),
      new Date(now + 3_600_000),
    );
    // With the earlier tests' refunds: card 500 + 500 (the key test), 700 + 300; cash 990 + 3010.
    expect(totals).toEqual([
      { method: 'CASH', count: 2, amount: 4000 },
      { method: 'CARD', count: 4, amount: 2000 },
    ]);
    expect(
      await refundTotals(ctx.database.db, ctx.pub.id, new Date(now + 3_600_000), new Date(now + 7_200_000)),
    ).toEqual([]);
    expect(
      await refundTotals(ctx.database.db, ctx.other.id, new Date(now - 3_600_000), new Date(now + 3_600_000)),
    ).toEqual([]);
  });
});

import { randomUUID } from 'node:crypto';
import { PaymentSchema } from '@tablo/contract/payment';
import { RefundSchema } from '@tablo/contract/refund';
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

/**
 * Issue 23 point 8: refunds sent at the same moment (two managers, a double click, a retry racing its
 * first attempt) never add up to more than the payment's amount + tip. On PostgreSQL they really run at
 * once (one connection each from the pool); on PGlite they queue.
 */

describe.each(testDatabaseKinds())('concurrent refunds on %s', (kind) => {
  let ctx: PaymentsContext;
  let owner: StaffLogin;
  let manager: StaffLogin;

  beforeAll(async () => {
    ctx = await createPaymentsApp(kind);
    await createStaff(ctx.database, {
      shortName: 'pub',
      email: 'olga@pub.test',
      password: PASSWORD,
      role: 'OWNER',
    });
    await createStaff(ctx.database, {
      shortName: 'pub',
      email: 'max@pub.test',
      password: PASSWORD,
      role: 'MANAGER',
    });
    owner = await logIn(ctx.app, 'olga@pub.test');
    manager = await logIn(ctx.app, 'max@pub.test');
  });
  afterAll(() => ctx.close());

  /** A confirmed cash payment of 3480 + 520 tip = 4000. */
  async function paid(tableNumber: number): Promise<string> {
    const tableId = ctx.pub.tables[tableNumber] as number;
    const sessionId = await diner(ctx, tableId);
    await acceptedOrder(ctx, sessionId, tableId, [
      ['beer', 1],
      ['goulash', 1],
    ]);
    const response = await pay(ctx, sessionId, {
      tableId,
      method: 'CASH',
      selection: { kind: 'rest' },
      expectedAmount: 3480,
      tip: 520,
    });
    const p = PaymentSchema.parse(response.json());
    await asStaff(ctx.app, ctx.waiter, 'POST', `/api/staff/payments/${p.id}/confirm`, {});
    return p.id;
  }

  const refundOf = (who: StaffLogin, paymentId: string, amount: number, key: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/staff/payments/${paymentId}/refunds`,
      headers: { cookie: who.cookie, 'x-csrf-token': who.csrf, 'idempotency-key': key },
      payload: { amount, reason: 'Race' },
    });

  const storedAmounts = async (paymentId: string) =>
    (
      await ctx.database.db
        .select({ amount: refund.amount })
        .from(refund)
        .where(eq(refund.paymentId, paymentId))
    ).map((row) => row.amount);

  it('twelve refunds of 1000 on a 4000 payment at once: exactly four go through, 4000 in all', async () => {
    for (let round = 0; round < 3; round++) {
      const paymentId = await paid(1 + round);
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          refundOf(i % 2 ? owner : manager, paymentId, 1000, `race-${randomUUID()}`),
        ),
      );
      const codes = answers.map((answer) => answer.statusCode).sort();
      expect(codes).toEqual([...Array(4).fill(201), ...Array(8).fill(409)]);
      const amounts = await storedAmounts(paymentId);
      expect(amounts.reduce((sum, amount) => sum + amount, 0)).toBe(4000);
    }
  });

  it('the same key sent eight times at once is one refund, answered the same each time', async () => {
    const paymentId = await paid(4);
    const key = `race-${randomUUID()}`;
    const answers = await Promise.all(Array.from({ length: 8 }, () => refundOf(owner, paymentId, 2500, key)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(201));
    const ids = new Set(answers.map((answer) => RefundSchema.parse(answer.json()).id));
    expect(ids.size).toBe(1);
    expect(await storedAmounts(paymentId)).toEqual([2500]);
  });
});

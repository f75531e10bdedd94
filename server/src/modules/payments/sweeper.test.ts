import { type Payment, PaymentSchema } from '@tablo/contract/payment';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acceptedOrder,
  createPaymentsApp,
  diner,
  type PaymentsContext,
  pay,
  payable,
} from '../../../test/helpers/payments.ts';
import { testDatabaseKinds } from '../../../test/helpers/test-database.ts';
import { payment } from '../../db/schema.ts';
import { startPaymentSweeper } from './sweeper.ts';

/** Issue 23 point 6: one payment that cannot be settled must not stop the expiry of every other one. */

function created(response: { statusCode: number; body: string; json(): unknown }): Payment {
  if (response.statusCode !== 201) throw new Error(`pay ${response.statusCode} ${response.body}`);
  return PaymentSchema.parse(response.json());
}

describe.each(testDatabaseKinds())('the payment sweeper with a payment it cannot settle on %s', (kind) => {
  let ctx: PaymentsContext;

  beforeAll(async () => {
    ctx = await createPaymentsApp(kind);
  });
  afterAll(() => ctx.close());

  /** A pending cash payment of one beer at the table, lapsed `secondsAgo` seconds ago. */
  async function lapsedPayment(tableId: number, sessionId: string, secondsAgo: number): Promise<Payment> {
    const { lineIds } = await acceptedOrder(ctx, sessionId, tableId, [['beer', 1]]);
    const pending = created(
      await pay(ctx, sessionId, {
        tableId,
        method: 'CASH',
        selection: { kind: 'items', items: [{ orderItemId: lineIds.beer as number, quantity: 1 }] },
        expectedAmount: 990,
      }),
    );
    await ctx.database.db
      .update(payment)
      .set({ expiresAt: sql`now() - make_interval(secs => ${secondsAgo})` })
      .where(eq(payment.id, pending.id));
    return pending;
  }

  async function statusOf(paymentId: string) {
    const [row] = await ctx.database.db
      .select({ status: payment.status })
      .from(payment)
      .where(eq(payment.id, paymentId));
    return row?.status;
  }

  /** The database refuses any change of this payment row (a corrupt or locked-out row in production). */
  async function refuseUpdatesOf(paymentId: string) {
    await ctx.database.db.execute(sql`create or replace function tablo_test_refuse() returns trigger
      language plpgsql as $$ begin raise exception 'this payment row cannot change'; end $$`);
    await ctx.database.db.execute(
      sql.raw(`create trigger tablo_test_refuse before update on payment for each row
        when (old.id = '${paymentId}'::uuid) execute function tablo_test_refuse()`),
    );
  }

  it('expires every other lapsed payment, reports the bad one, and the table’s payable read answers', async () => {
    const badTable = ctx.pub.tables[1] as number;
    const otherTable = ctx.pub.tables[2] as number;
    const anna = await diner(ctx, badTable);
    const bela = await diner(ctx, otherTable);
    // The bad payment lapsed first: it heads every batch of due payments.
    const bad = await lapsedPayment(badTable, anna, 60);
    const sameTable = await lapsedPayment(badTable, anna, 30);
    const elsewhere = await lapsedPayment(otherTable, bela, 10);
    await refuseUpdatesOf(bad.id);

    // The lazy sweep of the bad payment's table answers: the other lapsed beer is free again, the bad
    // payment still holds its own.
    const view = await payable(ctx, anna, badTable);
    expect(view.lines.map((line) => line.freeQuantity)).toEqual([0, 1]);
    expect(await statusOf(sameTable.id)).toBe('FAILED');

    // The sweeper's pass: the bad payment heads its batch, the one behind it still lapses.
    const errors: unknown[] = [];
    const sweeper = startPaymentSweeper(ctx.database, {
      intervalMs: 3_600_000,
      onError: (error) => errors.push(error),
    });
    try {
      expect(await sweeper.sweep()).toBe(1);
    } finally {
      await sweeper.stop();
    }
    expect([await statusOf(bad.id), await statusOf(elsewhere.id)]).toEqual(['PENDING', 'FAILED']);
    expect(errors).toHaveLength(1);
    expect((errors[0] as Error).message).toBe(`payment ${bad.id} could not be expired`);
  });
});

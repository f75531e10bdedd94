import { PaymentSchema } from '@tablo/contract/payment';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acceptedOrder,
  asStaff,
  createPaymentsApp,
  diner,
  type PaymentsContext,
  pay,
} from '../../../test/helpers/payments.ts';
import { countStatements, type StatementCounter } from '../../../test/helpers/statement-counter.ts';
import { testDatabaseKinds } from '../../../test/helpers/test-database.ts';

/**
 * What one payment of `bench:payments` costs the database (docs/decisions/021 and 038): a diner pays one of
 * their lines by cash (POST /api/payments) and a waiter confirms it. Fails when a statement is added to
 * the path — and when one is removed, so that the figures here and in the decision stay true.
 *
 * PostgreSQL, round trips: create = `begin`, the key and visit lock and the visit state behind it · the
 * payment with its items and event and `commit`; confirm = the staff session · `begin` and the visit lock
 * with the payment · the settlement and `commit`. Before decision 038: 5 and 5. (The visit state goes
 * along with the lock once it is prepared on the connection: the first payment on a connection sends it
 * on its own, so one payment is made before counting.)
 * PGlite, statements: five each, `begin` and `commit` on their own (they cost no round trip).
 */
const EXPECTED = {
  postgres: { create: 2, confirm: 3 },
  pglite: { create: 5, confirm: 5 },
} as const;

describe.each(testDatabaseKinds())('statements of one payment on %s', (kind) => {
  let ctx: PaymentsContext;
  let counter: StatementCounter;

  beforeAll(async () => {
    // Before the database opens: pooled connections keep the query function they were opened with.
    counter = countStatements(kind);
    ctx = await createPaymentsApp(kind);
  });
  afterAll(async () => {
    await ctx.close();
    counter.restore();
  });

  async function counted<T>(run: () => Promise<T>): Promise<{ result: T; statements: number }> {
    const before = counter.count;
    const result = await run();
    return { result, statements: counter.count - before };
  }

  it('creates a cash payment of one line and confirms it in a fixed number of statements', async () => {
    const tableId = ctx.pub.tables[4] as number;
    const sessionId = await diner(ctx, tableId);
    // A visit with more lines than the payment covers: what is read must not grow with them.
    await acceptedOrder(ctx, sessionId, tableId, [
      ['goulash', 1],
      ['langos', 2],
    ]);
    const { lineIds } = await acceptedOrder(ctx, sessionId, tableId, [['beer', 4]]);
    for (let round = 0; round < 4; round++) {
      const create = await counted(() =>
        pay(ctx, sessionId, {
          tableId,
          method: 'CASH',
          selection: { kind: 'items', items: [{ orderItemId: lineIds.beer as number, quantity: 1 }] },
          expectedAmount: 990,
        }),
      );
      expect(create.result.statusCode).toBe(201);
      const { id } = PaymentSchema.parse(create.result.json());
      const confirm = await counted(() =>
        asStaff(ctx.app, ctx.waiter, 'POST', `/api/staff/payments/${id}/confirm`, {}),
      );
      expect(confirm.result.statusCode).toBe(200);
      expect(PaymentSchema.parse(confirm.result.json()).status).toBe('SUCCEEDED');
      if (round === 0) continue; // prepares the statements on the connection (one connection: LIFO pool)
      expect({ create: create.statements, confirm: confirm.statements }).toEqual(EXPECTED[kind]);
    }
  });
});

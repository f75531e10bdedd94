import { PaymentSchema } from '@tablo/contract/payment';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countStatements, type StatementCounter } from '../../testing/statement-counter.ts';
import { testDatabaseKinds } from '../../testing/test-database.ts';
import {
  acceptedOrder,
  asStaff,
  createPaymentsApp,
  diner,
  type PaymentsContext,
  pay,
} from './payments-test-kit.ts';

/**
 * What one payment of `bench:payments` costs the database (docs/decisions/021 and 038): a diner pays one of
 * their lines by cash (POST /api/payments) and a waiter confirms it. Fails when a statement is added to
 * the path — and when one is removed, so that the figures here and in the decision stay true.
 *
 * PostgreSQL, round trips: create = the key and visit lock (carrying `begin`) · the visit state · the
 * payment with its items and event (carrying `commit`); confirm = the staff session · the visit lock with
 * the payment (carrying `begin`) · the settlement (carrying `commit`). Before decision 038: 5 and 5.
 * PGlite, statements: the same five each, `begin` and `commit` on their own (they cost no round trip).
 */
const EXPECTED = {
  postgres: { create: 3, confirm: 3 },
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
    const { lineIds } = await acceptedOrder(ctx, sessionId, tableId, [['beer', 3]]);
    for (let round = 0; round < 3; round++) {
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
      expect({ create: create.statements, confirm: confirm.statements }).toEqual(EXPECTED[kind]);
    }
  });
});

import { randomUUID } from 'node:crypto';
import { OrderSchema } from '@tablo/contract/order';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOptionGroup } from '../../../test/helpers/choices.ts';
import { postOrder } from '../../../test/helpers/ordering-kit.ts';
import { createPaymentsApp, diner, type PaymentsContext } from '../../../test/helpers/payments.ts';
import { countStatements, type StatementCounter } from '../../../test/helpers/statement-counter.ts';
import { testDatabaseKinds } from '../../../test/helpers/test-database.ts';

/**
 * What placing one order costs the database (docs/decisions/035): the diner's POST /api/orders. Fails when
 * a statement is added to the path — and when one is removed, so that the figures here and in the
 * decision stay true.
 *
 * The four statements of decision 035: the key and session lock, the order context (the joined open visit
 * locked, the earlier order under the key, the recent count, the menu items), the order with its lines,
 * the event. PostgreSQL counts round trips: five with the transaction's `begin` and `commit`. PGlite counts
 * statements: the four, and `begin` and `commit` on their own. Both as measured at 3ddfb16, before the
 * visit's SQL moved to modules/visits (decision 060).
 */
const EXPECTED = { postgres: 5, pglite: 6 } as const;

describe.each(testDatabaseKinds())('statements of one order on %s', (kind) => {
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

  it('places an order in a fixed number of statements, however many orders the visit has', async () => {
    const tableId = ctx.pub.tables[3] as number;
    const sessionId = await diner(ctx, tableId);
    for (let round = 0; round < 4; round++) {
      const before = counter.count;
      const response = await postOrder(ctx.app, `order-${randomUUID()}`, {
        sessionId,
        tableId,
        items: [
          { menuItemId: ctx.pub.items.beer, quantity: 2 },
          { menuItemId: ctx.pub.items.goulash, quantity: 1 },
        ],
      });
      const statements = counter.count - before;
      expect(response.statusCode).toBe(201);
      expect(OrderSchema.parse(response.json()).items).toHaveLength(2);
      if (round === 0) continue; // prepares the statements on the connection (one connection: LIFO pool)
      expect(statements).toBe(EXPECTED[kind]);
    }
  });

  it('places an order with choices on every line in the same statements (issue 27)', async () => {
    const items = [ctx.pub.items.beer as number, ctx.pub.items.goulash as number];
    const size = await insertOptionGroup(
      ctx.database.db,
      ctx.pub.id,
      {
        ref: 'statements-size',
        kind: 'SINGLE',
        minChoices: 1,
        maxChoices: 1,
        titles: { en: 'Size', hu: 'Méret' },
        options: [
          { ref: 'small', titles: { en: 'Small' } },
          { ref: 'large', priceDelta: 500, titles: { en: 'Large', hu: 'Nagy' } },
        ],
      },
      items,
    );
    const extras = await insertOptionGroup(
      ctx.database.db,
      ctx.pub.id,
      {
        ref: 'statements-extras',
        kind: 'QUANTITY',
        maxChoices: 5,
        freeChoices: 1,
        titles: { en: 'Extras' },
        options: [
          { ref: 'cheese', priceDelta: 300, allergens: ['MILK'], titles: { en: 'Cheese' } },
          { ref: 'egg', priceDelta: 200, allergens: ['EGGS'], titles: { en: 'Egg' } },
        ],
      },
      items,
      1,
    );
    const choices = [
      { optionId: size.options.large as number, quantity: 1 },
      { optionId: extras.options.cheese as number, quantity: 2 },
      { optionId: extras.options.egg as number, quantity: 1 },
    ];
    const tableId = ctx.pub.tables[4] as number;
    const sessionId = await diner(ctx, tableId);
    for (let round = 0; round < 3; round++) {
      const before = counter.count;
      const response = await postOrder(ctx.app, `order-${randomUUID()}`, {
        sessionId,
        tableId,
        items: items.map((menuItemId) => ({ menuItemId, quantity: 1, choices })),
      });
      const statements = counter.count - before;
      expect(response.statusCode).toBe(201);
      const order = OrderSchema.parse(response.json());
      expect(order.items.map((line) => line.choices.length)).toEqual([3, 3]);
      if (round === 0) continue;
      expect(statements).toBe(EXPECTED[kind]);
    }
  });
});

import { OrderSchema } from '@tablo/contract/order';
import { PaymentSchema, ReceiptSchema } from '@tablo/contract/payment';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOptionGroup, MILK } from '../../../test/helpers/choices.ts';
import { postOrder } from '../../../test/helpers/ordering-kit.ts';
import {
  asStaff,
  createPaymentsApp,
  diner,
  getPayment,
  moveOrder,
  type PaymentsContext,
  pay,
  payable,
} from '../../../test/helpers/payments.ts';
import { testDatabaseKinds } from '../../../test/helpers/test-database.ts';

// Issue 27: a line with choices is paid per unit at its full unit price; the receipt lists the choices.
describe.each(testDatabaseKinds())('paying lines with choices on %s', (kind) => {
  let ctx: PaymentsContext;
  let oat: number;

  beforeAll(async () => {
    ctx = await createPaymentsApp(kind);
    // The pub's beer (27 % VAT) with a milk group, so the line's VAT key is not the food one.
    const milk = await insertOptionGroup(ctx.database.db, ctx.pub.id, MILK, [ctx.pub.items.beer as number]);
    oat = milk.options.oat as number;
  });
  afterAll(() => ctx.close());

  it("pays one of two units at the price with its choices, with the item's VAT, and lists them on the receipt", async () => {
    const tableId = ctx.pub.tables[1] as number;
    const sessionId = await diner(ctx, tableId);
    const placed = await postOrder(ctx.app, 'order-with-choices', {
      sessionId,
      tableId,
      items: [{ menuItemId: ctx.pub.items.beer, quantity: 2, choices: [{ optionId: oat }] }],
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = OrderSchema.parse(placed.json());
    await moveOrder(ctx, order.id, 'ACCEPTED');
    const line = order.items[0];
    expect(line?.unitPrice).toBe(990 + 200);
    const summary = await payable(ctx, sessionId, tableId);
    expect(summary.lines[0]?.choices.map((c) => c.optionId)).toEqual([oat]);
    expect(summary.unpaidAmount).toBe(2 * 1190);
    const response = await pay(ctx, sessionId, {
      tableId,
      method: 'CASH',
      selection: { kind: 'items', items: [{ orderItemId: line?.id ?? 0, quantity: 1 }] },
      expectedAmount: 1190,
      tip: 0,
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = PaymentSchema.parse(response.json());
    expect(created.amount).toBe(1190);
    await asStaff(ctx.app, ctx.waiter, 'POST', `/api/staff/payments/${created.id}/confirm`, {});
    const receipt = ReceiptSchema.parse((await getPayment(ctx, sessionId, created.id, '/receipt')).json());
    expect(receipt.items).toEqual([
      expect.objectContaining({ unitPrice: 1190, quantity: 1, amount: 1190, vatPercent: 27 }),
    ]);
    expect(receipt.items[0]?.choices).toEqual([
      expect.objectContaining({
        optionId: oat,
        titles: [
          { isoCode: 'en', title: 'Oat milk' },
          { isoCode: 'de', title: 'Hafermilch' },
        ],
        groupTitles: [
          { isoCode: 'en', title: 'Milk' },
          { isoCode: 'de', title: 'Milch' },
        ],
        priceDelta: 200,
        allergens: ['GLUTEN'],
      }),
    ]);
    // 27 % of 1190 gross: 253 VAT.
    expect(receipt.vatLines).toEqual([{ vatPercent: 27, gross: 1190, net: 937, vat: 253 }]);
    expect((await payable(ctx, sessionId, tableId)).unpaidAmount).toBe(1190);
  });
});

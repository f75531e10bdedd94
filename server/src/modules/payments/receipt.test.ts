import { type Payment, PaymentSchema, ReceiptSchema } from '@tablo/contract/payment';
import { DEFAULT_TIME_ZONE } from '@tablo/contract/restaurant-settings';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acceptedOrder,
  asStaff,
  createPaymentsApp,
  diner,
  getPayment,
  type PaymentsContext,
  pay,
} from '../../../test/helpers/payments.ts';
import { testDatabaseKinds } from '../../../test/helpers/test-database.ts';
import { payment, restaurant } from '../../db/schema.ts';
import { setRestaurantContact } from '../restaurants/contact.ts';
import { receiptNumber } from './receipt.ts';

describe('receipt numbers', () => {
  it('are the paying day on the restaurant’s clock and the payment’s first 8 hex digits', () => {
    const id = '0b5e4a52-6d1f-4c36-9a47-1f0c2b9d8e11';
    // 23:30 UTC on 27 November is already 28 November in Budapest.
    expect(receiptNumber(id, new Date('2026-11-27T23:30:00Z'), 'Europe/Budapest')).toBe('20261128-0B5E4A52');
    expect(receiptNumber(id, new Date('2026-11-27T23:30:00Z'), 'America/New_York')).toBe('20261127-0B5E4A52');
  });
});

// Issue 24 §15: the receipt carries the restaurant's address, tax number, time zone and a receipt number.
describe.each(testDatabaseKinds())('GET /api/payments/:id/receipt on %s', (kind) => {
  let ctx: PaymentsContext;

  beforeAll(async () => {
    ctx = await createPaymentsApp(kind);
  });
  afterAll(() => ctx.close());

  async function paidByCash(tableId: number): Promise<{ sessionId: string; paid: Payment }> {
    const sessionId = await diner(ctx, tableId);
    await acceptedOrder(ctx, sessionId, tableId, [['goulash', 1]]);
    const response = await pay(ctx, sessionId, {
      tableId,
      method: 'CASH',
      selection: { kind: 'rest' },
      expectedAmount: 2490,
      tip: 0,
    });
    const created = PaymentSchema.parse(response.json());
    await asStaff(ctx.app, ctx.waiter, 'POST', `/api/staff/payments/${created.id}/confirm`, {});
    return { sessionId, paid: created };
  }

  it('leaves out an address and tax number not set, and reads the clock in Europe/Budapest by default', async () => {
    const [row] = await ctx.database.db
      .select({ timeZone: restaurant.timeZone })
      .from(restaurant)
      .where(eq(restaurant.shortName, 'pub'));
    expect(row?.timeZone).toBe(DEFAULT_TIME_ZONE);
    const { sessionId, paid } = await paidByCash(ctx.pub.tables[1] as number);
    const receipt = ReceiptSchema.parse((await getPayment(ctx, sessionId, paid.id, '/receipt')).json());
    expect(receipt).toMatchObject({ restaurantAddress: null, taxNumber: null, timeZone: 'Europe/Budapest' });
    const [stored] = await ctx.database.db
      .select({ paidAt: payment.paidAt })
      .from(payment)
      .where(eq(payment.id, paid.id));
    expect(receipt.receiptNumber).toBe(receiptNumber(paid.id, stored?.paidAt as Date, 'Europe/Budapest'));
    expect(receipt.receiptNumber).toMatch(/^\d{8}-[0-9A-F]{8}$/);
  });

  it('prints the address and tax number the restaurant set, and its own time zone', async () => {
    await setRestaurantContact(ctx.database, 'pub', {
      address: '1052 Budapest, Váci utca 1.',
      taxNumber: '12345678-2-41',
      timeZone: 'Europe/Vienna',
    });
    const { sessionId, paid } = await paidByCash(ctx.pub.tables[2] as number);
    const receipt = ReceiptSchema.parse((await getPayment(ctx, sessionId, paid.id, '/receipt')).json());
    expect(receipt).toMatchObject({
      restaurantAddress: '1052 Budapest, Váci utca 1.',
      taxNumber: '12345678-2-41',
      timeZone: 'Europe/Vienna',
    });
  });
});

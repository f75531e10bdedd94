import { type Payment, PaymentResultSchema, PaymentSchema, ReceiptSchema } from '@tablo/contract/payment';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RecordingClient, wsUrl } from '../../../test/helpers/live.ts';
import {
  acceptedOrder,
  asStaff,
  createPaymentsApp,
  diner,
  getPayment,
  logIn,
  moveOrder,
  PASSWORD,
  type PaymentsContext,
  pay,
  payable,
} from '../../../test/helpers/payments.ts';
import { testDatabaseKinds } from '../../../test/helpers/test-database.ts';
import { orderItem, orders, payment, tableVisit } from '../../db/schema.ts';
import { createStaff } from '../staff/create-staff.ts';
import { cancelPendingPayments, expireDuePayments, unpaidAmounts } from './service.ts';
import { startPaymentSweeper } from './sweeper.ts';

/** Everything that says what is paid and reserved at a table, to prove a refusal changed nothing. */
async function snapshot(ctx: PaymentsContext) {
  const result = await ctx.database.db.execute(sql`
    select
      (select coalesce(json_agg(json_build_object('id', id, 'paid', paid_quantity) order by id), '[]'::json) from ${orderItem}) as items,
      (select coalesce(json_agg(json_build_object('id', id, 'status', status) order by id), '[]'::json) from ${payment}) as payments,
      (select count(*)::int from payment_item) as "paymentItems",
      (select count(*)::int from bill_split) as splits,
      (select count(*)::int from table_event) as events`);
  return (result as unknown as { rows: unknown[] }).rows[0];
}

function created(response: { statusCode: number; body: string; json(): unknown }): Payment {
  if (response.statusCode !== 201) throw new Error(`pay ${response.statusCode} ${response.body}`);
  return PaymentSchema.parse(response.json());
}

describe.each(testDatabaseKinds())('payments on %s', (kind) => {
  let ctx: PaymentsContext;
  let table = 0;
  const tables: number[] = [];

  beforeAll(async () => {
    ctx = await createPaymentsApp(kind);
    tables.push(ctx.pub.tables[1] as number, ctx.pub.tables[2] as number, ctx.pub.tables[3] as number);
  });
  afterAll(() => ctx.close());

  /** Each test gets a fresh visit: the table is closed by the test that used it last. */
  async function freshTable(): Promise<number> {
    const tableId = tables[table++ % tables.length] as number;
    await ctx.database.db
      .update(tableVisit)
      .set({ closedAt: new Date() })
      .where(eq(tableVisit.tableId, tableId));
    return tableId;
  }

  async function confirm(paymentId: string) {
    return asStaff(ctx.app, ctx.waiter, 'POST', `/api/staff/payments/${paymentId}/confirm`, {});
  }

  it('pays "my items" by cash; the waiter confirms; the order becomes PAID once served', async () => {
    const tableId = await freshTable();
    const anna = await diner(ctx, tableId);
    const bela = await diner(ctx, tableId);
    const mine = await acceptedOrder(ctx, anna, tableId, [
      ['goulash', 1],
      ['beer', 2],
    ]);
    await acceptedOrder(ctx, bela, tableId, [['langos', 1]]);

    const before = await payable(ctx, anna, tableId);
    expect(before.methods).toEqual(['CASH', 'CARD', 'ONLINE']);
    expect(before.onlineProvider).toBe('sandbox');
    expect(before.unpaidAmount).toBe(2490 + 2 * 990 + 1290);
    const myLines = before.lines.filter((line) => line.isMine);
    expect(myLines.map((line) => line.orderItemId).sort()).toEqual(Object.values(mine.lineIds).sort());

    const cash = created(
      await pay(ctx, anna, {
        tableId,
        method: 'CASH',
        selection: {
          kind: 'items',
          items: myLines.map((l) => ({ orderItemId: l.orderItemId, quantity: l.freeQuantity })),
        },
        expectedAmount: 2490 + 2 * 990,
        tip: 500,
      }),
    );
    expect(cash).toMatchObject({
      status: 'PENDING',
      amount: 4470,
      tip: 500,
      checkoutUrl: null,
      isMine: true,
    });
    // Bela sees Anna's items reserved, not selectable.
    const seen = await payable(ctx, bela, tableId);
    expect(seen.lines.find((l) => l.orderItemId === mine.lineIds.beer)).toMatchObject({
      reservedQuantity: 2,
      freeQuantity: 0,
      isMine: false,
    });
    expect(seen.leftAmount).toBe(1290);

    const confirmed = await confirm(cash.id);
    expect(confirmed.statusCode).toBe(200);
    expect(PaymentSchema.parse(confirmed.json()).status).toBe('SUCCEEDED');
    // Confirming again changes nothing and answers the same.
    const again = await confirm(cash.id);
    expect([again.statusCode, again.json().status]).toEqual([200, 'SUCCEEDED']);

    const [accepted] = await ctx.database.db.select().from(orders).where(eq(orders.id, mine.orderId));
    expect(accepted?.status).toBe('ACCEPTED');
    const served = await moveOrder(ctx, mine.orderId, 'SERVED');
    expect(served.status).toBe('PAID');
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, mine.orderId));
    expect(row?.status).toBe('PAID');

    const result = PaymentResultSchema.parse((await getPayment(ctx, bela, cash.id)).json());
    expect(result).toMatchObject({ payment: { status: 'SUCCEEDED', isMine: false }, unpaidAmount: 1290 });

    const receipt = ReceiptSchema.parse((await getPayment(ctx, anna, cash.id, '/receipt')).json());
    expect(receipt).toMatchObject({
      restaurantName: 'Kocsma',
      method: 'CASH',
      tip: 500,
      amount: 4470,
      total: 4970,
    });
    expect(receipt.vatLines).toEqual([
      { vatPercent: 5, gross: 2490, vat: 119, net: 2371 },
      { vatPercent: 27, gross: 1980, vat: 421, net: 1559 },
    ]);
  });

  it('marks an order PAID at once when it is SERVED before it is paid; events reach the diner socket', async () => {
    const tableId = await freshTable();
    const anna = await diner(ctx, tableId);
    const order = await acceptedOrder(ctx, anna, tableId, [['beer', 1]]);
    await moveOrder(ctx, order.orderId, 'SERVED');
    const address = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const socket = new RecordingClient(wsUrl(address.replace(/^http/, 'ws'), { tableId, sessionId: anna }));
    try {
      await socket.ready();
      const cash = created(
        await pay(ctx, anna, { tableId, method: 'CARD', selection: { kind: 'rest' }, expectedAmount: 990 }),
      );
      await confirm(cash.id);
      const messages = await socket.until((all) =>
        all.some((m) => m.type === 'order.status_changed' && m.status === 'PAID'),
      );
      expect(messages.filter((m) => m.type !== 'snapshot' && m.type !== 'ready').map((m) => m.type)).toEqual([
        'payment.changed',
        'payment.changed',
        'order.items_paid',
        'order.status_changed',
      ]);
      expect(messages.find((m) => m.type === 'order.items_paid')).toMatchObject({
        orderId: order.orderId,
        items: [{ orderItemId: order.lineIds.beer, paidQuantity: 1 }],
      });
    } finally {
      await socket.close();
    }
  });

  it('ends PAID when the waiter serves the order at the moment its last payment is confirmed', async () => {
    // The confirmation locks the order rows and judges "served" on the row as locked; the serve locks the
    // order row first. Whichever runs second must set PAID (decision 019, "PAID without a lost update").
    for (let round = 0; round < (kind === 'postgres' ? 12 : 3); round++) {
      const tableId = await freshTable();
      const anna = await diner(ctx, tableId);
      const order = await acceptedOrder(ctx, anna, tableId, [
        ['goulash', 1],
        ['beer', 2],
      ]);
      const paying = (ref: 'goulash' | 'beer', quantity: number, amount: number) =>
        pay(ctx, anna, {
          tableId,
          method: 'CASH',
          selection: { kind: 'items', items: [{ orderItemId: order.lineIds[ref] as number, quantity }] },
          expectedAmount: amount,
        });
      const first = created(await paying('goulash', 1, 2490));
      expect((await confirm(first.id)).statusCode).toBe(200);
      const last = created(await paying('beer', 2, 2 * 990));
      const [served, confirmed] = await Promise.all([
        moveOrder(ctx, order.orderId, 'SERVED'),
        confirm(last.id),
      ]);
      expect(confirmed.statusCode).toBe(200);
      expect(['SERVED', 'PAID']).toContain(served.status);
      const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, order.orderId));
      expect(row?.status).toBe('PAID');
    }
  });

  it('splits a line: 2 of 4 beers, then the other phone pays the other 2', async () => {
    const tableId = await freshTable();
    const anna = await diner(ctx, tableId);
    const bela = await diner(ctx, tableId);
    const order = await acceptedOrder(ctx, anna, tableId, [['beer', 4]]);
    const beer = order.lineIds.beer as number;
    const first = created(
      await pay(ctx, anna, {
        tableId,
        method: 'CASH',
        selection: { kind: 'items', items: [{ orderItemId: beer, quantity: 2 }] },
        expectedAmount: 1980,
      }),
    );
    expect(first.items).toEqual([expect.objectContaining({ orderItemId: beer, quantity: 2, amount: 1980 })]);
    // Three are not free: 409, nothing changed.
    const before = await snapshot(ctx);
    const tooMany = await pay(ctx, bela, {
      tableId,
      method: 'CASH',
      selection: { kind: 'items', items: [{ orderItemId: beer, quantity: 3 }] },
      expectedAmount: 2970,
    });
    expect([tooMany.statusCode, tooMany.json().message]).toEqual([
      409,
      `Someone else is paying item ${beer} right now: 2 can be selected`,
    ]);
    expect(await snapshot(ctx)).toEqual(before);
    const second = created(
      await pay(ctx, bela, {
        tableId,
        method: 'CARD',
        selection: { kind: 'items', items: [{ orderItemId: beer, quantity: 2 }] },
        expectedAmount: 1980,
      }),
    );
    await confirm(second.id);
    await confirm(first.id);
    const after = await payable(ctx, bela, tableId);
    expect(after.lines[0]).toMatchObject({
      quantity: 4,
      paidQuantity: 4,
      reservedQuantity: 0,
      freeQuantity: 0,
    });
    expect(after.unpaidAmount).toBe(0);
  });

  it('divides equally: 1 of 3 shares, the rest by another phone; the bill is covered exactly', async () => {
    const tableId = await freshTable();
    const anna = await diner(ctx, tableId);
    const bela = await diner(ctx, tableId);
    await acceptedOrder(ctx, anna, tableId, [
      ['goulash', 2],
      ['beer', 3],
    ]); // 4980 + 2970 = 7950
    await acceptedOrder(ctx, bela, tableId, [['langos', 1]]); // 1290 → 9240
    const share = created(
      await pay(ctx, anna, {
        tableId,
        method: 'CASH',
        selection: { kind: 'shares', shares: 3, count: 1 },
        expectedAmount: 3080,
      }),
    );
    expect(share).toMatchObject({ shareCount: 1, amount: 3080, items: [] });
    const view = await payable(ctx, bela, tableId);
    expect(view.split).toMatchObject({
      shares: 3,
      amount: 9240,
      paidShares: 0,
      reservedShares: 1,
      nextShareAmount: 3080,
    });
    expect(view.lines.every((line) => line.freeQuantity === 0)).toBe(true);
    expect(view.leftAmount).toBe(6160);
    // Another number of shares is refused while this split is open.
    const other = await pay(ctx, bela, {
      tableId,
      method: 'CASH',
      selection: { kind: 'shares', shares: 2, count: 1 },
      expectedAmount: 3080,
    });
    expect([other.statusCode, other.json().message]).toEqual([
      409,
      'The bill is already divided into 3 equal shares',
    ]);
    // An item ordered after the split started is free and paid with the rest.
    await acceptedOrder(ctx, bela, tableId, [['beer', 1]]);
    const rest = created(
      await pay(ctx, bela, {
        tableId,
        method: 'CARD',
        selection: { kind: 'rest' },
        expectedAmount: 6160 + 990,
      }),
    );
    expect(rest).toMatchObject({ shareCount: 2, amount: 7150 });
    await confirm(share.id);
    const half = await payable(ctx, bela, tableId);
    expect(half.split).toMatchObject({ paidShares: 1, reservedShares: 2 });
    expect(
      half.lines.every((line) => line.paidQuantity === 0 || line.menuItemId === ctx.pub.items.beer),
    ).toBe(true);
    await confirm(rest.id);
    const done = await payable(ctx, bela, tableId);
    expect(done.split).toBeNull();
    expect(done.unpaidAmount).toBe(0);
    expect(done.lines.every((line) => line.paidQuantity === line.quantity)).toBe(true);

    const shareReceipt = ReceiptSchema.parse((await getPayment(ctx, anna, share.id, '/receipt')).json());
    const restReceipt = ReceiptSchema.parse((await getPayment(ctx, bela, rest.id, '/receipt')).json());
    expect(shareReceipt.shares).toMatchObject({ count: 1, of: 3, splitAmount: 9240 });
    expect(shareReceipt.vatLines.reduce((s, l) => s + l.gross, 0)).toBe(3080);
    expect(restReceipt.vatLines.reduce((s, l) => s + l.gross, 0)).toBe(7150);
    // The two receipts' VAT adds up to the VAT of the whole bill, rate by rate.
    const vat27 = [shareReceipt, restReceipt].flatMap((r) => r.vatLines).filter((l) => l.vatPercent === 27);
    expect(vat27.reduce((s, l) => s + l.gross, 0)).toBe(4 * 990);
    expect(vat27.reduce((s, l) => s + l.vat, 0)).toBe(
      Math.round((2970 * 27) / 127) + Math.round((990 * 27) / 127),
    );
  });

  it('pays online through the sandbox: approve, decline and cancel; declines release the items', async () => {
    const tableId = await freshTable();
    const anna = await diner(ctx, tableId);
    const order = await acceptedOrder(ctx, anna, tableId, [
      ['goulash', 1],
      ['beer', 1],
    ]);
    const everything = { kind: 'rest' as const };
    const declined = created(
      await pay(ctx, anna, {
        tableId,
        method: 'ONLINE',
        selection: everything,
        expectedAmount: 3480,
        lang: 'en',
      }),
    );
    expect(declined.checkoutUrl).toMatch(
      new RegExp(`^http://localhost:3000/sandbox-checkout/${declined.id}\\?lang=en&key=[\\w-]{43}$`),
    );
    // The checkout page as the payer's phone opens it (its URL carries the payer's key).
    const checkoutPage = (p: Payment) => {
      const url = new URL(p.checkoutUrl as string);
      return ctx.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    };
    const page = await checkoutPage(declined);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('3\u00a0480 Ft'); // grouped as the app groups it
    expect(page.body).not.toContain('<script');
    const token = /name="token" value="([^"]+)"/.exec(page.body)?.[1] as string;

    const postForm = (id: string, form: Record<string, string>) =>
      ctx.app.inject({
        method: 'POST',
        url: `/sandbox-checkout/${id}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(form).toString(),
      });
    // A forged token changes nothing.
    const before = await snapshot(ctx);
    const forged = await postForm(declined.id, { token: 'x'.repeat(43), action: 'approve', lang: 'en' });
    expect(forged.statusCode).toBe(403);
    expect(await snapshot(ctx)).toEqual(before);

    const decline = await postForm(declined.id, { token, action: 'decline', lang: 'en' });
    expect(decline.statusCode).toBe(303);
    expect(decline.headers.location).toBe(`/payment-success/pub/${tableId}/en?payment=${declined.id}`);
    const replay = await postForm(declined.id, { token, action: 'approve', lang: 'en' });
    expect(replay.statusCode).toBe(409);
    expect(PaymentResultSchema.parse((await getPayment(ctx, anna, declined.id)).json())).toMatchObject({
      payment: { status: 'FAILED', expiresAt: null },
      unpaidAmount: 3480,
    });
    expect((await payable(ctx, anna, tableId)).leftAmount).toBe(3480);

    const cancelled = created(
      await pay(ctx, anna, { tableId, method: 'ONLINE', selection: everything, expectedAmount: 3480 }),
    );
    const cancelPage = await checkoutPage(cancelled);
    const cancelToken = /name="token" value="([^"]+)"/.exec(cancelPage.body)?.[1] as string;
    // The first payment's token does not open another payment.
    expect((await postForm(cancelled.id, { token, action: 'approve' })).statusCode).toBe(403);
    expect((await postForm(cancelled.id, { token: cancelToken, action: 'cancel' })).statusCode).toBe(303);
    expect((await payable(ctx, anna, tableId)).leftAmount).toBe(3480);

    const approved = created(
      await pay(ctx, anna, {
        tableId,
        method: 'ONLINE',
        selection: everything,
        expectedAmount: 3480,
        tip: 300,
      }),
    );
    const approvePage = await checkoutPage(approved);
    const approveToken = /name="token" value="([^"]+)"/.exec(approvePage.body)?.[1] as string;
    const approve = await postForm(approved.id, { token: approveToken, action: 'approve', lang: 'de' });
    expect(approve.headers.location).toBe(`/payment-success/pub/${tableId}/de?payment=${approved.id}`);
    const lines = await payable(ctx, anna, tableId);
    expect(lines.unpaidAmount).toBe(0);
    expect(lines.lines.map((l) => l.paidQuantity)).toEqual([1, 1]);
    // A waiter cannot confirm or cancel an online payment.
    expect((await confirm(approved.id)).statusCode).toBe(409);
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, order.orderId));
    expect(row?.status).toBe('ACCEPTED');
  });

  it('expires a pending payment after its reservation: the sweeper and a payable read release its items', async () => {
    const tableId = await freshTable();
    const anna = await diner(ctx, tableId);
    await acceptedOrder(ctx, anna, tableId, [['beer', 2]]);
    const a = created(
      await pay(ctx, anna, {
        tableId,
        method: 'CASH',
        selection: { kind: 'shares', shares: 2, count: 1 },
        expectedAmount: 990,
      }),
    );
    expect(new Date(a.expiresAt as string).getTime() - Date.parse(a.createdAt)).toBe(15 * 60_000);
    await ctx.database.db
      .update(payment)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(payment.id, a.id));
    // The sweeper's pass.
    expect(await expireDuePayments(ctx.database)).toBe(1);
    expect(await expireDuePayments(ctx.database)).toBe(0);
    const view = await payable(ctx, anna, tableId);
    expect(view.split).toBeNull(); // nobody pays any share of it: the split is dissolved
    expect(view.leftAmount).toBe(1980);
    // The lazy sweep on a payable read.
    const b = created(
      await pay(ctx, anna, { tableId, method: 'CARD', selection: { kind: 'rest' }, expectedAmount: 1980 }),
    );
    await ctx.database.db
      .update(payment)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(payment.id, b.id));
    expect((await payable(ctx, anna, tableId)).leftAmount).toBe(1980);
    expect(PaymentResultSchema.parse((await getPayment(ctx, anna, b.id)).json()).payment.status).toBe(
      'FAILED',
    );
    // Confirming an expired (failed) payment is refused.
    const late = await confirm(b.id);
    expect([late.statusCode, late.json().message]).toEqual([409, 'This payment is FAILED already']);
  });

  it('tells the staff what is unpaid and cancels pending payments when a table is closed', async () => {
    const tableId = await freshTable();
    const anna = await diner(ctx, tableId);
    await acceptedOrder(ctx, anna, tableId, [['beer', 3]]);
    const p = created(
      await pay(ctx, anna, {
        tableId,
        method: 'CASH',
        selection: { kind: 'shares', shares: 3, count: 1 },
        expectedAmount: 990,
      }),
    );
    const visitId = p.visitId;
    expect(await unpaidAmounts(ctx.database.db, [visitId])).toEqual(new Map([[visitId, 2970]]));
    const cancelled = await ctx.database.transaction((tx) =>
      cancelPendingPayments(ctx.database, tx, visitId),
    );
    expect(cancelled).toBe(1);
    const view = await payable(ctx, anna, tableId);
    expect(view.split).toBeNull();
    expect(view.leftAmount).toBe(2970);
  });

  it('runs the sweeper on a timer until the app closes', async () => {
    const tableId = await freshTable();
    const anna = await diner(ctx, tableId);
    await acceptedOrder(ctx, anna, tableId, [['langos', 1]]);
    const p = created(
      await pay(ctx, anna, { tableId, method: 'CASH', selection: { kind: 'rest' }, expectedAmount: 1290 }),
    );
    await ctx.database.db
      .update(payment)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(payment.id, p.id));
    const sweeper = startPaymentSweeper(ctx.database, {
      intervalMs: 20,
      onError: (error) => {
        throw error;
      },
    });
    try {
      for (let i = 0; i < 250; i++) {
        const [row] = await ctx.database.db
          .select({ status: payment.status })
          .from(payment)
          .where(eq(payment.id, p.id));
        if (row?.status === 'FAILED') break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const [row] = await ctx.database.db
        .select({ status: payment.status })
        .from(payment)
        .where(eq(payment.id, p.id));
      expect(row?.status).toBe('FAILED');
    } finally {
      await sweeper.stop();
    }
    expect(await sweeper.sweep()).toBe(0);
  });

  it('answers the same key with the same body with the first answer; another body with 422', async () => {
    const tableId = await freshTable();
    const anna = await diner(ctx, tableId);
    const order = await acceptedOrder(ctx, anna, tableId, [['beer', 2]]);
    const body = {
      tableId,
      method: 'CASH' as const,
      selection: {
        kind: 'items' as const,
        items: [{ orderItemId: order.lineIds.beer as number, quantity: 1 }],
      },
      expectedAmount: 990,
    };
    const first = await pay(ctx, anna, body, 'same-key-123');
    const second = await pay(ctx, anna, body, 'same-key-123');
    expect(second.statusCode).toBe(201);
    expect(second.body).toBe(first.body);
    const before = await snapshot(ctx);
    const other = await pay(ctx, anna, { ...body, tip: 100 }, 'same-key-123');
    expect([other.statusCode, other.json().message]).toEqual([
      422,
      'This idempotency key was already used for a different payment',
    ]);
    expect(await snapshot(ctx)).toEqual(before);
    const missing = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments',
      headers: { 'x-session-id': anna },
      payload: body,
    });
    expect(missing.statusCode).toBe(400);
  });

  it('refuses, changing nothing: another table, a closed visit, more than the quantity, a forged amount', async () => {
    const tableId = await freshTable();
    const otherTable = await freshTable();
    const anna = await diner(ctx, tableId);
    const stranger = await diner(ctx, otherTable);
    const order = await acceptedOrder(ctx, anna, tableId, [['beer', 2]]);
    const strangers = await acceptedOrder(ctx, stranger, otherTable, [['goulash', 1]]);
    const beer = order.lineIds.beer as number;
    const before = await snapshot(ctx);
    const attempts = [
      // Another table's item, paid from my table.
      [
        pay(ctx, anna, {
          tableId,
          method: 'CASH',
          selection: {
            kind: 'items',
            items: [{ orderItemId: strangers.lineIds.goulash as number, quantity: 1 }],
          },
          expectedAmount: 2490,
        }),
        422,
      ],
      // My items at a table I never joined.
      [
        pay(ctx, anna, {
          tableId: otherTable,
          method: 'CASH',
          selection: { kind: 'rest' },
          expectedAmount: 2490,
        }),
        403,
      ],
      // More than the line's quantity.
      [
        pay(ctx, anna, {
          tableId,
          method: 'CASH',
          selection: { kind: 'items', items: [{ orderItemId: beer, quantity: 3 }] },
          expectedAmount: 2970,
        }),
        422,
      ],
      // A forged amount.
      [pay(ctx, anna, { tableId, method: 'CASH', selection: { kind: 'rest' }, expectedAmount: 1 }), 409],
      // A method the restaurant does not offer is checked too (unknown session → 403).
      [
        pay(ctx, '00000000-0000-4000-8000-000000000000', {
          tableId,
          method: 'CASH',
          selection: { kind: 'rest' },
          expectedAmount: 1980,
        }),
        403,
      ],
    ] as const;
    for (const [attempt, status] of attempts) expect((await attempt).statusCode).toBe(status);
    const forged = await pay(ctx, anna, {
      tableId,
      method: 'CASH',
      selection: { kind: 'rest' },
      expectedAmount: 1,
    });
    expect(forged.json().message).toBe('The amount to pay changed: it is now 1980');
    expect(await snapshot(ctx)).toEqual(before);

    // The visit closes: its items can no longer be paid, and its payments are read only by its sessions.
    const p = created(
      await pay(ctx, anna, {
        tableId,
        method: 'CASH',
        selection: { kind: 'items', items: [{ orderItemId: beer, quantity: 1 }] },
        expectedAmount: 990,
      }),
    );
    expect((await getPayment(ctx, stranger, p.id)).statusCode).toBe(404);
    await ctx.database.db
      .update(tableVisit)
      .set({ closedAt: new Date() })
      .where(eq(tableVisit.tableId, tableId));
    const closedBefore = await snapshot(ctx);
    const closed = await pay(ctx, anna, {
      tableId,
      method: 'CASH',
      selection: { kind: 'items', items: [{ orderItemId: beer, quantity: 1 }] },
      expectedAmount: 990,
    });
    expect(closed.statusCode).toBe(403);
    expect(await snapshot(ctx)).toEqual(closedBefore);
    expect((await payable(ctx, anna, tableId)).visitId).toBeNull();
  });

  it('lets only staff with confirmPayments of the same restaurant confirm: KITCHEN 403, another restaurant 404', async () => {
    const tableId = await freshTable();
    const anna = await diner(ctx, tableId);
    await acceptedOrder(ctx, anna, tableId, [['beer', 1]]);
    const p = created(
      await pay(ctx, anna, { tableId, method: 'CASH', selection: { kind: 'rest' }, expectedAmount: 990 }),
    );
    await createStaff(ctx.database, {
      shortName: 'pub',
      email: 'kurt@pub.test',
      password: PASSWORD,
      role: 'KITCHEN',
    });
    await createStaff(ctx.database, {
      shortName: 'other',
      email: 'otto@other.test',
      password: PASSWORD,
      role: 'OWNER',
    });
    const kitchen = await logIn(ctx.app, 'kurt@pub.test');
    const stranger = await logIn(ctx.app, 'otto@other.test');
    const before = await snapshot(ctx);
    const byKitchen = await asStaff(ctx.app, kitchen, 'POST', `/api/staff/payments/${p.id}/confirm`, {});
    expect(byKitchen.statusCode).toBe(403);
    const byStranger = await asStaff(ctx.app, stranger, 'POST', `/api/staff/payments/${p.id}/confirm`, {});
    expect(byStranger.statusCode).toBe(404);
    const noCsrf = await ctx.app.inject({
      method: 'POST',
      url: `/api/staff/payments/${p.id}/confirm`,
      headers: { cookie: ctx.waiter.cookie },
      payload: {},
    });
    expect(noCsrf.statusCode).toBe(403);
    expect(await snapshot(ctx)).toEqual(before);
    const cancel = await asStaff(ctx.app, ctx.waiter, 'POST', `/api/staff/payments/${p.id}/cancel`, {});
    expect([cancel.statusCode, cancel.json().status]).toEqual([200, 'CANCELLED']);
    expect((await confirm(p.id)).statusCode).toBe(409);
    expect((await payable(ctx, anna, tableId)).leftAmount).toBe(990);
  });
});

import { Writable } from 'node:stream';
import { type Payment, PaymentResultSchema, PaymentSchema } from '@tablo/contract/payment';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acceptedOrder,
  createPaymentsApp,
  diner,
  getPayment,
  type PaymentsContext,
  pay,
} from '../../../test/helpers/payments.ts';
import { testConfig } from '../../../test/helpers/test-app.ts';
import { createPgliteTestDatabase, testDatabaseKinds } from '../../../test/helpers/test-database.ts';
import { buildApp } from '../../app.ts';
import { loggerOptions } from '../../lib/logger.ts';

/**
 * Issue 23 point 4: the sandbox's hosted checkout decides only for the payer. Payment ids reach every
 * phone at the table (and the staff board); the checkout URL with its key reaches the payer's alone.
 */

function created(response: { statusCode: number; body: string; json(): unknown }): Payment {
  if (response.statusCode !== 201) throw new Error(`pay ${response.statusCode} ${response.body}`);
  return PaymentSchema.parse(response.json());
}

const TOKEN = /name="token" value="([^"]+)"/;

describe.each(testDatabaseKinds())('the sandbox checkout and the table’s other diners on %s', (kind) => {
  let ctx: PaymentsContext;

  beforeAll(async () => {
    ctx = await createPaymentsApp(kind);
  });
  afterAll(() => ctx.close());

  const postForm = (paymentId: string, form: Record<string, string>) =>
    ctx.app.inject({
      method: 'POST',
      url: `/sandbox-checkout/${paymentId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });

  const statusOf = async (sessionId: string, paymentId: string) =>
    PaymentResultSchema.parse((await getPayment(ctx, sessionId, paymentId)).json()).payment.status;

  it('a table-mate who knows the payment id can neither open its checkout nor cancel or decline it', async () => {
    const tableId = ctx.pub.tables[1] as number;
    const anna = await diner(ctx, tableId);
    const bela = await diner(ctx, tableId);
    await acceptedOrder(ctx, anna, tableId, [['goulash', 1]]);
    const online = created(
      await pay(ctx, anna, {
        tableId,
        method: 'ONLINE',
        selection: { kind: 'rest' },
        expectedAmount: 2490,
        lang: 'en',
      }),
    );
    if (!online.checkoutUrl) throw new Error('no checkout url for the payer');

    // Béla reads the payment (his table's): no checkout URL for him.
    const seenByBela = PaymentResultSchema.parse((await getPayment(ctx, bela, online.id)).json()).payment;
    expect([seenByBela.isMine, seenByBela.checkoutUrl]).toEqual([false, null]);
    // The page by the id alone: refused, and no form token in it.
    const byId = await ctx.app.inject({ method: 'GET', url: `/sandbox-checkout/${online.id}?lang=en` });
    expect(byId.statusCode).toBe(403);
    expect(byId.body).not.toMatch(TOKEN);
    // A decision without the payer's key, or with a wrong one, changes nothing.
    for (const form of [
      { action: 'cancel' } as Record<string, string>,
      { action: 'decline', token: 'x'.repeat(43) },
      { action: 'cancel', token: '' },
    ]) {
      expect((await postForm(online.id, form)).statusCode).toBe(403);
    }
    expect(await statusOf(bela, online.id)).toBe('PENDING');

    // Anna's own URL (and hers only: she reads it again with the payment) opens the form, and it decides.
    const seenByAnna = PaymentResultSchema.parse((await getPayment(ctx, anna, online.id)).json()).payment;
    expect(seenByAnna.checkoutUrl).toBe(online.checkoutUrl);
    const url = new URL(online.checkoutUrl);
    const page = await ctx.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(page.statusCode).toBe(200);
    const token = TOKEN.exec(page.body)?.[1];
    expect(token).toBeDefined();
    const decided = await postForm(online.id, { token: token as string, action: 'approve', lang: 'en' });
    expect(decided.statusCode).toBe(303);
    expect(await statusOf(bela, online.id)).toBe('SUCCEEDED');
  });
});

describe('the sandbox secret at start', () => {
  const warningsOf = async (env: Record<string, string>) => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const database = await createPgliteTestDatabase();
    const app = await buildApp({
      database,
      config: testConfig({ PAYMENT_PROVIDER: 'sandbox', ...env }),
      logger: { ...loggerOptions('info'), stream },
    });
    await app.ready();
    await app.close();
    await database.close();
    return lines
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .filter((line) => line.level === 40 && line.msg.includes('PAYMENT_SANDBOX_SECRET'));
  };

  it('warns when the secret is random and a shared database means several instances may serve', async () => {
    const shared = await warningsOf({ DATABASE_URL: 'postgres://db.invalid/tablo' });
    expect(shared).toHaveLength(1);
    expect(shared[0]?.msg).toContain('every instance');
    expect(await warningsOf({})).toEqual([]);
    expect(
      await warningsOf({
        DATABASE_URL: 'postgres://db.invalid/tablo',
        PAYMENT_SANDBOX_SECRET: 'a-shared-secret-of-32-characters',
      }),
    ).toEqual([]);
  });
});

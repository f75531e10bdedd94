import { PaymentResultSchema, PaymentSchema } from '@tablo/contract/payment';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../../src/app.ts';
import { payment } from '../../src/db/schema.ts';
import type { App } from '../../src/lib/app-type.ts';
import { StripeProvider } from '../../src/modules/payments/providers/stripe.ts';
import { createStaff } from '../../src/modules/staff/create-staff.ts';
import {
  asStaff,
  createPaymentsApp,
  getPayment,
  logIn,
  PASSWORD,
  type PaymentsContext,
  pay,
  type StaffLogin,
} from './payments.ts';
import { type StandInEvent, type StripeApiStandIn, startStripeApiStandIn } from './stripe-stand-in.ts';
import { testConfig } from './test-app.ts';
import type { TestDatabaseKind } from './test-database.ts';

/** Test kit of the Stripe side: the app on the Stripe stand-in, a manager, webhooks delivered at will. */

export const WEBHOOK_SECRET = 'whsec_test_tablo_0123456789';

export interface StripeContext extends PaymentsContext {
  standIn: StripeApiStandIn;
  manager: StaffLogin;
  /** A provider of our own on the stand-in (what the reconciler uses), for calling the module directly. */
  provider: StripeProvider;
  env: Record<string, string>;
}

export async function createStripeApp(kind: TestDatabaseKind): Promise<StripeContext> {
  const standIn = await startStripeApiStandIn();
  const env = {
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_tablo',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: standIn.url,
  };
  const ctx = await createPaymentsApp(kind, env);
  await createStaff(ctx.database, {
    shortName: 'pub',
    email: 'max@pub.test',
    password: PASSWORD,
    role: 'MANAGER',
  });
  const manager = await logIn(ctx.app, 'max@pub.test');
  const provider = new StripeProvider({
    secretKey: 'sk_test_tablo',
    webhookSecret: WEBHOOK_SECRET,
    apiBase: standIn.url,
  });
  return {
    ...ctx,
    standIn,
    manager,
    provider,
    env,
    async close() {
      await ctx.close();
      await standIn.close();
    },
  };
}

/** Another instance of the app on the same database (its reconciler runs at start). */
export async function secondInstance(ctx: StripeContext): Promise<App> {
  const app = await buildApp({
    database: ctx.database,
    config: testConfig({ RATE_LIMIT_ORDERS_PER_MINUTE: '100000', ...ctx.env }),
    logger: false,
  });
  await app.ready();
  return app;
}

/** Stripe delivers this event to our webhook (signed). */
export function deliver(ctx: StripeContext, event: StandInEvent | object) {
  const { payload, signature } = ctx.standIn.signed(event, WEBHOOK_SECRET);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/payments/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
}

/** The events the stand-in queued for this session, taken out of its outbox (delivered by the test, or never). */
export function takeEvents(ctx: StripeContext, sessionId: string): StandInEvent[] {
  const taken = ctx.standIn.outbox.filter((event) => event.data.object.id === sessionId);
  for (const event of taken) ctx.standIn.outbox.splice(ctx.standIn.outbox.indexOf(event), 1);
  return taken;
}

export function forceClose(ctx: StripeContext, tableId: number) {
  return asStaff(ctx.app, ctx.manager, 'POST', `/api/staff/tables/${tableId}/close`, { force: true });
}

export async function payOnline(
  ctx: StripeContext,
  sessionId: string,
  tableId: number,
  amount: number,
  tip = 0,
  key?: string,
) {
  const response = await pay(
    ctx,
    sessionId,
    { tableId, method: 'ONLINE', selection: { kind: 'rest' }, expectedAmount: amount, tip, lang: 'en' },
    key,
  );
  if (response.statusCode !== 201) throw new Error(`${response.statusCode} ${response.body}`);
  const created = PaymentSchema.parse(response.json());
  return { ...created, sessionId: ctx.standIn.sessionOf(created.checkoutUrl as string) };
}

export async function paymentRow(ctx: StripeContext, paymentId: string) {
  const [row] = await ctx.database.db.select().from(payment).where(eq(payment.id, paymentId));
  if (!row) throw new Error(`no payment ${paymentId}`);
  return row;
}

export async function readResult(ctx: StripeContext, sessionId: string, paymentId: string) {
  return PaymentResultSchema.parse((await getPayment(ctx, sessionId, paymentId)).json());
}

/** The table's late-success events, in order (what the board's live channel carries). */
export async function lateEvents(ctx: StripeContext, paymentId: string): Promise<string[]> {
  const result = await ctx.database.db.execute(sql`
    select payload->>'outcome' as outcome from table_event
    where type = 'payment.late_success' and payload->>'paymentId' = ${paymentId} order by id`);
  return (result as unknown as { rows: { outcome: string }[] }).rows.map((row) => row.outcome);
}

/** Waits for a condition (background work: the expiry at Stripe runs after the commit). */
export async function until(check: () => Promise<boolean> | boolean, what: string, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

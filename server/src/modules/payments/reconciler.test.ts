import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedOrder, diner } from '../../../test/helpers/payments.ts';
import {
  createStripeApp,
  forceClose,
  paymentRow,
  payOnline,
  type StripeContext,
  takeEvents,
  until,
} from '../../../test/helpers/stripe.ts';
import { testDatabaseKinds } from '../../../test/helpers/test-database.ts';
import { startReconciler } from './reconciler.ts';

/**
 * The reconciler's timer (docs/decisions/052): after its pass at start, it asks Stripe again every
 * interval, so a payment whose webhook was lost after the instance started still completes; stopping it
 * waits for the pass in flight and no pass runs after. The app's own reconciler leaves new payments alone
 * for 120 s (its gap) and runs every 60 s: within this test only the reconciler started here can act.
 */
describe.each(testDatabaseKinds())('the periodic reconciliation pass on %s', (kind) => {
  const INTERVAL_MS = 40;
  let ctx: StripeContext;
  let next = 0;

  beforeAll(async () => {
    ctx = await createStripeApp(kind);
  });
  afterAll(() => ctx.close());

  /** A table with a new party whose diner is on Stripe's page for its order (3480 Ft). */
  async function onStripePage() {
    const tableId = ctx.pub.tables[(next++ % 6) + 1] as number;
    expect([204, 409]).toContain((await forceClose(ctx, tableId)).statusCode);
    const anna = await diner(ctx, tableId);
    await acceptedOrder(ctx, anna, tableId, [
      ['beer', 1],
      ['goulash', 1],
    ]);
    return payOnline(ctx, anna, tableId, 3480);
  }

  /** The diner pays on Stripe's page; the webhook (checkout.session.completed) is lost. */
  function paidWithLostWebhook(sessionId: string) {
    expect(ctx.standIn.complete(sessionId)).toBe(true);
    expect(takeEvents(ctx, sessionId).map((event) => event.type)).toEqual(['checkout.session.completed']);
  }

  const retrievesOf = (sessionId: string) =>
    ctx.standIn.requests.filter((r) => r.method === 'GET' && r.path.endsWith(sessionId)).length;

  it('completes a payment whose webhook was lost after the start pass, and stops cleanly', async () => {
    const errors: unknown[] = [];
    const reconciler = await startReconciler(ctx.database, ctx.provider, {
      intervalMs: INTERVAL_MS,
      afterSeconds: 0,
      onError: (error) => errors.push(error),
    });
    let stopped = false;
    try {
      // The pass at start is over (run() answers the pass in flight): what follows is the timer's.
      await reconciler.run();
      const first = await onStripePage();
      paidWithLostWebhook(first.sessionId);
      await until(
        async () => (await paymentRow(ctx, first.id)).status === 'SUCCEEDED',
        'the periodic pass completed the payment',
      );
      expect(await paymentRow(ctx, first.id)).toMatchObject({ status: 'SUCCEEDED', lateOutcome: null });
      expect((await paymentRow(ctx, first.id)).checkoutClosedAt).not.toBeNull();

      // Stopping while a pass is asking Stripe: stop() waits for that pass, which finishes its payment.
      // (Stripe answers the held request after release: by then the diner has paid.)
      const second = await onStripePage();
      const held = ctx.standIn.holdNext();
      await held.arrived;
      paidWithLostWebhook(second.sessionId);
      let stopDone = false;
      const stopping = reconciler.stop().then(() => {
        stopDone = true;
      });
      stopped = true;
      await new Promise((resolve) => setImmediate(resolve));
      expect(stopDone).toBe(false);
      held.release();
      await stopping;
      expect((await paymentRow(ctx, second.id)).status).toBe('SUCCEEDED');

      // No pass after stop(): a third lost webhook stays lost over many intervals (a bounded wait, as
      // nothing can be polled for what must not happen).
      const third = await onStripePage();
      paidWithLostWebhook(third.sessionId);
      await new Promise((resolve) => setTimeout(resolve, INTERVAL_MS * 10));
      expect(retrievesOf(third.sessionId)).toBe(0);
      expect((await paymentRow(ctx, third.id)).status).toBe('PENDING');
      expect(errors).toEqual([]);
    } finally {
      if (!stopped) await reconciler.stop();
    }
  });
});

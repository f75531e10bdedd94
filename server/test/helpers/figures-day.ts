import { randomUUID } from 'node:crypto';
import { OrderSchema } from '@tablo/contract/order';
import { PaymentSchema } from '@tablo/contract/payment';
import { RefundSchema } from '@tablo/contract/refund';
import { sql } from 'drizzle-orm';
import { amountOfShares } from '../../src/modules/payments/split-math.ts';
import { insertOptionGroup, SAUCES } from './choices.ts';
import { postOrder } from './ordering-kit.ts';
import {
  asStaff,
  diner,
  moveOrder,
  type PaymentsContext,
  pay,
  payable,
  type StaffLogin,
} from './payments.ts';

/**
 * A day of random orders and payments for the figures' tests (docs/decisions/076), built through the real
 * API — orders placed, accepted or rejected, paid by cash, card and online (the sandbox's own form), by
 * parts of lines and by equal shares, with tips, a refund, forced closes — and then moved in time: every
 * order, payment, refund and rating gets the instant the plan gives it (an UPDATE of its timestamp), as the
 * routes stamp the database's clock. Deterministic for a seed.
 */

export interface DayPlan {
  /** The business day's bounds, written as the test knows them (not computed by the code under test). */
  start: Date;
  end: Date;
  orders: number;
}

export interface DayLedger {
  /** Orders the plan placed inside [start, end), accepted and rejected. */
  acceptedInDay: number;
  rejectedInDay: number;
  forcedCloses: number;
  refunds: number;
  methods: Set<string>;
}

/** mulberry32: a small seeded generator, so a failing day can be built again from its seed. */
export function seeded(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)] as T,
  };
}

const TOKEN = /name="token" value="([^"]+)"/;
const HOUR = 3_600_000;

export async function buildDay(
  ctx: PaymentsContext,
  manager: StaffLogin,
  plan: DayPlan,
  seed: number,
): Promise<DayLedger> {
  const random = seeded(seed);
  const sauces = await insertOptionGroup(ctx.database.db, ctx.pub.id, SAUCES, [
    ctx.pub.items.goulash as number,
  ]);
  const ledger: DayLedger = {
    acceptedInDay: 0,
    rejectedInDay: 0,
    forcedCloses: 0,
    refunds: 0,
    methods: new Set(),
  };
  const tables = Object.values(ctx.pub.tables);
  // Orders just before and at each bound, then the rest anywhere from 4 hours before the day to 4 after.
  const edges = [
    -1000,
    0,
    plan.end.getTime() - plan.start.getTime() - 1000,
    plan.end.getTime() - plan.start.getTime(),
  ];
  let placed = 0;
  let visitNumber = 0;
  while (placed < plan.orders) {
    const tableId = tables[visitNumber % tables.length] as number;
    const last = plan.orders - placed <= tables.length * 3;
    visitNumber += 1;
    const base = new Date(
      plan.start.getTime() +
        (edges[visitNumber - 1] ??
          random.int(-4 * HOUR, plan.end.getTime() - plan.start.getTime() + 4 * HOUR)),
    );
    const inDay = (at: Date) => at >= plan.start && at < plan.end;
    const session = await diner(ctx, tableId);
    const count = Math.min(random.int(1, 5), plan.orders - placed);
    let accepted = 0;
    for (let index = 0; index < count; index += 1) {
      const at = new Date(base.getTime() + index * 4 * 60_000);
      const items = Array.from({ length: random.int(1, 3) }, () => {
        const ref = random.pick(['beer', 'goulash', 'langos'] as const);
        const choices =
          ref === 'goulash' && random.next() < 0.5
            ? [{ optionId: random.pick(Object.values(sauces.options)) }]
            : [];
        return { menuItemId: ctx.pub.items[ref], quantity: random.int(1, 4), choices };
      });
      const response = await postOrder(ctx.app, `order-${randomUUID()}`, {
        sessionId: session,
        tableId,
        items,
      });
      if (response.statusCode !== 201) throw new Error(`order ${response.statusCode} ${response.body}`);
      const order = OrderSchema.parse(response.json());
      placed += 1;
      await ctx.database.db.execute(
        sql`update orders set created_at = ${at.toISOString()}::timestamptz where id = ${order.id}`,
      );
      if (random.next() < 0.05) {
        const rejected = await asStaff(ctx.app, manager, 'PATCH', `/api/staff/orders/${order.id}`, {
          status: 'REJECTED',
          reason: 'Elfogyott',
        });
        if (rejected.statusCode !== 200) throw new Error(`reject ${rejected.statusCode} ${rejected.body}`);
        if (inDay(at)) ledger.rejectedInDay += 1;
        continue;
      }
      await moveOrder(ctx, order.id, 'ACCEPTED', manager);
      if (random.next() < 0.5) await moveOrder(ctx, order.id, 'SERVED', manager);
      if (inDay(at)) ledger.acceptedInDay += 1;
      accepted += 1;
    }
    const paidAt = new Date(base.getTime() + random.int(20, 180) * 60_000);
    const payments: string[] = [];
    const way =
      accepted === 0 ? 'none' : last ? 'open' : random.pick(['rest', 'rest', 'part', 'shares', 'forced']);
    const paid = async (method: 'CASH' | 'CARD' | 'ONLINE', selection: object, expected: number) => {
      const tip = random.next() < 0.4 ? random.int(1, 60) * 10 : 0;
      // Online payments take at least the provider's minimum: a small remainder is paid by card instead.
      const how = method === 'ONLINE' && expected < 200 ? 'CARD' : method;
      const created = await pay(ctx, session, {
        tableId,
        method: how,
        selection: selection as never,
        expectedAmount: expected,
        tip,
      });
      if (created.statusCode !== 201) throw new Error(`pay ${created.statusCode} ${created.body}`);
      const payment = PaymentSchema.parse(created.json());
      if (how === 'ONLINE') await approveOnline(ctx, payment.checkoutUrl);
      else {
        const confirmed = await asStaff(
          ctx.app,
          manager,
          'POST',
          `/api/staff/payments/${payment.id}/confirm`,
          {},
        );
        if (confirmed.statusCode !== 200)
          throw new Error(`confirm ${confirmed.statusCode} ${confirmed.body}`);
      }
      ledger.methods.add(how);
      payments.push(payment.id);
      return payment;
    };
    if (way === 'rest' || way === 'part') {
      if (way === 'part') {
        const line = (await payable(ctx, session, tableId)).lines.find((l) => l.freeQuantity >= 2);
        if (line)
          await paid(
            'CARD',
            { kind: 'items', items: [{ orderItemId: line.orderItemId, quantity: 1 }] },
            line.unitPrice,
          );
      }
      const left = (await payable(ctx, session, tableId)).leftAmount;
      if (left > 0) await paid(random.pick(['CASH', 'CARD', 'ONLINE'] as const), { kind: 'rest' }, left);
    } else if (way === 'shares') {
      const shares = random.int(2, 3);
      const left = (await payable(ctx, session, tableId)).leftAmount;
      let open = left;
      for (let share = 0; share < shares; share += 1) {
        const amount = amountOfShares(open, shares - share, 1);
        await paid(random.pick(['CASH', 'CARD'] as const), { kind: 'shares', shares, count: 1 }, amount);
        open -= amount;
      }
    } else if (way === 'forced') {
      const line = (await payable(ctx, session, tableId)).lines.find((l) => l.freeQuantity > 0);
      if (line && random.next() < 0.5)
        await paid(
          'CASH',
          { kind: 'items', items: [{ orderItemId: line.orderItemId, quantity: 1 }] },
          line.unitPrice,
        );
      else if (random.next() < 0.5) {
        // Half of an equal split paid, then the table closed: the split's other shares are written off.
        const left = (await payable(ctx, session, tableId)).leftAmount;
        await paid('CASH', { kind: 'shares', shares: 2, count: 1 }, amountOfShares(left, 2, 1));
      }
    }
    if (way !== 'open') {
      const close = await asStaff(ctx.app, manager, 'POST', `/api/staff/tables/${tableId}/close`, {
        force: way === 'forced',
      });
      if (close.statusCode !== 204) throw new Error(`close ${way} ${close.statusCode} ${close.body}`);
      if (way === 'forced') ledger.forcedCloses += 1;
    }
    for (const id of payments) {
      await ctx.database.db.execute(
        sql`update payment set paid_at = ${paidAt.toISOString()}::timestamptz where id = ${id}::uuid`,
      );
    }
    // Now and then a refund of part of a cash or card payment, ten minutes after it was paid.
    const refundable = payments[0];
    if (refundable && random.next() < 0.08) {
      const refund = await ctx.app.inject({
        method: 'POST',
        url: `/api/staff/payments/${refundable}/refunds`,
        headers: {
          cookie: manager.cookie,
          'x-csrf-token': manager.csrf,
          'idempotency-key': `refund-${randomUUID()}`,
        },
        payload: { amount: 100, reason: 'Hideg volt a leves' },
      });
      if (refund.statusCode !== 201) throw new Error(`refund ${refund.statusCode} ${refund.body}`);
      const id = RefundSchema.parse(refund.json()).id;
      const at = new Date(paidAt.getTime() + 10 * 60_000).toISOString();
      await ctx.database.db.execute(
        sql`update refund set refunded_at = ${at}::timestamptz where id = ${id}::uuid`,
      );
      ledger.refunds += 1;
    }
    if (random.next() < 0.3) {
      const itemId = random.pick(Object.values(ctx.pub.items));
      const rated = await ctx.app.inject({
        method: 'POST',
        url: '/api/menu-item-ratings',
        payload: { sessionId: session, menuItemId: itemId, rating: random.pick(['LIKE', 'DISLIKE']) },
      });
      if (rated.statusCode !== 200) throw new Error(`rating ${rated.statusCode} ${rated.body}`);
      await ctx.database.db.execute(
        sql`update menu_item_rating set created_at = ${base.toISOString()}::timestamptz where session_id = ${session}::uuid`,
      );
    }
  }
  return ledger;
}

/** Pays an online payment on the sandbox's hosted page, as the diner would (its URL carries the key). */
async function approveOnline(ctx: PaymentsContext, checkoutUrl: string | null) {
  if (!checkoutUrl) throw new Error('no checkout URL');
  const url = new URL(checkoutUrl);
  const page = await ctx.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
  const token = TOKEN.exec(page.body)?.[1];
  if (!token) throw new Error(`no sandbox form: ${page.statusCode}`);
  const decided = await ctx.app.inject({
    method: 'POST',
    url: url.pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ token, action: 'approve', lang: 'hu' }).toString(),
  });
  if (decided.statusCode !== 303) throw new Error(`sandbox ${decided.statusCode} ${decided.body}`);
}

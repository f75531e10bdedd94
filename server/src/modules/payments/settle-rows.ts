import type { PaymentMethod, PaymentStatus } from '@tablo/contract/payment';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rowsOf } from '../../db/rows.ts';
import { billSplit, orderItem, orders, payment } from '../../db/schema.ts';
import {
  cursorsOf,
  jsonbObjectSql,
  type StoredEvent,
  storedEventSql,
  tableEventCtes,
  tableEventCursors,
} from '../live/event-log.ts';

type PaidItem = Extract<StoredEvent, { type: 'order.items_paid' }>['items'][number];

/** Settling a payment: its status, the units it pays, the orders it makes PAID, its events. */

export interface Settlement {
  paymentId: string;
  to: Exclude<PaymentStatus, 'PENDING'>;
  /** The status it leaves: PENDING, or for a late success accepted, the status we had ended it with. */
  from?: PaymentStatus;
  /** The provider's checkout is over with this settlement (its outcome came from the provider). */
  closeCheckout?: boolean;
  /** A late success accepted (docs/decisions/052). */
  lateOutcome?: 'ACCEPTED';
  tableId: number;
  visitId: number;
  method: PaymentMethod;
  amount: number;
  /** Units that become paid (SUCCEEDED only): the payment's items, and the split's claims with its last share. */
  units: { orderItemId: number; quantity: number }[];
  /** The open split this settlement closes: PAID with its last share, CANCELLED when left idle. */
  closeSplit: { id: number; status: 'PAID' | 'CANCELLED' } | null;
}

/**
 * Settles a payment in one statement, under the visit lock the caller holds: PENDING → `to` (only from
 * PENDING — nothing else happens when it had left PENDING already, `changed: false`); the units become
 * paid after their orders are locked (FOR UPDATE, in id order: a staff member serving one of them runs
 * strictly before or after); SERVED orders whose every unit is now paid become PAID; the split is closed;
 * and the events are appended (payment.changed, order.items_paid per order, order.status_changed), under
 * the table's event lock — so it is the last statement of the transaction.
 *
 * Whether an order is SERVED is judged on the row as locked (`locked_orders`), not as of the statement's
 * start: a serve committed while this statement waited for the order's lock is seen. The other lines'
 * paid quantities can only change under the visit lock, so the statement's snapshot has them.
 */
export async function settleRows(
  tx: Db,
  s: Settlement,
): Promise<{ changed: boolean; cursors: number[]; providerReference: string | null }> {
  const units = s.units.length
    ? sql.join(
        s.units.map((unit) => sql`(${unit.orderItemId}::int, ${unit.quantity}::int)`),
        sql`, `,
      )
    : null;
  const result = await tx.execute(sql`
    with fin as (
      update ${payment} set status = ${s.to}, updated_at = now()${s.to === 'SUCCEEDED' ? sql`, paid_at = now()` : sql``}${
        s.closeCheckout ? sql`, checkout_closed_at = now()` : sql``
      }${s.lateOutcome ? sql`, late_outcome = ${s.lateOutcome}` : sql``}
      where id = ${s.paymentId} and status = ${s.from ?? 'PENDING'}${s.lateOutcome ? sql` and late_outcome is null` : sql``}
      returning id, provider_reference
    ),${
      s.closeSplit
        ? sql`
    split_closed as (
      update ${billSplit} set status = ${s.closeSplit.status}, updated_at = now()
      where id = ${s.closeSplit.id} and status = 'OPEN' and exists (select 1 from fin)
      returning id
    ),`
        : sql``
    }${
      units
        ? sql`
    units (id, quantity) as (values ${units}),
    locked_orders as materialized (
      select o.id, o.status from ${orders} o
      where exists (select 1 from fin)
        and o.id in (select oi.order_id from ${orderItem} oi join units u on u.id = oi.id)
      order by o.id
      for update of o
    ),
    paid as (
      update ${orderItem} oi set paid_quantity = oi.paid_quantity + u.quantity
      from units u
      where oi.id = u.id and (select count(*) from locked_orders) > 0
      returning oi.id, oi.order_id, oi.paid_quantity
    ),
    marked as (
      update ${orders} o set status = 'PAID', updated_at = now()
      from locked_orders lo
      where o.id = lo.id and lo.status = 'SERVED'
        and not exists (select 1 from ${orderItem} oi left join paid p on p.id = oi.id
          where oi.order_id = o.id and coalesce(p.paid_quantity, oi.paid_quantity) < oi.quantity)
      returning o.id
    ),`
        : sql``
    }
    event_rows as (
      select 0::bigint as ord, 'payment.changed'::text as type, ${storedEventSql('payment.changed', {
        paymentId: sql`${s.paymentId}::text`,
        status: sql`${s.to}::text`,
        method: sql`${s.method}::text`,
        amount: sql`${s.amount}::int`,
      })} as payload
      from fin${
        units
          ? sql`
      union all
      select (1::bigint << 40) + p.order_id, 'order.items_paid', ${storedEventSql('order.items_paid', {
        orderId: sql`p.order_id`,
        items: sql`jsonb_agg(${jsonbObjectSql<PaidItem>({ orderItemId: sql`p.id`, paidQuantity: sql`p.paid_quantity` })} order by p.id)`,
      })}
      from paid p group by p.order_id
      union all
      select (2::bigint << 40) + m.id, 'order.status_changed', ${storedEventSql('order.status_changed', {
        orderId: sql`m.id`,
        status: sql`'PAID'`,
        rejectReason: sql`null`,
      })}
      from marked m`
          : sql``
      }
    ),
    ${tableEventCtes({
      tableId: s.tableId,
      visitId: s.visitId,
      events: sql`select ord, type, payload from event_rows`,
      when: sql`exists (select 1 from fin)`,
    })}
    select (select count(*) from fin)::int as changed, (select provider_reference from fin) as "providerReference",
      ${tableEventCursors} as cursors`);
  const row = rowsOf<{ changed: number; providerReference: string | null; cursors: unknown }>(result)[0];
  return {
    changed: Number(row?.changed ?? 0) === 1,
    cursors: cursorsOf(row?.cursors),
    providerReference: row?.providerReference ?? null,
  };
}

/** SERVED orders among these whose every unit is paid become PAID; answers their ids. */
export async function markFullyPaidServed(tx: Db, orderIds: number[]): Promise<number[]> {
  if (orderIds.length === 0) return [];
  const updated = await tx
    .update(orders)
    .set({ status: 'PAID', updatedAt: sql`now()` })
    .where(
      and(
        inArray(orders.id, orderIds),
        eq(orders.status, 'SERVED'),
        sql`not exists (select 1 from ${orderItem} oi where oi.order_id = ${orders.id} and oi.paid_quantity < oi.quantity)`,
      ),
    )
    .returning({ id: orders.id });
  return updated.map((row) => row.id).sort((a, b) => a - b);
}

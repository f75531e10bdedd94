import type { OrderChoice } from '@tablo/contract/menu-options';
import { type SQL, sql } from 'drizzle-orm';
import { billSplit, billSplitItem, orderItem, orders, payment, paymentItem } from '../../db/schema.ts';

type Titles = { isoCode: string; title: string }[];

/** An order line of the visit with its units paid, inside pending payments and claimed by the open split. */
export interface LineState {
  orderItemId: number;
  orderId: number;
  orderStatus: string;
  sessionId: string;
  menuItemId: number;
  titles: Titles;
  /** Issue 27: the line's choices as ordered. */
  choices: OrderChoice[];
  unitPrice: number;
  vatPercent: number;
  quantity: number;
  paidQuantity: number;
  pendingQuantity: number;
  claimedQuantity: number;
}

/** Units of the line nobody has paid, is paying or has claimed. */
export function freeOf(line: LineState): number {
  return line.quantity - line.paidQuantity - line.pendingQuantity - line.claimedQuantity;
}

/**
 * The state of the payable lines (orders ACCEPTED, SERVED or PAID) of the visit `visitId` (an SQL
 * expression), as one JSON array in line order (columns of LineState), `'[]'` when none: the one place a
 * line's state is written. `onlyLines` keeps those ids only (one statement text for any number of them:
 * the ids go as an array literal; bigint, so an id beyond int is "not payable", not an error).
 */
export function lineStatesSql(visitId: SQL, onlyLines?: number[]): SQL {
  const lineFilter = onlyLines
    ? sql` and oi.id = any(${`{${onlyLines.map((id) => Math.trunc(id)).join(',')}}`}::bigint[])`
    : sql``;
  return sql`coalesce((select json_agg(l order by l."orderItemId") from (
        select oi.id as "orderItemId", oi.order_id as "orderId", o.status as "orderStatus",
          o.session_id as "sessionId", oi.menu_item_id as "menuItemId", oi.titles, oi.choices, oi.unit_price as "unitPrice",
          oi.vat_percent as "vatPercent", oi.quantity, oi.paid_quantity as "paidQuantity",
          coalesce((select sum(pi.quantity) from ${paymentItem} pi join ${payment} p on p.id = pi.payment_id
            where pi.order_item_id = oi.id and p.status = 'PENDING'), 0)::int as "pendingQuantity",
          coalesce((select sum(bi.quantity) from ${billSplitItem} bi join ${billSplit} b on b.id = bi.split_id
            where bi.order_item_id = oi.id and b.status = 'OPEN'), 0)::int as "claimedQuantity"
        from ${orderItem} oi join ${orders} o on o.id = oi.order_id
        where o.visit_id = ${visitId} and o.status in ('ACCEPTED', 'SERVED', 'PAID')${lineFilter}) l), '[]'::json)`;
}

/** The lines from the JSON array of lineStatesSql, already parsed (vat_percent is numeric: a string). */
export function lineStatesOf(lines: LineState[]): LineState[] {
  return lines.map((line) => ({ ...line, vatPercent: Number(line.vatPercent) }));
}

import { eq } from 'drizzle-orm';
import type { Db } from '../../src/db/database.ts';
import { orderItem, orders, payment, paymentItem } from '../../src/db/schema.ts';

/** What the database holds after a fault, read straight from the tables, and how it may be wrong. */

export interface StoredOrder {
  id: number;
  total: number;
  items: { menuItemId: number; quantity: number; unitPrice: number }[];
}

export interface StoredPayment {
  id: string;
  status: string;
  amount: number;
  shareAmount: number;
  items: { orderItemId: number; quantity: number; amount: number }[];
}

/** Orders by idempotency key (a key with two orders would be a duplicate). */
export async function storedOrders(db: Db): Promise<Map<string, StoredOrder[]>> {
  const rows = await db
    .select({
      key: orders.idempotencyKey,
      id: orders.id,
      total: orders.total,
      menuItemId: orderItem.menuItemId,
      quantity: orderItem.quantity,
      unitPrice: orderItem.unitPrice,
    })
    .from(orders)
    .leftJoin(orderItem, eq(orderItem.orderId, orders.id));
  const byId = new Map<number, StoredOrder & { key: string }>();
  for (const row of rows) {
    const order = byId.get(row.id) ?? { key: row.key, id: row.id, total: row.total, items: [] };
    byId.set(row.id, order);
    if (row.menuItemId !== null && row.quantity !== null && row.unitPrice !== null)
      order.items.push({ menuItemId: row.menuItemId, quantity: row.quantity, unitPrice: row.unitPrice });
  }
  return groupByKey([...byId.values()]);
}

export async function storedPayments(db: Db): Promise<Map<string, StoredPayment[]>> {
  const rows = await db
    .select({
      key: payment.idempotencyKey,
      id: payment.id,
      status: payment.status,
      amount: payment.amount,
      shareAmount: payment.shareAmount,
      orderItemId: paymentItem.orderItemId,
      quantity: paymentItem.quantity,
      itemAmount: paymentItem.amount,
    })
    .from(payment)
    .leftJoin(paymentItem, eq(paymentItem.paymentId, payment.id));
  const byId = new Map<string, StoredPayment & { key: string }>();
  for (const row of rows) {
    const stored = byId.get(row.id) ?? {
      key: row.key,
      id: row.id,
      status: row.status,
      amount: row.amount,
      shareAmount: row.shareAmount,
      items: [],
    };
    byId.set(row.id, stored);
    if (row.orderItemId !== null && row.quantity !== null && row.itemAmount !== null)
      stored.items.push({ orderItemId: row.orderItemId, quantity: row.quantity, amount: row.itemAmount });
  }
  return groupByKey([...byId.values()]);
}

function groupByKey<T extends { key: string }>(values: T[]): Map<string, Omit<T, 'key'>[]> {
  const grouped = new Map<string, Omit<T, 'key'>[]>();
  for (const { key, ...rest } of values) grouped.set(key, [...(grouped.get(key) ?? []), rest]);
  return grouped;
}

/** Orders without items, or whose total is not the sum of their lines: half-stored. */
export function partialOrders(stored: Map<string, StoredOrder[]>): string[] {
  const problems: string[] = [];
  for (const [key, list] of stored) {
    for (const order of list) {
      const sum = order.items.reduce((total, item) => total + item.unitPrice * item.quantity, 0);
      if (order.items.length === 0 || sum !== order.total)
        problems.push(`${key}: ${order.items.length} lines, total ${order.total}, lines sum ${sum}`);
    }
  }
  return problems;
}

/** Payments without items, or whose amount is not the sum of their items (and shares): half-stored. */
export function partialPayments(stored: Map<string, StoredPayment[]>): string[] {
  const problems: string[] = [];
  for (const [key, list] of stored) {
    for (const stored of list) {
      const sum = stored.items.reduce((total, item) => total + item.amount, 0) + stored.shareAmount;
      if (stored.items.length === 0 || sum !== stored.amount)
        problems.push(`${key}: ${stored.items.length} items, amount ${stored.amount}, items sum ${sum}`);
    }
  }
  return problems;
}

/** The lines a request asked for, as the database stores them (for "stored whole" comparisons). */
export function linesOf(items: { menuItemId: number; quantity: number }[]): string {
  return items
    .map((item) => `${item.menuItemId}x${item.quantity}`)
    .sort()
    .join(',');
}

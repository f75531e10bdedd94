import type { OrderChoice } from '@tablo/contract/menu-options';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { jsonValue, rowsOf } from '../../db/rows.ts';
import { billSplit, billSplitItem, orderItem, payment } from '../../db/schema.ts';

/** A visit's bill split into equal shares (docs/decisions/019): its rows, its claims and its state. */

type Titles = { isoCode: string; title: string }[];

export interface SplitState {
  id: number;
  shares: number;
  amount: number;
  paidShares: number;
  paidAmount: number;
  reservedShares: number;
  reservedAmount: number;
}

export function openSharesOf(split: SplitState): { shares: number; amount: number } {
  return {
    shares: split.shares - split.paidShares - split.reservedShares,
    amount: split.amount - split.paidAmount - split.reservedAmount,
  };
}

/**
 * The visit's OPEN split (`visitId` an SQL expression) with the shares paid and reserved (pending) so
 * far, as a JSON object (SplitState), null when none: the one place the split's state is written.
 */
export function openSplitSql(visitId: SQL): SQL {
  return sql`(select json_build_object('id', b.id, 'shares', b.shares, 'amount', b.amount,
          'paidShares', coalesce(sum(p.share_count) filter (where p.status = 'SUCCEEDED'), 0),
          'paidAmount', coalesce(sum(p.share_amount) filter (where p.status = 'SUCCEEDED'), 0),
          'reservedShares', coalesce(sum(p.share_count) filter (where p.status = 'PENDING'), 0),
          'reservedAmount', coalesce(sum(p.share_amount) filter (where p.status = 'PENDING'), 0))
        from ${billSplit} b left join ${payment} p on p.split_id = b.id
        where b.visit_id = ${visitId} and b.status = 'OPEN' group by b.id)`;
}

/** The SplitState from the JSON of openSplitSql. */
export function splitStateOf(value: unknown): SplitState | null {
  return jsonValue<SplitState | null>(value);
}

/** The visit's OPEN split with the shares paid and reserved (pending) so far. */
export async function loadOpenSplit(tx: Db, visitId: number): Promise<SplitState | null> {
  const result = await tx.execute(sql`select ${openSplitSql(sql`${visitId}`)} as split`);
  return splitStateOf(rowsOf<{ split: unknown }>(result)[0]?.split ?? null);
}

export async function insertSplit(
  tx: Db,
  split: {
    visitId: number;
    shares: number;
    amount: number;
    claims: { orderItemId: number; quantity: number }[];
  },
): Promise<number> {
  const [row] = await tx
    .insert(billSplit)
    .values({ visitId: split.visitId, shares: split.shares, amount: split.amount })
    .returning({ id: billSplit.id });
  if (!row) throw new Error('bill_split insert returned no row');
  await tx.insert(billSplitItem).values(split.claims.map((claim) => ({ ...claim, splitId: row.id })));
  return row.id;
}

export async function splitClaims(
  tx: Db,
  splitId: number,
): Promise<{ orderItemId: number; quantity: number }[]> {
  return tx
    .select({ orderItemId: billSplitItem.orderItemId, quantity: billSplitItem.quantity })
    .from(billSplitItem)
    .where(eq(billSplitItem.splitId, splitId))
    .orderBy(asc(billSplitItem.orderItemId));
}

/** The split's lines as they were claimed (for the receipt of a share payment). */
export async function splitLines(
  db: Db,
  splitId: number,
): Promise<
  {
    orderItemId: number;
    titles: Titles;
    unitPrice: number;
    vatPercent: number;
    quantity: number;
    choices: OrderChoice[];
  }[]
> {
  const rows = await db
    .select({
      orderItemId: billSplitItem.orderItemId,
      titles: orderItem.titles,
      unitPrice: orderItem.unitPrice,
      vatPercent: orderItem.vatPercent,
      quantity: billSplitItem.quantity,
      choices: orderItem.choices,
    })
    .from(billSplitItem)
    .innerJoin(orderItem, eq(orderItem.id, billSplitItem.orderItemId))
    .where(eq(billSplitItem.splitId, splitId))
    .orderBy(asc(billSplitItem.orderItemId));
  return rows.map((row) => ({ ...row, vatPercent: Number(row.vatPercent) }));
}

/**
 * Ends the visit's OPEN split (closing a table by force): CANCELLED, its claims no longer reserve
 * anything. Succeeded share payments keep their split (their receipts read it); the shares nobody paid
 * are what the restaurant wrote off by closing.
 */
export async function cancelOpenSplit(tx: Db, visitId: number): Promise<void> {
  await tx
    .update(billSplit)
    .set({ status: 'CANCELLED', updatedAt: sql`now()` })
    .where(and(eq(billSplit.visitId, visitId), eq(billSplit.status, 'OPEN')));
}

/** Succeeded share payments of a split, in the order they were paid (receipt VAT allocation). */
export async function succeededShareParts(
  db: Db,
  splitId: number,
): Promise<{ id: string; shareAmount: number }[]> {
  const result = await db.execute(sql`
    select id, share_amount as "shareAmount" from ${payment}
    where split_id = ${splitId} and status = 'SUCCEEDED'
    order by paid_at, id`);
  return rowsOf<{ id: string; shareAmount: number }>(result);
}

/** The split's size (receipts of share payments). */
export async function splitOf(db: Db, splitId: number): Promise<{ shares: number; amount: number } | null> {
  const [row] = await db
    .select({ shares: billSplit.shares, amount: billSplit.amount })
    .from(billSplit)
    .where(eq(billSplit.id, splitId));
  return row ?? null;
}

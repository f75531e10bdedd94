import type { PaymentStatus } from '@tablo/contract/payment';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rowsOf } from '../../db/rows.ts';
import { payment } from '../../db/schema.ts';

/** A payment's checkout at the provider (docs/decisions/052): its session, its end, a late success's money, the reconciler's claims. */

/**
 * Stores the provider's session of a payment: its reference always (so its events match and the
 * reconciler can close it), its checkout URL only while the payment is PENDING — a payment ended while
 * the provider was opening the session never hands out a way to pay. Answers the payment's status.
 */
export async function setCheckout(
  db: Db,
  paymentId: string,
  checkoutUrl: string,
  providerReference: string | null,
): Promise<PaymentStatus | null> {
  const result = await db.execute(sql`
    update ${payment} set provider_reference = ${providerReference},
      checkout_url = case when status = 'PENDING' then ${checkoutUrl} else checkout_url end
    where id = ${paymentId}
    returning status`);
  return rowsOf<{ status: PaymentStatus }>(result)[0]?.status ?? null;
}

/** The provider's checkout of this payment is over: nothing more can happen there. */
export async function markCheckoutClosed(db: Db, paymentId: string): Promise<void> {
  await db.execute(
    sql`update ${payment} set checkout_closed_at = coalesce(checkout_closed_at, now()) where id = ${paymentId}`,
  );
}

/**
 * Records what became of a late success's money (the caller holds the visit lock): REFUNDING only for a
 * payment that ended unpaid with nothing recorded yet, REFUNDED only after REFUNDING. Answers whether it
 * changed (a refund is never decided for a payment that succeeded).
 */
export async function setLateOutcome(
  tx: Db,
  paymentId: string,
  outcome: 'REFUNDING' | 'REFUNDED',
  refundReference: string | null = null,
): Promise<boolean> {
  const result = await tx.execute(sql`
    update ${payment} set late_outcome = ${outcome}, updated_at = now(),
      refund_reference = coalesce(${refundReference}, refund_reference),
      checkout_closed_at = ${outcome === 'REFUNDING' ? sql`null` : sql`coalesce(checkout_closed_at, now())`}
    where id = ${paymentId} and status in ('FAILED', 'CANCELLED')
      and ${outcome === 'REFUNDING' ? sql`late_outcome is null` : sql`late_outcome = 'REFUNDING'`}
    returning id`);
  return rowsOf<{ id: string }>(result).length === 1;
}

/**
 * Online payments of this provider whose checkout may still change (pending, ended but not known closed
 * at the provider, a refund not yet confirmed), not looked at for `afterSeconds`: claimed for this
 * instance (`reconciled_at`, skipping rows another instance is claiming) and answered, oldest first; a
 * pass (`passStartedAt`) never claims a payment twice.
 * Payments older than `maxAgeDays` are left alone.
 */
export async function claimForReconcile(
  db: Db,
  provider: string,
  options: { afterSeconds: number; limit: number; maxAgeDays: number; passStartedAt: Date },
): Promise<string[]> {
  const result = await db.execute(sql`
    update ${payment} set reconciled_at = now()
    where id in (
      select id from ${payment}
      where checkout_closed_at is null and provider_reference is not null and provider = ${provider}
        and created_at > now() - make_interval(days => ${options.maxAgeDays}::int)
        and created_at <= now() - make_interval(secs => ${options.afterSeconds}::double precision)
        and (reconciled_at is null or reconciled_at < least(now() - make_interval(secs => ${options.afterSeconds}::double precision),
          ${options.passStartedAt.toISOString()}::timestamptz))
      order by reconciled_at nulls first, created_at
      limit ${options.limit}
      for update skip locked
    )
    returning id`);
  return rowsOf<{ id: string }>(result).map((row) => row.id);
}

/** The database's clock (a reconcile pass is bounded by it, not by this process's clock). */
export async function databaseNow(db: Db): Promise<Date> {
  const result = await db.execute(sql`select now() as now`);
  return new Date(rowsOf<{ now: string | Date }>(result)[0]?.now ?? Date.now());
}

import type { Order, OrderStatus } from '@tablo/contract/order';
import { staffCan } from '@tablo/contract/staff';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { printerStatusesQueryOptions, reprintOrder } from '../api/staff-printing.ts';
import { useStaffConsole } from '../hooks/staff-console-context.ts';
import styles from './staff.module.css';
import own from './staff-printing.module.css';

/** Tickets print when an order is accepted (or placed): from then on it can be printed again. */
const REPRINTABLE: ReadonlySet<OrderStatus> = new Set(['ACCEPTED', 'SERVED', 'PAID']);

/**
 * Issue 28: "Reprint" on an order the stations printed — each prints it again marked REPRINT. Offered where
 * the restaurant has printers, to those who move orders; the outcome is said under the button.
 */
export function ReprintButton({ order, label }: { order: Order; label: string }) {
  const { t } = useTranslation('printing');
  const { me } = useStaffConsole();
  const statuses = useQuery(printerStatusesQueryOptions());
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  if (!staffCan(me.role, 'moveOrders') || !REPRINTABLE.has(order.status) || !statuses.data?.length)
    return null;

  async function reprint() {
    setBusy(true);
    setOutcome(null);
    const result = await reprintOrder(order.id);
    setBusy(false);
    if (result.ok)
      setOutcome({
        ok: true,
        text: result.data.jobs === 0 ? t('reprint_none') : t('reprint_sent', { count: result.data.jobs }),
      });
    else if (result.status !== 401)
      setOutcome({ ok: false, text: t('reprint_failed', { message: result.message }) });
  }

  return (
    <div className={styles.actions}>
      <button
        type="button"
        className={styles.button}
        disabled={busy}
        aria-label={t('reprint_order', { order: label })}
        onClick={() => void reprint()}
      >
        {t('reprint')}
      </button>
      <p role="status" className={own.outcome}>
        {outcome?.ok ? outcome.text : ''}
      </p>
      {outcome && !outcome.ok && (
        <p role="alert" className={`${own.outcome} ${own.failed}`}>
          {outcome.text}
        </p>
      )}
    </div>
  );
}

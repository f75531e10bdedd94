import type { Order } from '@tablo/contract/order';
import { useQueryClient } from '@tanstack/react-query';
import { RotateCcw } from 'lucide-react';
import { useId, useState } from 'react';
import { formatPrice } from '../../../lib/format-price.ts';
import { menuOptionsQueryOptions } from '../../../lib/menu-options-query.ts';
import { menuQueryOptions } from '../../../lib/menu-query.ts';
import { pickTitle } from '../../../lib/pick-title.ts';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { useLanguage } from '../../../providers/language.tsx';
import { useCart } from '../state/cart-store.ts';
import { canReorder, checkReorder, type ReorderLine } from '../state/order-again.ts';
import { useOrdering } from '../state/ordering-context.ts';
import styles from './ordering.module.css';

/**
 * Issue 27 "Order again": the diner's own order back in the cart, each line with its choices and note,
 * checked against today's menu first. Whatever changed (sold out, gone, another price) is listed, line by
 * line, before anything goes in the cart; an order that is the same today goes in at once.
 */
export function OrderAgain({ order }: { order: Order }) {
  const { t } = useTranslation(['choices', 'orders']);
  const { language } = useLanguage();
  const queryClient = useQueryClient();
  const { shortName, tableId } = useOrdering();
  const [, actions] = useCart(shortName, tableId);
  const [review, setReview] = useState<ReorderLine[] | null>(null);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const reviewId = useId();

  function putInCart(lines: readonly ReorderLine[]) {
    const kept = lines.filter(canReorder);
    for (const line of kept) {
      actions.add(line.orderItem.menuItemId, line.orderItem.quantity, line.choices, line.orderItem.note);
    }
    const text = kept.length > 0 ? t('reorder_added', { count: kept.length }) : t('reorder_nothing');
    // Said once, by the status line below the order.
    setMessage(text);
    setReview(null);
  }

  async function start() {
    setBusy(true);
    setMessage('');
    try {
      const withChoices = order.items.some((item) => item.choices.length > 0);
      const [menu, options] = await Promise.all([
        queryClient.fetchQuery(menuQueryOptions(shortName)),
        withChoices ? queryClient.fetchQuery(menuOptionsQueryOptions(shortName)) : undefined,
      ]);
      const lines = checkReorder(order, menu, options);
      if (lines.every((line) => line.status === 'ok')) putInCart(lines);
      else setReview(lines);
    } catch {
      setMessage(t('reorder_failed'));
    } finally {
      setBusy(false);
    }
  }

  const titleOf = (line: ReorderLine) => pickTitle(line.orderItem.titles, language, t('orders:untitled'));
  const optionOf = (line: ReorderLine) => {
    const choice = line.orderItem.choices.find((c) => c.optionId === line.optionId);
    return choice ? pickTitle(choice.titles, language, '') : '';
  };

  return (
    <div className={styles.orderAgain}>
      {review === null ? (
        <button
          type="button"
          className={styles.secondaryButton}
          onClick={() => void start()}
          disabled={busy}
          aria-busy={busy}
          data-order-again={order.id}
        >
          <RotateCcw size={16} aria-hidden="true" />
          {t('order_again')}
        </button>
      ) : (
        <section aria-labelledby={reviewId} data-reorder-review={order.id}>
          <h4 id={reviewId} className={styles.reorderTitle}>
            {t('reorder_review')}
          </h4>
          <ul className={styles.reorderLines} role="alert">
            {review.map((line) => (
              <li key={line.orderItem.id} data-reorder-line={line.status}>
                {t(`reorder_${line.status}`, {
                  title: titleOf(line),
                  option: optionOf(line),
                  price: formatPrice(line.unitPrice, language),
                  was: formatPrice(line.orderItem.unitPrice, language),
                })}
              </li>
            ))}
          </ul>
          <div className={styles.dialogActions}>
            <button type="button" className={styles.secondaryButton} onClick={() => setReview(null)}>
              {t('reorder_cancel')}
            </button>
            <button
              type="button"
              className={styles.primaryButton}
              disabled={!review.some(canReorder)}
              onClick={() => putInCart(review)}
            >
              {t('reorder_confirm')}
            </button>
          </div>
        </section>
      )}
      <p className={styles.muted} role="status">
        {message}
      </p>
    </div>
  );
}

import { ERROR_TEXTS } from '@tablo/contract/error-texts';
import { Info } from 'lucide-react';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { useOrdering } from '../state/ordering-context.ts';
import styles from './ordering.module.css';

/** spec §8 texts, shown as themselves; anything else in the "Request unsuccessful…" sentence. */
export function useServerMessage(): (message: string) => string {
  const { t } = useTranslation('common');
  return (message) => {
    if (message === ERROR_TEXTS.restaurantNotAvailable) return t('restaurant_not_available');
    if (message === ERROR_TEXTS.cannotOrderAtTable) return t('cannot_order_at_table');
    return t('request_unsuccessful', { error: message });
  };
}

/**
 * A non-blocking notice above the menu when this device cannot order: the menu stays readable. Refusals
 * explain that the QR code on the table must be scanned.
 */
export function OrderingNotice() {
  const { t } = useTranslation('orders');
  const ordering = useOrdering();
  const serverMessage = useServerMessage();
  const { status, error } = ordering;
  // Offline, the menu's own notice says so; the cart says what it needs when the order is placed.
  if (status === 'joined' || status === 'joining' || status === 'offline') return null;

  let title: string;
  let hint: string;
  if (status === 'closed') {
    title = t('visit_closed');
    hint = t('visit_closed_hint');
  } else if (status === 'failed') {
    title = serverMessage(error ?? '');
    hint = t('join_failed_hint');
  } else if (status === 'no-session') {
    title = t('common:toast_session_failed');
    hint = t('join_failed_hint');
  } else {
    title =
      error === ERROR_TEXTS.restaurantNotAvailable
        ? t('common:restaurant_not_available')
        : t('cannot_order_at_table');
    hint = t('cannot_order_hint');
  }
  return (
    <div className={styles.notice} role="status" data-ordering-notice={status}>
      <Info className={styles.noticeIcon} size={22} aria-hidden="true" />
      <div>
        <p className={styles.noticeTitle}>{title}</p>
        <p className={styles.noticeHint}>{hint}</p>
        {(status === 'failed' || status === 'no-session') && (
          <button type="button" className={styles.secondaryButton} onClick={ordering.retry}>
            {t('try_again')}
          </button>
        )}
      </div>
    </div>
  );
}

import { toBcp47 } from '@tablo/contract/language-list';
import type { Receipt } from '@tablo/contract/payment';
import { useId } from 'react';
import { formatPrice } from '../../../lib/format-price.ts';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { useLanguage } from '../../../providers/language.tsx';
import styles from './payments.module.css';
import own from './receipt-refunds.module.css';

/**
 * The receipt's refunds (docs/decisions/053): each with its day and the restaurant's reason, and what the
 * payment came to after them. Nothing when the payment was not refunded.
 */
export function ReceiptRefunds({ receipt }: { receipt: Pick<Receipt, 'refunds' | 'total'> }) {
  const { t } = useTranslation('payment');
  const { language } = useLanguage();
  const titleId = useId();
  if (receipt.refunds.length === 0) return null;
  const price = (amount: number) => formatPrice(amount, language);
  const date = new Intl.DateTimeFormat(toBcp47(language), { dateStyle: 'medium', timeStyle: 'short' });
  const refunded = receipt.refunds.reduce((sum, refund) => sum + refund.amount, 0);
  return (
    <section className={styles.totals} aria-labelledby={titleId} data-receipt-refunds="">
      <h3 id={titleId} className={styles.receiptCaption}>
        {t('receipt_refunds')}
      </h3>
      <ul className={own.list}>
        {receipt.refunds.map((refund) => (
          <li key={`${refund.refundedAt}-${refund.amount}`} className={styles.totalRow}>
            <span className={own.reason}>
              {t('receipt_refund_on', { date: date.format(new Date(refund.refundedAt)) })}: {refund.reason}
            </span>
            <span>−{price(refund.amount)}</span>
          </li>
        ))}
      </ul>
      <p className={`${styles.totalRow} ${styles.grandTotal}`}>
        <span>{t('receipt_after_refunds')}</span>
        <span>{price(receipt.total - refunded)}</span>
      </p>
    </section>
  );
}

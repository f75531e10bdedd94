import { toBcp47 } from '@tablo/contract/language-list';
import type { Receipt } from '@tablo/contract/payment';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { useLanguage } from '../../../providers/language.tsx';
import styles from './payments.module.css';

/**
 * Who issued the receipt and when (issue 24 §15): the restaurant's name, address and tax number (each left
 * out while unset), the receipt number, and the time of payment on the restaurant's clock, not the phone's.
 */
export function ReceiptHead({ receipt }: { receipt: Receipt }) {
  const { t } = useTranslation('payment');
  const { language } = useLanguage();
  const paidAt = new Intl.DateTimeFormat(toBcp47(language), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: receipt.timeZone,
  }).format(new Date(receipt.paidAt));
  return (
    <div className={styles.receiptHead}>
      <p className={styles.receiptRestaurant}>{receipt.restaurantName}</p>
      {receipt.restaurantAddress && <p>{receipt.restaurantAddress}</p>}
      {receipt.taxNumber && <p>{t('tax_number', { number: receipt.taxNumber })}</p>}
      <p className={styles.receiptNumber}>{t('receipt_number', { number: receipt.receiptNumber })}</p>
      <p>
        <time dateTime={receipt.paidAt}>{paidAt}</time>
      </p>
      <p>{t('table_number', { number: receipt.tableNumber })}</p>
      <p className={styles.receiptKind}>{t('receipt_not_fiscal')}</p>
    </div>
  );
}

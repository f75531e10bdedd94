import { useQuery } from '@tanstack/react-query';
import { Printer } from 'lucide-react';
import { Link } from 'react-router';
import { ChoiceLines } from '../../../components/choice-lines/choice-lines.tsx';
import { Spinner } from '../../../components/spinner/spinner.tsx';
import { routes } from '../../../config/routes.ts';
import { formatPrice } from '../../../lib/format-price.ts';
import { shownOrderChoices } from '../../../lib/order-choices.ts';
import { pickTitle } from '../../../lib/pick-title.ts';
import { RequestError } from '../../../lib/request-error.ts';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { useLanguage } from '../../../providers/language.tsx';
import { useRestaurant } from '../../../providers/restaurant.tsx';
import { receiptQueryOptions } from '../api/receipt.ts';
import styles from './payments.module.css';
import { ReceiptHead } from './receipt-head.tsx';

/** How a receipt says the payment was made: past tense ("Paid online", not the button's "Pay online"). */
const PAID_METHOD_TEXT = {
  CASH: 'paid_method_cash',
  CARD: 'paid_method_card',
  ONLINE: 'paid_method_online',
} as const;

import { ReceiptRefunds } from './receipt-refunds.tsx';

type ReceiptViewProps = { paymentId: string; tableId: number; sessionId: string | null };

/** The printable receipt of a succeeded payment: items, VAT per rate from gross prices (decision 019), tip, total. */
export function ReceiptView({ paymentId, tableId, sessionId }: ReceiptViewProps) {
  const { t } = useTranslation('payment');
  const { language } = useLanguage();
  const { shortName } = useRestaurant();
  const query = useQuery({ ...receiptQueryOptions(paymentId, sessionId ?? ''), enabled: sessionId !== null });
  const price = (amount: number) => formatPrice(amount, language);
  const resultLink = routes.paymentSuccess(shortName, tableId, language, paymentId);

  if (sessionId === null) return <p className={styles.note}>{t('receipt_not_available')}</p>;
  if (query.isPending) return <Spinner />;
  if (query.isError) {
    const unavailable = query.error instanceof RequestError && [404, 409].includes(query.error.status);
    return (
      <div className={styles.actions}>
        <p className={styles.problem} role="alert">
          {unavailable
            ? t('receipt_not_available')
            : t('common:request_unsuccessful', { error: query.error.message })}
        </p>
        <Link className={styles.secondaryLink} to={resultLink}>
          {t('back_to_result')}
        </Link>
      </div>
    );
  }

  const receipt = query.data;
  return (
    <div className={styles.receipt} data-receipt="">
      <ReceiptHead receipt={receipt} />
      <table className={styles.receiptTable}>
        <caption className="visually-hidden">{t('receipt_items')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('item')}</th>
            <th scope="col">{t('quantity')}</th>
            <th scope="col">{t('unit_price')}</th>
            <th scope="col">{t('line_amount')}</th>
          </tr>
        </thead>
        <tbody>
          {/* A share payment pays part of a split: the receipt lists what the split divided. */}
          {(receipt.items.length > 0 ? receipt.items : (receipt.shares?.splitItems ?? [])).map((item) => (
            <tr key={item.orderItemId}>
              <th scope="row">
                {pickTitle(item.titles, language, t('untitled'))}
                {/* Issue 27: the choices as ordered, under the dish; the unit price includes them. */}
                <ChoiceLines
                  choices={shownOrderChoices(item.choices, language, t('untitled'))}
                  language={language}
                />
              </th>
              <td>{item.quantity}</td>
              <td>{price(item.unitPrice)}</td>
              <td>{price(item.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {receipt.shares && (
        <p className={styles.totalRow} data-receipt-shares="">
          <span>{t('shares_line', { count: receipt.shares.count, of: receipt.shares.of })}</span>
          <span>{price(receipt.amount)}</span>
        </p>
      )}
      <table className={styles.receiptTable} data-vat-lines="">
        <caption className={styles.receiptCaption}>{t('vat_title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('vat_rate')}</th>
            <th scope="col">{t('net')}</th>
            <th scope="col">{t('vat')}</th>
            <th scope="col">{t('gross')}</th>
          </tr>
        </thead>
        <tbody>
          {receipt.vatLines.map((line) => (
            <tr key={line.vatPercent}>
              <th scope="row">{t('vat_percent', { percent: line.vatPercent })}</th>
              <td>{price(line.net)}</td>
              <td>{price(line.vat)}</td>
              <td>{price(line.gross)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className={styles.totals}>
        <p className={styles.totalRow}>
          <span>{t('amount')}</span>
          <span>{price(receipt.amount)}</span>
        </p>
        <p className={styles.totalRow}>
          <span>{t('tip')}</span>
          <span>{price(receipt.tip)}</span>
        </p>
        <p className={`${styles.totalRow} ${styles.grandTotal}`}>
          <span>{t('total')}</span>
          <span>{price(receipt.total)}</span>
        </p>
        <p className={styles.totalRow}>
          <span>{t('method')}</span>
          <span>{t(PAID_METHOD_TEXT[receipt.method])}</span>
        </p>
      </div>
      <ReceiptRefunds receipt={receipt} />
      <div className={`${styles.actions} ${styles.noPrint}`}>
        <button type="button" className={styles.primaryButton} onClick={() => window.print()}>
          <Printer size={18} aria-hidden="true" />
          {t('print')}
        </button>
        <Link className={styles.secondaryLink} to={resultLink}>
          {t('back_to_result')}
        </Link>
      </div>
    </div>
  );
}

import type { CreatePaymentRequest, PayableResponse } from '@tablo/contract/payment';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { routes } from '../../../config/routes.ts';
import { formatPrice } from '../../../lib/format-price.ts';
import { newIdempotencyKey } from '../../../lib/idempotency-key.ts';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { useLanguage } from '../../../providers/language.tsx';
import { useRestaurant } from '../../../providers/restaurant.tsx';
import { createPayment } from '../api/create-payment.ts';
import { PAYABLE_QUERY_ROOT } from '../api/payable.ts';
import { type PaymentMode, usePaymentDraft } from '../hooks/use-payment-draft.ts';
import { everything, myItems } from '../utils/selection.ts';
import { MethodChooser } from './method-chooser.tsx';
import { PayableLineRow } from './payable-line-row.tsx';
import styles from './payments.module.css';
import { ShareChooser } from './share-chooser.tsx';
import { TipChooser } from './tip-chooser.tsx';

const MODES: readonly PaymentMode[] = ['items', 'shares', 'rest'];

type PaymentFormProps = {
  payable: PayableResponse;
  tableId: number;
  sessionId: string;
  /** The server said the list moved on (409): read it again. */
  onStale: () => void;
};

/** The payment summary's form: what to pay for, a tip, a method, the total and the Pay button. */
export function PaymentForm({ payable, tableId, sessionId, onStale }: PaymentFormProps) {
  const { t } = useTranslation('payment');
  const { language } = useLanguage();
  const { shortName } = useRestaurant();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const draft = usePaymentDraft(payable);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // One idempotency key per body: a repeat after a lost answer reuses it, a changed choice gets a new one.
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const modeName = useId();
  const price = (amount: number) => formatPrice(amount, language);
  const nothingMarked = draft.mode === 'items' && draft.selection === null;
  const underWay = payable.unpaidAmount - payable.leftAmount;

  async function pay() {
    if (draft.selection === null || draft.method === null || !draft.tipValid) return;
    const body: CreatePaymentRequest = {
      tableId,
      method: draft.method,
      selection: draft.selection,
      tip: draft.tip,
      expectedAmount: draft.amount,
      lang: language,
    };
    const json = JSON.stringify(body);
    if (attempt.current?.body !== json) attempt.current = { body: json, key: newIdempotencyKey() };
    setSending(true);
    setProblem(null);
    const result = await createPayment(body, sessionId, attempt.current.key);
    setSending(false);
    if (!result.ok) {
      // An answered refusal ends this attempt (a provider failure failed its payment: pressing Pay again
      // must reach the provider anew, with a new key). Only a lost answer (status 0) keeps the key, so a
      // repeat gets the payment the server may have made; a 409 leaves the body to the diner's next choice.
      if (result.status !== 0 && result.status !== 409) attempt.current = null;
      // A 409 is the server's own sentence (units taken meanwhile, the amount moved): show it and re-read.
      setProblem(
        result.status === 409 ? result.message : t('common:request_unsuccessful', { error: result.message }),
      );
      if (result.status === 409) onStale();
      return;
    }
    attempt.current = null;
    void queryClient.invalidateQueries({ queryKey: [PAYABLE_QUERY_ROOT] });
    const payment = result.data;
    if (payment.method === 'ONLINE' && payment.checkoutUrl) {
      window.location.assign(payment.checkoutUrl);
      return;
    }
    navigate(routes.paymentSuccess(shortName, tableId, language, payment.id));
  }

  return (
    <form
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault();
        void pay();
      }}
    >
      <p className={styles.muted}>
        {t('unpaid_at_table', { amount: price(payable.unpaidAmount) })}
        {/* Issue 24 §12: the gap to "Pay what is left" is what pending payments (anyone's) hold right now. */}
        {underWay > 0 && `. ${t('being_paid_now', { amount: price(underWay) })}`}
      </p>
      <fieldset className={styles.choices}>
        <legend className={styles.legend}>{t('how_to_pay')}</legend>
        {MODES.map((mode) => (
          <label key={mode} className={styles.choice}>
            <input
              type="radio"
              name={modeName}
              checked={draft.mode === mode}
              onChange={() => draft.setMode(mode)}
            />
            <span>
              {mode === 'rest' ? t('mode_rest', { amount: price(payable.leftAmount) }) : t(`mode_${mode}`)}
            </span>
          </label>
        ))}
      </fieldset>

      {draft.mode === 'items' && (
        <fieldset className={styles.quick} aria-label={t('quick_choices')}>
          <button
            type="button"
            className={styles.secondaryButton}
            onClick={() => draft.setPicked(myItems(payable.lines))}
          >
            {t('pay_separately')}
          </button>
          <button
            type="button"
            className={styles.secondaryButton}
            onClick={() => draft.setPicked(everything(payable.lines))}
          >
            {t('pay_together')}
          </button>
          <button type="button" className={styles.textButton} onClick={() => draft.setPicked({})}>
            {t('clear_selection')}
          </button>
        </fieldset>
      )}
      {draft.mode === 'shares' && (
        <ShareChooser
          payable={payable}
          shares={draft.shares}
          count={draft.count}
          onChange={draft.setShares}
        />
      )}

      <ul className={styles.lines} aria-label={t('payable_items')}>
        {payable.lines.map((line) => (
          <PayableLineRow
            key={line.orderItemId}
            line={line}
            picked={draft.mode === 'items' ? (draft.picked[line.orderItemId] ?? 0) : 0}
            selectable={draft.mode === 'items'}
            onPick={(quantity) => draft.pick(line.orderItemId, quantity)}
          />
        ))}
      </ul>
      {nothingMarked && <p className={styles.note}>{t('no_items_marked_for_payment')}</p>}

      <TipChooser
        amount={draft.amount}
        value={draft.tipChoice}
        onChange={draft.setTipChoice}
        custom={draft.customTip}
      />
      <MethodChooser methods={payable.methods} value={draft.method} onChange={draft.setMethod} />

      <div className={styles.totals}>
        <p className={styles.totalRow}>
          <span>{t('amount')}</span>
          <span>{price(draft.amount)}</span>
        </p>
        <p className={styles.totalRow}>
          <span>{t('tip')}</span>
          <span>{price(draft.tip)}</span>
        </p>
        <p className={`${styles.totalRow} ${styles.grandTotal}`}>
          <span>{t('total')}</span>
          <output aria-live="polite" data-payment-total="">
            {price(draft.total)}
          </output>
        </p>
      </div>
      {problem && (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      )}
      <button
        type="submit"
        className={styles.primaryButton}
        disabled={draft.selection === null || draft.method === null || !draft.tipValid || sending}
      >
        {sending ? t('paying') : t('pay_amount', { amount: price(draft.total) })}
      </button>
    </form>
  );
}

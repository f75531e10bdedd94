import { REFUND_REASON_MAX_LENGTH, type StaffPayment } from '@tablo/contract/refund';
import { type FormEvent, useId, useState } from 'react';
import { formatPrice } from '../../../lib/format-price.ts';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { useLanguage } from '../../../providers/language.tsx';
import { useStaffDialog } from '../hooks/use-staff-dialog.ts';
import styles from './staff.module.css';

type RefundDialogProps = {
  payment: StaffPayment;
  busy: boolean;
  onRefund: (amount: number, reason: string) => void;
  onCancel: () => void;
};

/** A whole amount from 1 to `max` as typed (spaces and the grouping marks a price is shown with allowed). */
function parseAmount(text: string, max: number): number | null {
  const digits = text.replace(/[\s.,\u00a0\u202f']/g, '');
  if (!/^\d+$/.test(digits)) return null;
  const amount = Number(digits);
  return amount >= 1 && amount <= max ? amount : null;
}

/**
 * How much to give back and why (docs/decisions/053): the amount starts at everything that is left; the
 * reason is required (the guest reads it on the receipt). Errors are announced and tied to their field.
 */
export function RefundDialog({ payment, busy, onRefund, onCancel }: RefundDialogProps) {
  const { t } = useTranslation('refunds');
  const { language } = useLanguage();
  const dialog = useStaffDialog(onCancel);
  const ids = { title: useId(), amount: useId(), amountHint: useId(), amountError: useId() };
  const reasonIds = { field: useId(), hint: useId(), error: useId() };
  const max = payment.refundableAmount;
  const [amountText, setAmountText] = useState(String(max));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState({ amount: false, reason: false });
  const price = (amount: number) => formatPrice(amount, language);
  const amount = parseAmount(amountText, max);

  function submit(event: FormEvent) {
    event.preventDefault();
    const next = { amount: amount === null, reason: reason.trim() === '' };
    setErrors(next);
    if (next.amount || next.reason) {
      document.getElementById(next.amount ? ids.amount : reasonIds.field)?.focus();
      return;
    }
    onRefund(amount as number, reason.trim());
  }

  return (
    <dialog {...dialog} className={styles.dialog} aria-labelledby={ids.title}>
      <form className={styles.dialogContent} onSubmit={submit} noValidate>
        <h2 id={ids.title} className={styles.dialogTitle}>
          {t('dialog_title', {
            table: payment.tableNumber,
            method: t(`method_${payment.method}`),
            amount: price(payment.amount + payment.tip),
          })}
        </h2>
        <div className={styles.field}>
          <label htmlFor={ids.amount} className={styles.label}>
            {t('field_amount')}
          </label>
          <input
            id={ids.amount}
            className={styles.input}
            inputMode="numeric"
            autoComplete="off"
            value={amountText}
            required
            aria-invalid={errors.amount}
            aria-describedby={errors.amount ? `${ids.amountHint} ${ids.amountError}` : ids.amountHint}
            onChange={(event) => {
              setAmountText(event.target.value);
              if (parseAmount(event.target.value, max) !== null) setErrors((e) => ({ ...e, amount: false }));
            }}
          />
          <span id={ids.amountHint} className={styles.muted}>
            {t('amount_hint', { max: price(max) })}
          </span>
          {errors.amount && (
            <span id={ids.amountError} className={styles.error} role="alert">
              {t('amount_invalid', { max: price(max) })}
            </span>
          )}
        </div>
        <div className={styles.field}>
          <label htmlFor={reasonIds.field} className={styles.label}>
            {t('field_reason')}
          </label>
          <textarea
            id={reasonIds.field}
            className={styles.input}
            rows={3}
            maxLength={REFUND_REASON_MAX_LENGTH}
            value={reason}
            required
            aria-invalid={errors.reason}
            aria-describedby={errors.reason ? `${reasonIds.hint} ${reasonIds.error}` : reasonIds.hint}
            onChange={(event) => {
              setReason(event.target.value);
              if (event.target.value.trim() !== '') setErrors((e) => ({ ...e, reason: false }));
            }}
            data-autofocus=""
          />
          <span id={reasonIds.hint} className={styles.muted}>
            {t('reason_hint')}
          </span>
          {errors.reason && (
            <span id={reasonIds.error} className={styles.error} role="alert">
              {t('reason_required')}
            </span>
          )}
        </div>
        <div className={styles.dialogActions}>
          <button type="button" className={styles.button} onClick={onCancel}>
            {t('cancel')}
          </button>
          <button type="submit" className={styles.dangerButton} disabled={busy}>
            {amount === null ? t('refund') : t('submit', { amount: price(amount) })}
          </button>
        </div>
      </form>
    </dialog>
  );
}

import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { useStaffDialog } from '../hooks/use-staff-dialog.ts';
import styles from './staff.module.css';

/** The contract's limit on a rejection reason (ChangeOrderStatusRequestSchema). */
const MAX_REASON_LENGTH = 300;

type RejectDialogProps = {
  orderLabel: string;
  busy: boolean;
  onReject: (reason: string) => void;
  onCancel: () => void;
};

/** Rejecting asks why: the diner reads the reason on their phone. */
export function RejectDialog({ orderLabel, busy, onReject, onCancel }: RejectDialogProps) {
  const { t } = useTranslation('staff');
  const dialog = useStaffDialog(onCancel);
  const titleId = useId();
  const fieldId = useId();
  const hintId = useId();
  const errorId = useId();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = reason.trim();
    if (trimmed === '') {
      setMissing(true);
      document.getElementById(fieldId)?.focus();
      return;
    }
    onReject(trimmed);
  }

  return (
    <dialog {...dialog} className={styles.dialog} aria-labelledby={titleId}>
      <form className={styles.dialogContent} onSubmit={submit} noValidate>
        <h2 id={titleId} className={styles.dialogTitle}>
          {t('reject_title', { order: orderLabel })}
        </h2>
        <div className={styles.field}>
          <label htmlFor={fieldId} className={styles.label}>
            {t('reject_reason')}
          </label>
          <textarea
            id={fieldId}
            className={styles.input}
            rows={3}
            maxLength={MAX_REASON_LENGTH}
            value={reason}
            required
            aria-invalid={missing}
            aria-describedby={missing ? `${hintId} ${errorId}` : hintId}
            onChange={(event) => {
              setReason(event.target.value);
              if (event.target.value.trim() !== '') setMissing(false);
            }}
            data-autofocus=""
          />
          <span id={hintId} className={styles.muted}>
            {t('reject_hint')}
          </span>
          {missing && (
            <span id={errorId} className={styles.error} role="alert">
              {t('reject_reason_required')}
            </span>
          )}
        </div>
        <div className={styles.dialogActions}>
          <button type="button" className={styles.button} onClick={onCancel}>
            {t('cancel')}
          </button>
          <button type="submit" className={styles.dangerButton} disabled={busy}>
            {t('reject')}
          </button>
        </div>
      </form>
    </dialog>
  );
}

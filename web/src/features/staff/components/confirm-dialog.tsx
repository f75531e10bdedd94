import { useId } from 'react';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { useStaffDialog } from '../hooks/use-staff-dialog.ts';
import styles from './staff.module.css';

type ConfirmDialogProps = {
  title: string;
  body: string;
  /** Without a confirm action the dialog only tells (e.g. that someone else must do it). */
  confirmLabel?: string;
  busy?: boolean;
  onConfirm?: () => void;
  onCancel: () => void;
  /** The dismissing button's text; "Cancel" by default. */
  cancelLabel?: string;
};

/** A question before a move that cannot be undone; focus is trapped inside and returns to the opener. */
export function ConfirmDialog({
  title,
  body,
  confirmLabel,
  busy = false,
  onConfirm,
  onCancel,
  cancelLabel,
}: ConfirmDialogProps) {
  const { t } = useTranslation('staff');
  const dialog = useStaffDialog(onCancel);
  const titleId = useId();
  const bodyId = useId();
  return (
    <dialog {...dialog} className={styles.dialog} aria-labelledby={titleId} aria-describedby={bodyId}>
      <div className={styles.dialogContent}>
        <h2 id={titleId} className={styles.dialogTitle}>
          {title}
        </h2>
        <p id={bodyId}>{body}</p>
        <div className={styles.dialogActions}>
          <button type="button" className={styles.button} onClick={onCancel} data-autofocus="">
            {cancelLabel ?? t('cancel')}
          </button>
          {onConfirm && confirmLabel && (
            <button type="button" className={styles.dangerButton} onClick={onConfirm} disabled={busy}>
              {confirmLabel}
            </button>
          )}
        </div>
      </div>
    </dialog>
  );
}

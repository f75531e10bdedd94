import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useStaffDialog } from '../hooks/use-staff-dialog.ts';
import styles from './staff.module.css';

type ConfirmDialogProps = {
  title: string;
  body: string;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** A question before a move that cannot be undone; focus is trapped inside and returns to the opener. */
export function ConfirmDialog({
  title,
  body,
  confirmLabel,
  busy = false,
  onConfirm,
  onCancel,
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
            {t('cancel')}
          </button>
          <button type="button" className={styles.dangerButton} onClick={onConfirm} disabled={busy}>
            {confirmLabel}
          </button>
        </div>
      </div>
    </dialog>
  );
}

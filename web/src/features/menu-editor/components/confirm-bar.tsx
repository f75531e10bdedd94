import { useEffect, useRef } from 'react';
import ui from '../../../components/console-form/console-form.module.css';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import styles from './menu-editor.module.css';

/** A question before Publish or Discard, asked in place; focus goes to it and Escape cancels. */
export function ConfirmBar({
  question,
  confirmLabel,
  busy,
  onConfirm,
  onCancel,
}: {
  question: string;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('menu-editor');
  const confirmButton = useRef<HTMLButtonElement>(null);
  useEffect(() => confirmButton.current?.focus(), []);
  return (
    <fieldset
      className={styles.confirm}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onCancel();
      }}
    >
      <legend>{question}</legend>
      <div className={styles.actions}>
        <button
          ref={confirmButton}
          type="button"
          className={ui.primaryButton}
          disabled={busy}
          onClick={onConfirm}
        >
          {confirmLabel}
        </button>
        <button type="button" className={ui.button} onClick={onCancel}>
          {t('cancel')}
        </button>
      </div>
    </fieldset>
  );
}

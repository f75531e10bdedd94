import { useEffect, useId, useRef } from 'react';
import ui from '../../../components/console-form/console-form.module.css';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import styles from './printing.module.css';

/**
 * "Delete this printer?" as a native modal <dialog>: the browser traps focus, Escape cancels, focus returns
 * to the opener. Its own few lines, like the staff console's: a dialog hook shared with the menu screen
 * would become a chunk that /menu loads too (decision records 018, 059).
 */
export function DeletePrinterDialog({
  name,
  busy,
  onDelete,
  onCancel,
}: {
  name: string;
  busy: boolean;
  onDelete: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('printing');
  const ref = useRef<HTMLDialogElement>(null);
  const cancel = useRef(onCancel);
  cancel.current = onCancel;
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    return () => {
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(event) => {
        event.preventDefault();
        cancel.current();
      }}
    >
      <h2 id={titleId} className={ui.subtitle}>
        {t('delete_title', { name })}
      </h2>
      <p id={bodyId}>{t('delete_body')}</p>
      <div className={ui.actions}>
        <button type="button" className={ui.button} onClick={onCancel} data-autofocus="">
          {t('cancel')}
        </button>
        <button type="button" className={ui.primaryButton} onClick={onDelete} disabled={busy}>
          {t('delete_confirm')}
        </button>
      </div>
    </dialog>
  );
}

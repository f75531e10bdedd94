import ui from '../../../components/console-form/console-form.module.css';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import styles from './menu-editor.module.css';

/** An editor form's Save (submits; off while a save runs) and Cancel. */
export function FormActions({ busy, onCancel }: { busy: boolean; onCancel: () => void }) {
  const { t } = useTranslation('menu-editor');
  return (
    <div className={styles.actions}>
      <button type="submit" className={ui.primaryButton} disabled={busy}>
        {t('save')}
      </button>
      <button type="button" className={ui.button} onClick={onCancel}>
        {t('cancel')}
      </button>
    </div>
  );
}

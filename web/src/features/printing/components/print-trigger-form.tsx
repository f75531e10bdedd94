import { PRINT_TRIGGERS, type PrintTrigger } from '@tablo/contract/printing';
import { type FormEvent, useId } from 'react';
import ui from '../../../components/console-form/console-form.module.css';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import styles from './printing.module.css';

/** The restaurant's choice of when an order's tickets print: when staff accept it, or when it is placed. */
export function PrintTriggerForm({
  trigger,
  busy,
  onSave,
}: {
  trigger: PrintTrigger;
  busy: boolean;
  onSave: (trigger: PrintTrigger) => void;
}) {
  const { t } = useTranslation('printing');
  const titleId = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSave(new FormData(event.currentTarget).get('trigger') as PrintTrigger);
  }

  return (
    <form className={styles.form} onSubmit={submit} aria-labelledby={titleId}>
      <fieldset className={styles.choices}>
        <legend id={titleId} className={ui.subtitle}>
          {t('trigger_title')}
        </legend>
        {PRINT_TRIGGERS.map((value) => (
          <label key={`${value}-${trigger}`} className={styles.check}>
            <input type="radio" name="trigger" value={value} defaultChecked={trigger === value} />
            {t(`trigger_${value}`)}
          </label>
        ))}
      </fieldset>
      <div className={ui.actions}>
        <button type="submit" className={ui.button} disabled={busy}>
          {t('trigger_save')}
        </button>
      </div>
    </form>
  );
}

import { MIN_PASSWORD_LENGTH } from '@tablo/contract/accounts';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import styles from './accounts.module.css';
import { TextField } from './text-field.tsx';

/** One password field and its button (the reset and invitation screens). */
export function NewPasswordForm({
  labelledBy,
  submitText,
  busyText,
  onSubmit,
  children,
}: {
  labelledBy: string;
  submitText: string;
  busyText: string;
  /** Answers an error to show, or null when done. */
  onSubmit: (password: string) => Promise<string | null>;
  children?: ReactNode;
}) {
  const { t } = useTranslation('accounts');
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = event.currentTarget.querySelector<HTMLInputElement>('input[name="password"]');
    const password = input?.value ?? '';
    setFormError(null);
    if (password.length < MIN_PASSWORD_LENGTH) {
      setError(t('password_short', { count: MIN_PASSWORD_LENGTH }));
      input?.focus();
      return;
    }
    setError(null);
    setBusy(true);
    const problem = await onSubmit(password);
    setBusy(false);
    setFormError(problem);
  }

  return (
    <form onSubmit={submit} noValidate className={styles.form} aria-labelledby={labelledBy}>
      {children}
      <TextField
        label={t('new_password')}
        name="password"
        type="password"
        autoComplete="new-password"
        required
        hint={t('password_hint', { count: MIN_PASSWORD_LENGTH })}
        error={error}
      />
      {formError && (
        <p className={styles.error} role="alert">
          {formError}
        </p>
      )}
      <button type="submit" className={styles.primaryButton} disabled={busy}>
        {busy ? busyText : submitText}
      </button>
    </form>
  );
}

import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { useLanguage } from '../../../providers/language.tsx';
import { requestPasswordReset } from '../api/accounts-api.ts';
import { AccountPage } from './account-page.tsx';
import styles from './accounts.module.css';
import { TextField } from './text-field.tsx';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** "Forgot your password?" (issue 24 point 10): mails a reset link; the answer never says whether the address has an account. */
export function ForgotPasswordScreen({ loginHref }: { loginHref: string }) {
  const { t } = useTranslation('accounts');
  const { language } = useLanguage();
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    setFormError(null);
    if (!EMAIL.test(email)) {
      setError(t('email_invalid'));
      event.currentTarget.querySelector<HTMLInputElement>('input[name="email"]')?.focus();
      return;
    }
    setError(null);
    setBusy(true);
    const result = await requestPasswordReset(email, language);
    setBusy(false);
    if (result.ok) setSentTo(email);
    else if (result.status === 429) setFormError(t('rate_limited', { message: result.message }));
    else setFormError(t('failed', { message: result.message }));
  }

  return (
    <AccountPage titleId="forgot-title">
      <h1 id="forgot-title" className={styles.title}>
        {t('forgot_title')}
      </h1>
      {sentTo ? (
        <p role="status">{t('forgot_sent', { email: sentTo })}</p>
      ) : (
        <form onSubmit={submit} noValidate className={styles.form} aria-labelledby="forgot-title">
          <p className={styles.muted}>{t('forgot_intro')}</p>
          <TextField
            label={t('email')}
            name="email"
            type="email"
            autoComplete="email"
            required
            error={error}
          />
          {formError && (
            <p className={styles.error} role="alert">
              {formError}
            </p>
          )}
          <button type="submit" className={styles.primaryButton} disabled={busy}>
            {busy ? t('sending') : t('send_link')}
          </button>
        </form>
      )}
      <p className={styles.links}>
        <Link to={loginHref}>{t('back_to_login')}</Link>
      </p>
    </AccountPage>
  );
}

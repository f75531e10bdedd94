import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { useLanguage } from '../../../providers/language.tsx';
import { logIn, staffMeQueryKey } from '../api/staff-session.ts';
import { homeScreen, safeNext, staffLinks } from '../utils/staff-links.ts';
import { LanguageSelect } from './language-select.tsx';
import styles from './staff.module.css';

/** Log-in: e-mail and password; wrong credentials, a disabled account and too many attempts each say so. */
export function LoginScreen() {
  const { t } = useTranslation('staff');
  const { language } = useLanguage();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const emailId = useId();
  const passwordId = useId();
  const errorId = useId();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const email = String(data.get('email') ?? '').trim();
    const password = String(data.get('password') ?? '');
    if (email === '' || password === '') {
      setError(t('login_missing'));
      return;
    }
    setBusy(true);
    setError(null);
    const result = await logIn(email, password);
    setBusy(false);
    if (result.ok) {
      queryClient.setQueryData(staffMeQueryKey, result.data);
      navigate(
        safeNext(new URLSearchParams(location.search).get('next')) ??
          staffLinks.screen(homeScreen(result.data.role), language),
        {
          replace: true,
        },
      );
      return;
    }
    if (result.status === 401 || result.status === 400) setError(t('login_wrong'));
    else if (result.status === 403) setError(t('login_disabled'));
    else if (result.status === 429) setError(t('login_rate_limited', { message: result.message }));
    else setError(t('login_failed', { message: result.message }));
    form.current?.querySelector<HTMLInputElement>('input[name="password"]')?.select();
  }

  return (
    <main className={styles.login}>
      <form
        ref={form}
        className={styles.loginCard}
        onSubmit={submit}
        noValidate
        aria-labelledby="staff-login-title"
      >
        <h1 id="staff-login-title" className={styles.screenTitle}>
          {t('login_title')}
        </h1>
        <p className={styles.muted}>{t('login_intro')}</p>
        <div className={styles.field}>
          <label htmlFor={emailId} className={styles.label}>
            {t('email')}
          </label>
          <input
            id={emailId}
            name="email"
            type="email"
            autoComplete="username"
            className={styles.input}
            required
            aria-invalid={error !== null}
            aria-describedby={error ? errorId : undefined}
          />
        </div>
        <div className={styles.field}>
          <label htmlFor={passwordId} className={styles.label}>
            {t('password')}
          </label>
          <input
            id={passwordId}
            name="password"
            type="password"
            autoComplete="current-password"
            className={styles.input}
            required
            aria-invalid={error !== null}
            aria-describedby={error ? errorId : undefined}
          />
        </div>
        {error && (
          <p id={errorId} className={styles.error} role="alert">
            {error}
          </p>
        )}
        <button type="submit" className={styles.primaryButton} disabled={busy}>
          {busy ? t('logging_in') : t('log_in')}
        </button>
        <Link to={staffLinks.forgotPassword(language)}>{t('forgot_password')}</Link>
        <LanguageSelect />
      </form>
    </main>
  );
}

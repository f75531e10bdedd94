import { ACCOUNT_ERRORS, MIN_PASSWORD_LENGTH } from '@tablo/contract/accounts';
import type { StaffMe } from '@tablo/contract/staff';
import { type FormEvent, useRef, useState } from 'react';
import { Link } from 'react-router';
import { appConfig } from '../../../lib/app-config.ts';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { useLanguage } from '../../../providers/language.tsx';
import { signUp } from '../api/accounts-api.ts';
import { suggestShortName } from '../utils/short-name.ts';
import { AccountPage } from './account-page.tsx';
import styles from './accounts.module.css';
import { ShortNameStatus, useShortNameCheck } from './short-name-status.tsx';
import { TextField } from './text-field.tsx';

type Field = 'restaurantName' | 'shortName' | 'email' | 'password';
type Errors = Partial<Record<Field, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Sign-up (issue 26): the restaurant's name and short name, the owner's e-mail and password. The short name
 * is suggested from the name until it is edited, and checked as it is typed. Creates the restaurant
 * (hidden from guests until its owner opens it) and signs the owner in.
 */
export function SignUpScreen({
  onSignedIn,
  loginHref,
}: {
  onSignedIn: (me: StaffMe) => void;
  loginHref: string;
}) {
  const { t } = useTranslation('accounts');
  const { language } = useLanguage();
  const [restaurantName, setRestaurantName] = useState('');
  const [shortName, setShortName] = useState('');
  const [shortNameEdited, setShortNameEdited] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const shortNameState = useShortNameCheck(shortName);

  function validate(email: string, password: string): Errors {
    const found: Errors = {};
    if (restaurantName.trim() === '') found.restaurantName = t('field_required');
    if (shortName === '') found.shortName = t('field_required');
    else if (shortNameState === 'invalid') found.shortName = t('short_name_invalid');
    else if (shortNameState === 'taken') found.shortName = t('short_name_taken', { name: shortName });
    if (!EMAIL.test(email)) found.email = t('email_invalid');
    if (password.length < MIN_PASSWORD_LENGTH)
      found.password = t('password_short', { count: MIN_PASSWORD_LENGTH });
    return found;
  }

  function focusFirst(found: Errors) {
    const first = (['restaurantName', 'shortName', 'email', 'password'] as const).find((f) => found[f]);
    if (first) form.current?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const email = String(data.get('email') ?? '').trim();
    const password = String(data.get('password') ?? '');
    const found = validate(email, password);
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) {
      focusFirst(found);
      return;
    }
    setBusy(true);
    const result = await signUp({
      restaurantName: restaurantName.trim(),
      shortName,
      email,
      password,
      language,
    });
    setBusy(false);
    if (result.ok) {
      onSignedIn(result.data);
      return;
    }
    if (result.status === 409) {
      const conflict: Errors =
        result.message === ACCOUNT_ERRORS.emailTaken
          ? { email: t('email_taken') }
          : { shortName: t('short_name_taken', { name: shortName }) };
      setErrors(conflict);
      focusFirst(conflict);
    } else if (result.status === 429) setFormError(t('rate_limited', { message: result.message }));
    else setFormError(t('failed', { message: result.message }));
  }

  const menuUrl = `${appConfig().publicUrl}/menu/${shortName || '…'}`;
  return (
    <AccountPage titleId="sign-up-title">
      <h1 id="sign-up-title" className={styles.title}>
        {t('register_title')}
      </h1>
      <p className={styles.muted}>{t('register_intro')}</p>
      <form ref={form} onSubmit={submit} noValidate className={styles.form} aria-labelledby="sign-up-title">
        <TextField
          label={t('restaurant_name')}
          name="restaurantName"
          autoComplete="organization"
          value={restaurantName}
          maxLength={200}
          required
          error={errors.restaurantName}
          onChange={(event) => {
            setRestaurantName(event.target.value);
            if (!shortNameEdited) setShortName(suggestShortName(event.target.value));
          }}
        />
        <TextField
          label={t('short_name')}
          name="shortName"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={shortName}
          maxLength={64}
          required
          hint={t('short_name_hint', { url: menuUrl })}
          error={errors.shortName}
          status={<ShortNameStatus shortName={shortName} state={shortNameState} />}
          onChange={(event) => {
            setShortNameEdited(true);
            setShortName(event.target.value.trim().toLowerCase());
          }}
        />
        <TextField
          label={t('email')}
          name="email"
          type="email"
          autoComplete="email"
          required
          error={errors.email}
        />
        <TextField
          label={t('password')}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          hint={t('password_hint', { count: MIN_PASSWORD_LENGTH })}
          error={errors.password}
        />
        {formError && (
          <p className={styles.error} role="alert">
            {formError}
          </p>
        )}
        <button type="submit" className={styles.primaryButton} disabled={busy}>
          {busy ? t('signing_up') : t('sign_up')}
        </button>
      </form>
      <p className={styles.links}>
        <span>
          {t('have_account')} <Link to={loginHref}>{t('log_in')}</Link>
        </span>
      </p>
    </AccountPage>
  );
}

import { LANGUAGES, type LanguageCode } from '@tablo/contract/language-list';
import { STAFF_ROLES, type StaffRole } from '@tablo/contract/staff';
import { type FormEvent, useId, useState } from 'react';
import styles from '../../../components/console-form/console-form.module.css';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { useLanguage } from '../../../providers/language.tsx';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Invite by e-mail: address, role, and the language the mail (and the link's screen) is written in. */
export function InviteForm({
  canManageOwners,
  busy,
  onInvite,
}: {
  canManageOwners: boolean;
  busy: boolean;
  /** Answers whether the invitation went out (the form clears then). */
  onInvite: (email: string, role: StaffRole, language: LanguageCode) => Promise<boolean>;
}) {
  const { t } = useTranslation('team');
  const { language } = useLanguage();
  const ids = { email: useId(), role: useId(), language: useId(), error: useId() };
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const email = String(data.get('email') ?? '').trim();
    if (!EMAIL.test(email)) {
      setError(t('email_invalid'));
      form.querySelector<HTMLInputElement>('input[name="email"]')?.focus();
      return;
    }
    setError(null);
    if (await onInvite(email, data.get('role') as StaffRole, data.get('language') as LanguageCode))
      form.reset();
  }

  return (
    <form className={styles.inlineForm} onSubmit={submit} noValidate aria-labelledby="invite-title">
      <div className={styles.field}>
        <label htmlFor={ids.email} className={styles.label}>
          {t('email')}
        </label>
        <input
          id={ids.email}
          name="email"
          type="email"
          autoComplete="off"
          className={styles.input}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? ids.error : undefined}
        />
      </div>
      <div className={styles.field}>
        <label htmlFor={ids.role} className={styles.label}>
          {t('role')}
        </label>
        <select id={ids.role} name="role" className={styles.select} defaultValue="WAITER">
          {STAFF_ROLES.filter((r) => r !== 'OWNER' || canManageOwners).map((r) => (
            <option key={r} value={r}>
              {t(`role_${r}`)}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.field}>
        <label htmlFor={ids.language} className={styles.label}>
          {t('invite_language')}
        </label>
        <select id={ids.language} name="language" className={styles.select} defaultValue={language}>
          {LANGUAGES.map((l) => (
            <option key={l.code} value={l.code} lang={l.bcp47}>
              {l.label}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className={styles.primaryButton} disabled={busy}>
        {busy ? t('inviting') : t('invite')}
      </button>
      {error && (
        <p id={ids.error} className={styles.error}>
          {error}
        </p>
      )}
    </form>
  );
}

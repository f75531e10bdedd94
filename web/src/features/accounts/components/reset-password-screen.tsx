import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { completePasswordReset } from '../api/accounts-api.ts';
import { type LinkProblem, linkProblem, tokenFrom } from '../utils/link-token.ts';
import { AccountPage } from './account-page.tsx';
import styles from './accounts.module.css';
import { LinkProblemMessage } from './link-problem.tsx';
import { NewPasswordForm } from './new-password-form.tsx';

/** The reset link's screen: a new password; every other session of the account ends with it. */
export function ResetPasswordScreen({ loginHref, forgotHref }: { loginHref: string; forgotHref: string }) {
  const { t } = useTranslation('accounts');
  const token = tokenFrom(useLocation().search);
  const [problem, setProblem] = useState<LinkProblem | 'link_missing' | null>(token ? null : 'link_missing');
  const [done, setDone] = useState(false);

  async function save(password: string): Promise<string | null> {
    if (!token) return null;
    const result = await completePasswordReset(token, password);
    if (result.ok) {
      setDone(true);
      return null;
    }
    const found = linkProblem(result.status, result.message);
    if (found) {
      setProblem(found);
      return null;
    }
    return result.status === 429
      ? t('rate_limited', { message: result.message })
      : t('failed', { message: result.message });
  }

  return (
    <AccountPage titleId="reset-title">
      <h1 id="reset-title" className={styles.title}>
        {t('reset_title')}
      </h1>
      {done ? (
        <>
          <p role="status">{t('reset_done')}</p>
          <Link className={styles.primaryButton} to={loginHref}>
            {t('log_in')}
          </Link>
        </>
      ) : problem ? (
        <LinkProblemMessage problem={problem} newLinkHref={forgotHref} newLinkText={t('request_new_link')} />
      ) : (
        <NewPasswordForm
          labelledBy="reset-title"
          submitText={t('save_password')}
          busyText={t('saving')}
          onSubmit={save}
        />
      )}
    </AccountPage>
  );
}

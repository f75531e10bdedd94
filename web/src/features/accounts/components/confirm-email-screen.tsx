import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { confirmEmail } from '../api/accounts-api.ts';
import { type LinkProblem, linkProblem, tokenFrom } from '../utils/link-token.ts';
import { AccountPage } from './account-page.tsx';
import styles from './accounts.module.css';
import { LinkProblemMessage } from './link-problem.tsx';

type State =
  | { kind: 'confirming' }
  | { kind: 'confirmed'; email: string }
  | { kind: 'problem'; problem: LinkProblem | 'link_missing' }
  | { kind: 'failed'; message: string };

/** The confirmation link's screen: confirms on opening (the link is used once) and says how it went. */
export function ConfirmEmailScreen({ consoleHref }: { consoleHref: string }) {
  const { t } = useTranslation('accounts');
  const { search } = useLocation();
  const token = tokenFrom(search);
  const [state, setState] = useState<State>(
    token ? { kind: 'confirming' } : { kind: 'problem', problem: 'link_missing' },
  );

  useEffect(() => {
    if (!token) return;
    let current = true;
    confirmEmail(token).then((result) => {
      if (!current) return;
      if (result.ok) setState({ kind: 'confirmed', email: result.data.email });
      else {
        const problem = linkProblem(result.status, result.message);
        setState(problem ? { kind: 'problem', problem } : { kind: 'failed', message: result.message });
      }
    });
    return () => {
      current = false;
    };
  }, [token]);

  return (
    <AccountPage titleId="confirm-title">
      <h1 id="confirm-title" className={styles.title}>
        {t('confirm_title')}
      </h1>
      {state.kind === 'confirming' && (
        <p role="status" className={styles.muted}>
          {t('confirming')}
        </p>
      )}
      {state.kind === 'confirmed' && (
        <>
          <p role="status">{t('confirmed', { email: state.email })}</p>
          <Link className={styles.primaryButton} to={consoleHref}>
            {t('to_console')}
          </Link>
        </>
      )}
      {state.kind === 'problem' && (
        <LinkProblemMessage problem={state.problem} newLinkHref={consoleHref} newLinkText={t('to_console')} />
      )}
      {state.kind === 'failed' && (
        <p className={styles.error} role="alert">
          {t('failed', { message: state.message })}
        </p>
      )}
    </AccountPage>
  );
}

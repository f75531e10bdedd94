import type { InvitationPreview } from '@tablo/contract/accounts';
import type { StaffMe } from '@tablo/contract/staff';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { acceptInvitation, previewInvitation } from '../api/accounts-api.ts';
import { type LinkProblem, linkProblem, tokenFrom } from '../utils/link-token.ts';
import { AccountPage } from './account-page.tsx';
import styles from './accounts.module.css';
import { LinkProblemMessage } from './link-problem.tsx';
import { NewPasswordForm } from './new-password-form.tsx';

type State =
  | { kind: 'loading' }
  | { kind: 'ready'; invitation: InvitationPreview }
  | { kind: 'problem'; problem: LinkProblem | 'link_missing' }
  | { kind: 'failed'; message: string };

function refused(status: number, message: string): State {
  const problem = linkProblem(status, message);
  return problem ? { kind: 'problem', problem } : { kind: 'failed', message };
}

/** The invitation link's screen: who invites whom as what; the invitee sets a password and is signed in. */
export function InvitationScreen({
  onSignedIn,
  loginHref,
}: {
  onSignedIn: (me: StaffMe) => void;
  loginHref: string;
}) {
  const { t } = useTranslation('accounts');
  const token = tokenFrom(useLocation().search);
  const [state, setState] = useState<State>(
    token ? { kind: 'loading' } : { kind: 'problem', problem: 'link_missing' },
  );

  useEffect(() => {
    if (!token) return;
    let current = true;
    previewInvitation(token).then((result) => {
      if (current)
        setState(
          result.ok ? { kind: 'ready', invitation: result.data } : refused(result.status, result.message),
        );
    });
    return () => {
      current = false;
    };
  }, [token]);

  async function join(password: string): Promise<string | null> {
    if (!token) return null;
    const result = await acceptInvitation(token, password);
    if (result.ok) {
      onSignedIn(result.data);
      return null;
    }
    const next = refused(result.status, result.message);
    if (next.kind === 'problem') {
      setState(next);
      return null;
    }
    return result.status === 409 ? t('email_taken') : t('failed', { message: result.message });
  }

  return (
    <AccountPage titleId="invitation-title">
      <h1 id="invitation-title" className={styles.title}>
        {t('invitation_title')}
      </h1>
      {state.kind === 'loading' && (
        <p role="status" className={styles.muted}>
          {t('loading')}
        </p>
      )}
      {state.kind === 'ready' && (
        <NewPasswordForm
          labelledBy="invitation-title"
          submitText={t('join')}
          busyText={t('joining')}
          onSubmit={join}
        >
          <p>
            {t('invitation_intro', {
              restaurant: state.invitation.restaurantName,
              email: state.invitation.email,
              role: t(`role_${state.invitation.role}`),
            })}
          </p>
        </NewPasswordForm>
      )}
      {state.kind === 'problem' && (
        <LinkProblemMessage
          problem={state.problem}
          newLinkHref={loginHref}
          newLinkText={t('back_to_login')}
        />
      )}
      {state.kind === 'failed' && (
        <p className={styles.error} role="alert">
          {t('failed', { message: state.message })}
        </p>
      )}
    </AccountPage>
  );
}

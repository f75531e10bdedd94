import type { TeamInvitation, TeamMember } from '@tablo/contract/accounts';
import { type LanguageCode, toBcp47 } from '@tablo/contract/language-list';
import { type StaffMe, type StaffRole, staffCan } from '@tablo/contract/staff';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import styles from '../../../components/console-form/console-form.module.css';
import { LoadState, ScreenHead } from '../../../components/console-form/screen-head.tsx';
import type { ApiResult } from '../../../lib/api-client.ts';
import { RequestError } from '../../../lib/request-error.ts';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { useLanguage } from '../../../providers/language.tsx';
import { createTeamApi, teamQueryKey } from '../api/team-api.ts';
import { InviteForm } from './invite-form.tsx';
import { type MemberActions, MemberRow } from './member-row.tsx';
import { teamErrorText } from './team-errors.ts';

/**
 * The team (issue 26): who can log in to the console, pending invitations, and inviting someone. For
 * OWNER and MANAGER (`manageStaff`); a manager manages everyone but owners. Every outcome is announced.
 */
export function TeamScreen({ me, onSignedOut }: { me: StaffMe; onSignedOut: () => void }) {
  const { t } = useTranslation('team');
  const { language } = useLanguage();
  const api = useMemo(() => createTeamApi(me.csrfToken), [me.csrfToken]);
  const allowed = staffCan(me.role, 'manageStaff');
  const canManageOwners = staffCan(me.role, 'manageOwners');
  const team = useQuery({
    queryKey: [...teamQueryKey, me.restaurantShortName],
    enabled: allowed,
    queryFn: async ({ signal }) => {
      const result = await api.team(signal);
      if (result.ok) return result.data;
      if (result.status === 401) onSignedOut();
      throw new RequestError(result.status, result.message);
    },
  });
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function run<T>(action: Promise<ApiResult<T>>, done: string): Promise<boolean> {
    setBusy(true);
    setError(null);
    setNotice('');
    const result = await action;
    setBusy(false);
    if (result.ok) {
      setNotice(done);
      await team.refetch();
      return true;
    }
    if (result.status === 401) onSignedOut();
    setError(teamErrorText(t, result.status, result.message));
    return false;
  }

  const actions: MemberActions = {
    changeRole: (member, role) =>
      void run(
        api.update(member.id, { role }),
        t('role_changed', { email: member.email, role: t(`role_${role}`) }),
      ),
    setDisabled: (member, disabled) =>
      void run(
        api.update(member.id, { disabled }),
        t(disabled ? 'disabled_done' : 'enabled_done', { email: member.email }),
      ),
    sendReset: (member) => void run(api.sendReset(member.id), t('reset_sent', { email: member.email })),
  };

  if (!allowed) return <p className={styles.muted}>{t('not_allowed')}</p>;

  return (
    <div className={styles.screen}>
      <ScreenHead title={t('title')} intro={t('intro')} notice={notice} error={error} />
      <LoadState
        query={team}
        loading={t('loading')}
        failed={(message) => t('load_failed', { message })}
        retry={t('retry')}
      />
      {team.data && (
        <>
          <section className={styles.section} aria-labelledby="members-title">
            <h2 id="members-title" className={styles.subtitle}>
              {t('members')}
            </h2>
            <ul className={styles.list}>
              {team.data.members.map((member: TeamMember) => (
                <MemberRow
                  key={`${member.id}-${member.role}`}
                  member={member}
                  isMe={member.email.toLowerCase() === me.email.toLowerCase()}
                  canManageOwners={canManageOwners}
                  busy={busy}
                  actions={actions}
                />
              ))}
            </ul>
          </section>
          <section className={styles.section} aria-labelledby="invitations-title">
            <h2 id="invitations-title" className={styles.subtitle}>
              {t('invitations')}
            </h2>
            {team.data.invitations.length === 0 ? (
              <p className={styles.muted}>{t('no_invitations')}</p>
            ) : (
              <ul className={styles.list}>
                {team.data.invitations.map((invitation) => (
                  <InvitationRow
                    key={invitation.id}
                    invitation={invitation}
                    busy={busy}
                    locked={invitation.role === 'OWNER' && !canManageOwners}
                    dateLocale={toBcp47(language)}
                    onResend={() =>
                      void run(
                        api.invite({ email: invitation.email, role: invitation.role, language }),
                        t('invited', { email: invitation.email }),
                      )
                    }
                    onWithdraw={() =>
                      void run(api.withdraw(invitation.id), t('withdrawn', { email: invitation.email }))
                    }
                  />
                ))}
              </ul>
            )}
          </section>
        </>
      )}
      <section className={styles.section} aria-labelledby="invite-title">
        <h2 id="invite-title" className={styles.subtitle}>
          {t('invite_title')}
        </h2>
        <InviteForm
          canManageOwners={canManageOwners}
          busy={busy}
          onInvite={(email: string, role: StaffRole, mailLanguage: LanguageCode) =>
            run(api.invite({ email, role, language: mailLanguage }), t('invited', { email }))
          }
        />
      </section>
    </div>
  );
}

function InvitationRow({
  invitation,
  busy,
  locked,
  dateLocale,
  onResend,
  onWithdraw,
}: {
  invitation: TeamInvitation;
  busy: boolean;
  locked: boolean;
  dateLocale: string;
  onResend: () => void;
  onWithdraw: () => void;
}) {
  const { t } = useTranslation('team');
  const until = new Intl.DateTimeFormat(dateLocale, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(invitation.expiresAt),
  );
  return (
    <li className={styles.row}>
      <div className={styles.who}>
        <span className={styles.email}>{invitation.email}</span>
        <span className={styles.muted}>
          {invitation.expired ? t('expired') : t('expires', { date: until })}
        </span>
      </div>
      <span>{t(`role_${invitation.role}`)}</span>
      {!locked && (
        <div className={styles.actions}>
          <button type="button" className={styles.button} disabled={busy} onClick={onResend}>
            {t('resend')}
            <span className={styles.visuallyHidden}> {invitation.email}</span>
          </button>
          <button type="button" className={styles.button} disabled={busy} onClick={onWithdraw}>
            {t('withdraw')}
            <span className={styles.visuallyHidden}> {invitation.email}</span>
          </button>
        </div>
      )}
    </li>
  );
}

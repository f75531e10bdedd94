import type { TeamMember } from '@tablo/contract/accounts';
import { STAFF_ROLES, type StaffRole } from '@tablo/contract/staff';
import { useId, useState } from 'react';
import styles from '../../../components/console-form/console-form.module.css';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';

export interface MemberActions {
  changeRole(member: TeamMember, role: StaffRole): void;
  setDisabled(member: TeamMember, disabled: boolean): void;
  sendReset(member: TeamMember): void;
}

/**
 * One account: its role (changed with a button, so arrowing through the list changes nothing), its state,
 * disable or enable, and a password reset mail. A manager sees owners' accounts but cannot change them.
 */
export function MemberRow({
  member,
  isMe,
  canManageOwners,
  busy,
  actions,
}: {
  member: TeamMember;
  isMe: boolean;
  canManageOwners: boolean;
  busy: boolean;
  actions: MemberActions;
}) {
  const { t } = useTranslation('team');
  const [role, setRole] = useState<StaffRole>(member.role);
  const selectId = useId();
  const locked = member.role === 'OWNER' && !canManageOwners;
  const roles = STAFF_ROLES.filter((r) => r !== 'OWNER' || canManageOwners || member.role === 'OWNER');
  return (
    <li className={styles.row}>
      <div className={styles.who}>
        <span className={styles.email}>
          {member.email} {isMe && <span className={styles.muted}>{t('you')}</span>}
        </span>
        <span>
          <span className={member.disabled ? `${styles.badge} ${styles.badgeOff}` : styles.badge}>
            {member.disabled ? t('disabled') : t('active')}
          </span>{' '}
          {!member.emailConfirmed && <span className={styles.muted}>{t('unconfirmed')}</span>}
        </span>
      </div>
      <div className={styles.roleControl}>
        <label htmlFor={selectId} className={styles.visuallyHidden}>
          {t('role_of', { email: member.email })}
        </label>
        <select
          id={selectId}
          className={styles.select}
          value={role}
          disabled={locked || busy}
          onChange={(event) => setRole(event.target.value as StaffRole)}
        >
          {roles.map((r) => (
            <option key={r} value={r}>
              {t(`role_${r}`)}
            </option>
          ))}
        </select>
        {!locked && (
          <button
            type="button"
            className={styles.button}
            disabled={busy || role === member.role}
            onClick={() => actions.changeRole(member, role)}
          >
            {t('save_role')}
            <span className={styles.visuallyHidden}> {member.email}</span>
          </button>
        )}
      </div>
      <div className={styles.actions}>
        {locked ? (
          <span className={styles.muted}>{t('owners_only')}</span>
        ) : (
          <>
            {!isMe && (
              <button
                type="button"
                className={styles.button}
                disabled={busy}
                onClick={() => actions.setDisabled(member, !member.disabled)}
              >
                {member.disabled ? t('enable') : t('disable')}
                <span className={styles.visuallyHidden}> {member.email}</span>
              </button>
            )}
            <button
              type="button"
              className={styles.button}
              disabled={busy}
              onClick={() => actions.sendReset(member)}
            >
              {t('send_reset')}
              <span className={styles.visuallyHidden}> {member.email}</span>
            </button>
          </>
        )}
      </div>
    </li>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { useLanguage } from '../../../providers/language.tsx';
import { setUnauthorizedHandler } from '../api/staff-request.ts';
import { logOut, staffMeQueryKey, useStaffMe } from '../api/staff-session.ts';
import { staffLinks } from '../utils/staff-links.ts';
import { Loading } from './loading.tsx';
import { SignedInConsole } from './signed-in-console.tsx';
import styles from './staff.module.css';

/** The console's session check: no session (401) → the log-in screen, which comes back here afterwards. */
export function StaffConsoleLayout() {
  const { t } = useTranslation('staff');
  const { language } = useLanguage();
  const location = useLocation();
  const queryClient = useQueryClient();
  const me = useStaffMe();
  const navigate = useNavigate();
  const signedOut = me.data === null;
  const [leaving, setLeaving] = useState(false);

  // The console goes first, and with it the board's and tables' reads and the live socket (whose resync
  // would read the board again): nothing asks with a session that has ended, which the browser would log
  // as a failed (401) resource. Then the session ends and the log-in screen follows.
  const signOut = useCallback(() => {
    flushSync(() => setLeaving(true));
    void (async () => {
      await queryClient.cancelQueries({ queryKey: ['staff'] });
      await logOut();
      await navigate(staffLinks.login(language), { replace: true });
      queryClient.removeQueries({ queryKey: ['staff'] });
    })();
  }, [queryClient, navigate, language]);

  useEffect(() => {
    setUnauthorizedHandler(() => queryClient.setQueryData(staffMeQueryKey, null));
    return () => setUnauthorizedHandler(null);
  }, [queryClient]);

  useEffect(() => {
    if (signedOut) navigate(staffLinks.login(language, location.pathname), { replace: true });
  }, [signedOut, navigate, language, location.pathname]);

  if (me.isPending) return <Loading fullScreen />;
  if (me.isError) {
    return (
      <main className={styles.login}>
        <div className={styles.message} role="alert">
          <p className={styles.error}>{t('load_failed', { message: me.error.message })}</p>
          <button type="button" className={styles.button} onClick={() => void me.refetch()}>
            {t('retry')}
          </button>
        </div>
      </main>
    );
  }
  if (me.data === null || leaving) return <Loading fullScreen />;
  return <SignedInConsole me={me.data} signOut={signOut} />;
}

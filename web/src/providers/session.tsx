import { apiPaths } from '@tablo/contract/paths';
import { SESSION_STORAGE_KEY } from '@tablo/contract/session-keys';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useContext,
  useDeferredValue,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { apiRequest } from '../lib/api-client.ts';
import { sessionIdCheck, sessionUuidResponseCheck } from '../lib/first-screen-checks.ts';
import { isServerOrHydrating, useHydrated } from '../lib/hydration.ts';
import { useTranslation } from '../lib/texts/use-texts.tsx';
import { notify } from '../lib/toast.ts';
import { onUnknownSession } from '../lib/unknown-session.ts';
import { useRestaurant } from './restaurant.tsx';

export type Session = {
  sessionId: string | null;
  isLoaded: boolean;
  isActive: boolean;
  /** A new id was asked for and could not be had (spec §8's fatal toast): ordering can try again. */
  failed?: boolean;
};

const INACTIVE: Session = { sessionId: null, isLoaded: true, isActive: false };
const SessionContext = createContext<Session>(INACTIVE);

export function useSession(): Session {
  return useContext(SessionContext);
}

/**
 * spec §4: with ordering enabled, the stored sessionId is reused, or a new one is requested and stored;
 * otherwise the session is inactive. Children render only once the session state is loaded — except on a
 * page the server rendered (decision record 022): the server knows no stored session, so the menu is rendered
 * and hydrated without one (read-only counts), stays on screen while a new id is asked for, and becomes
 * interactive when the session is known.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const { isOrderingEnabled } = useRestaurant();
  const { t } = useTranslation('common');
  const queryClient = useQueryClient();
  const [stored, setStored] = useState(readStoredSession);
  const [shownByServer] = useState(isServerOrHydrating);
  const [renewed, setRenewed] = useState(false);
  const hydrated = useHydrated();
  const needsNew = isOrderingEnabled && stored === null;
  const query = useQuery({ ...sessionUuidQueryOptions(), enabled: needsNew });
  const result = query.data;

  // The server no longer knows the kept id (a restored database): forget it and ask for a new one, once per
  // visit of the screen, so a server that keeps refusing cannot make the phone ask forever.
  useEffect(
    () =>
      onUnknownSession(() => {
        if (renewed || !isOrderingEnabled) return;
        setRenewed(true);
        forgetStoredSession();
        setStored(null);
        void queryClient.resetQueries({ queryKey: sessionUuidQueryOptions().queryKey });
      }),
    [renewed, isOrderingEnabled, queryClient],
  );

  useEffect(() => {
    if (!result) return;
    if (result.ok) storeSession(result.data.uuid);
    // spec §8: "Fatal error: failed to iniate ordering process" (the specification's spelling).
    else notify.error(t('toast_session_failed'), { id: 'session-failed' });
  }, [result, t]);

  const session = useMemo<Session>(() => {
    if (!isOrderingEnabled) return INACTIVE;
    if (stored !== null) return { sessionId: stored, isLoaded: true, isActive: true };
    if (!result) return { sessionId: null, isLoaded: query.isError, isActive: false };
    return result.ok
      ? { sessionId: result.data.uuid, isLoaded: true, isActive: true }
      : { ...INACTIVE, failed: true };
  }, [isOrderingEnabled, stored, result, query.isError]);

  const value = shownByServer && (!hydrated || !session.isLoaded) ? INACTIVE : session;
  // On the server's page the session arrives (from the query library, an urgent update) while the whole menu
  // is on screen, and every dish grows its rating buttons: as a deferred value React re-renders them in short,
  // interruptible slices instead of one long task that blocks the phone (decision record 036).
  const deferred = useDeferredValue(value);
  if (shownByServer) return <SessionContext value={deferred}>{children}</SessionContext>;
  // While a new id is asked for, the screen stays, without a session (nothing is ordered with the old one).
  if (!session.isLoaded) return renewed ? <SessionContext value={session}>{children}</SessionContext> : null;
  return <SessionContext value={session}>{children}</SessionContext>;
}

export function sessionUuidQueryOptions() {
  return queryOptions({
    queryKey: ['session-uuid'],
    queryFn: ({ signal }) => apiRequest(apiPaths.sessionUuid(), { schema: sessionUuidResponseCheck, signal }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** Whether entering this restaurant will ask for a new session id (spec §4): the router starts it early. */
export function needsNewSession(restaurant: { isEnabled: boolean; isOrderingEnabled: boolean }): boolean {
  return restaurant.isEnabled && restaurant.isOrderingEnabled && readStoredSession() === null;
}

function readStoredSession(): string | null {
  try {
    const parsed = sessionIdCheck.safeParse(localStorage.getItem(SESSION_STORAGE_KEY));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function forgetStoredSession(): void {
  try {
    localStorage.removeItem(SESSION_STORAGE_KEY);
  } catch {
    // Nothing kept, nothing to forget.
  }
}

function storeSession(id: string): void {
  try {
    localStorage.setItem(SESSION_STORAGE_KEY, id);
  } catch {
    // Without storage the session lasts as long as this page; ordering still works.
  }
}

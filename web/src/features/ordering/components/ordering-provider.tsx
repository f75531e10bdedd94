import { DEFAULT_TABLE } from '@tablo/contract/default-table';
import type { ServerMessage } from '@tablo/contract/events';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ComponentType, type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { LiveStatus } from '../../../lib/live-client.ts';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { isUnknownSession } from '../../../lib/unknown-session.ts';
import { useRestaurant } from '../../../providers/restaurant.tsx';
import { sessionUuidQueryOptions, useSession } from '../../../providers/session.tsx';
import { useTable } from '../../../providers/table.tsx';
import { joinTable } from '../api/join-table.ts';
import { tableOrdersQueryKey, tableOrdersQueryOptions } from '../api/table-orders.ts';
import { useTableLive } from '../hooks/use-table-live.ts';
import { type Ordering, OrderingContext, type OrderingStatus } from '../state/ordering-context.ts';
import {
  forgetTableToken,
  loadJoinedTable,
  loadTableToken,
  saveJoinedTable,
  saveTableToken,
} from '../state/table-token.ts';
import type { HoursNotice } from './hours-notice.tsx';
import { OrderingNotice } from './ordering-notice.tsx';

/** The status of a join answered from the device's kept join while there is no network. */
const OFFLINE_JOIN_STATUS = 0;

/** The query parameter of the table's QR code (DESIGN §8). */
export const TABLE_TOKEN_PARAM = 't';

export function joinQueryKey(shortName: string, tableId: number, sessionId: string | null) {
  return ['table-join', shortName, tableId, sessionId] as const;
}

/**
 * Joins the diner's session to the table (issue 4, DESIGN §5, §8) and keeps the table live while joined.
 * The `?t=` token is read once, kept on the device for this restaurant and table, and removed from the
 * address bar. Children always render: the menu stays readable when ordering is not possible.
 */
export function OrderingProvider({
  children,
  onLiveMessage,
}: {
  children: ReactNode;
  /** Told every live message of the table (the payment screens refetch what they show). */
  onLiveMessage?: (message: ServerMessage) => void;
}) {
  const { t } = useTranslation('orders');
  const restaurant = useRestaurant();
  const table = useTable();
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { shortName } = restaurant;
  const tableId = table.id;

  // Read before the first join request is made, so that request carries the scanned token.
  useState(() => {
    const token = new URLSearchParams(location.search).get(TABLE_TOKEN_PARAM);
    if (token && tableId !== DEFAULT_TABLE.id) saveTableToken(shortName, tableId, token);
    return null;
  });

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (!params.has(TABLE_TOKEN_PARAM)) return;
    params.delete(TABLE_TOKEN_PARAM);
    const search = params.toString();
    navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
      { replace: true, preventScrollReset: true },
    );
  }, [location.search, location.pathname, location.hash, navigate]);

  const sessionId = session.isActive ? session.sessionId : null;
  const canJoin =
    restaurant.isOrderingEnabled && sessionId !== null && tableId !== DEFAULT_TABLE.id && table.isEnabled;
  const join = useQuery({
    queryKey: joinQueryKey(shortName, tableId, sessionId),
    queryFn: async () => {
      const result = await joinTable({
        shortName,
        tableId,
        token: loadTableToken(shortName, tableId),
        sessionId: sessionId ?? '',
      });
      // A refused token is of no further use: the next scan brings a good one. A refused session is not the
      // token's fault: the session provider asks for a new id, and the join is made again with the same token.
      if (!result.ok && result.status === 403 && !isUnknownSession(result)) {
        forgetTableToken(shortName, tableId);
      }
      if (result.ok) saveJoinedTable(shortName, tableId, sessionId ?? '', result.data);
      // No network: a phone that had joined this table with this session fills its cart meanwhile
      // (decision record 025); placing the order waits for the network.
      const kept =
        result.ok || result.status !== 0 ? null : loadJoinedTable(shortName, tableId, sessionId ?? '');
      return kept ? { ok: true as const, status: OFFLINE_JOIN_STATUS, data: kept } : result;
    },
    enabled: canJoin,
    retry: false,
    // Tried offline too: a failed join falls back to the kept one (decision record 025).
    networkMode: 'always',
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
  const joined = join.data?.ok ? join.data.data : null;
  const offline = join.data?.ok === true && join.data.status === OFFLINE_JOIN_STATUS;

  const orders = useQuery({
    ...tableOrdersQueryOptions(tableId, sessionId ?? ''),
    enabled: joined !== null && !offline && sessionId !== null,
  });

  // Issue 28: a restaurant with opening hours loads the notice that tells when ordering opens (decision 074).
  // Its code failing to load leaves ordering as it is: the server refuses an order outside the hours anyway.
  const [Hours, setHours] = useState<ComponentType<Parameters<typeof HoursNotice>[0]> | null>(null);
  const [closed, setClosed] = useState<string | null>(null);
  const hasHours = Boolean(restaurant.hours);
  useEffect(() => {
    if (hasHours)
      import('./hours-notice.tsx').then(
        (module) => setHours(() => module.HoursNotice),
        () => undefined,
      );
  }, [hasHours]);

  const [liveStatus, setLiveStatus] = useState<LiveStatus | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const visitOver = liveStatus === 'closed' || orders.data?.visitId === null;
  const forbidden = liveStatus === 'forbidden';

  useEffect(() => {
    if (!visitOver && !forbidden) return;
    // The visit is over (or this session is no longer part of the open one, as after a close missed while
    // the phone slept): the next party starts clean, and this phone must scan the code again.
    forgetTableToken(shortName, tableId);
    if (forbidden && sessionId !== null) {
      // Reading the orders again tells a closed visit (visitId null) from another refusal.
      void queryClient.invalidateQueries({ queryKey: tableOrdersQueryKey(tableId, sessionId) });
    }
  }, [visitOver, forbidden, shortName, tableId, sessionId, queryClient]);

  const onStatusChanged = useCallback(
    (orderId: number, status: string) =>
      setAnnouncement(t('status_announcement', { id: orderId, status: t(`status_${status}`) })),
    [t],
  );
  useTableLive({
    shortName,
    tableId,
    sessionId,
    cursor: joined?.cursor ?? 0,
    enabled: joined !== null && !offline && !visitOver && !forbidden,
    onStatus: setLiveStatus,
    onStatusChanged,
    onMessage: onLiveMessage,
  });

  const retry = useCallback(() => {
    setLiveStatus(null);
    // Without a session, the session is what is asked for again (the join follows once it is there).
    const queryKey = session.failed
      ? sessionUuidQueryOptions().queryKey
      : joinQueryKey(shortName, tableId, sessionId);
    void queryClient.resetQueries({ queryKey });
  }, [queryClient, shortName, tableId, sessionId, session.failed]);

  // Back online after joining from the kept join: join for real (orders and the live channel follow).
  const failedForNetwork = offline || (join.data?.ok === false && join.data.status === 0);
  useEffect(() => {
    if (!failedForNetwork) return;
    addEventListener('online', retry);
    return () => removeEventListener('online', retry);
  }, [failedForNetwork, retry]);

  const value = useMemo<Ordering>(() => {
    let status: OrderingStatus;
    let error: string | null = null;
    if (!restaurant.isOrderingEnabled) status = 'off';
    // No session yet: asked for anew (the server forgot the kept one), or none could be had (the toast says so).
    else if (sessionId === null)
      status = session.failed ? 'no-session' : session.isLoaded ? 'off' : 'joining';
    else if (!canJoin) status = 'refused';
    else if (join.isPending || (join.data?.ok === false && isUnknownSession(join.data))) {
      status = 'joining';
    } else if (join.data && !join.data.ok) {
      error = join.data.message;
      status = join.data.status === 403 || join.data.status === 404 ? 'refused' : 'failed';
    } else if (offline) status = 'offline';
    else if (visitOver) status = 'closed';
    else if (forbidden) status = 'refused';
    else status = joined ? 'joined' : 'failed';
    return {
      status,
      shortName,
      tableId,
      tableNumber: joined?.tableNumber ?? table.tableId,
      sessionId,
      visitId: joined?.visitId ?? null,
      error,
      closed,
      retry,
      announce: setAnnouncement,
    };
  }, [
    closed,
    restaurant.isOrderingEnabled,
    sessionId,
    session.isLoaded,
    session.failed,
    canJoin,
    forbidden,
    join.isPending,
    join.data,
    visitOver,
    offline,
    joined,
    shortName,
    tableId,
    table.tableId,
    retry,
  ]);

  return (
    <OrderingContext value={value}>
      <OrderingNotice />
      {Hours && restaurant.hours && <Hours hours={restaurant.hours} onClosed={setClosed} />}
      {children}
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </OrderingContext>
  );
}

import {
  TABLE_CALL_KINDS,
  type TableCall,
  type TableCallKind,
  type TableCallsResponse,
} from '@tablo/contract/table-call';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BellRing, Receipt } from 'lucide-react';
import { useEffect, useState } from 'react';
import { tableCallsQueryKey, tableCallsQueryOptions, upsertCall } from '../../../lib/table-calls-query.ts';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { placeTableCall } from '../api/place-table-call.ts';
import styles from './table-calls.module.css';

export type CallState = 'idle' | 'sent' | 'received';

/**
 * How long "Received – a waiter is on the way" stays after a waiter acknowledged the call (issue 24 §13):
 * by then the waiter has come, and the diner may need to call again. Measured with the phone's clock
 * against the server's acknowledgement time (phones keep network time).
 */
export const CALL_RECEIVED_SHOWN_MS = 2 * 60_000;

function receivedUntil(call: TableCall): number {
  return call.acknowledgedAt === null ? 0 : Date.parse(call.acknowledgedAt) + CALL_RECEIVED_SHOWN_MS;
}

export function callState(call: TableCall | undefined, now = Date.now()): CallState {
  if (!call) return 'idle';
  if (call.acknowledgedAt === null) return 'sent';
  return now < receivedUntil(call) ? 'received' : 'idle';
}

/** The time of this render; a timer renders again when the next "received" state lapses. */
function useLapsingNow(calls: readonly TableCall[] | undefined): number {
  const [renders, setRenders] = useState(0);
  useEffect(() => {
    const current = Date.now();
    const next = Math.min(...(calls ?? []).map(receivedUntil).filter((until) => until > current));
    if (!Number.isFinite(next)) return;
    const timer = setTimeout(() => setRenders(renders + 1), next - current);
    return () => clearTimeout(timer);
  }, [calls, renders]);
  return Date.now();
}

const ICONS = { WAITER: BellRing, BILL: Receipt } as const;

/**
 * "Call the waiter" / "Ask for the bill" at a joined table (issue 8, the specification's signals): the state
 * of each call comes from the shared calls cache, which the table's live connection keeps current.
 */
export function TableCalls({ tableId, sessionId }: { tableId: number; sessionId: string }) {
  const { t } = useTranslation(['table', 'common']);
  const queryClient = useQueryClient();
  const calls = useQuery(tableCallsQueryOptions(tableId, sessionId));
  const [sending, setSending] = useState<TableCallKind | null>(null);
  const [problem, setProblem] = useState<{ kind: TableCallKind; message: string } | null>(null);
  const now = useLapsingNow(calls.data?.calls);

  async function call(kind: TableCallKind) {
    if (sending) return;
    setSending(kind);
    setProblem(null);
    const result = await placeTableCall(tableId, sessionId, kind);
    setSending(null);
    if (result.ok) {
      queryClient.setQueryData(tableCallsQueryKey(tableId, sessionId), (data?: TableCallsResponse) =>
        upsertCall(data, result.data),
      );
      return;
    }
    // 429 says when the diner can call again: shown as the server wrote it.
    const message =
      result.status === 429 ? result.message : t('common:request_unsuccessful', { error: result.message });
    setProblem({ kind, message });
  }

  return (
    <section className={styles.calls} aria-labelledby="table-calls-title">
      <h3 id="table-calls-title" className={styles.title}>
        {t('calls_title')}
      </h3>
      <div className={styles.buttons}>
        {TABLE_CALL_KINDS.map((kind) => {
          const state = callState(
            calls.data?.calls.find((c) => c.kind === kind),
            now,
          );
          const Icon = ICONS[kind];
          const statusId = `table-call-status-${kind}`;
          return (
            <div key={kind} className={styles.call} data-call={kind} data-call-state={state}>
              <button
                type="button"
                className={styles.button}
                aria-describedby={statusId}
                aria-disabled={sending !== null}
                onClick={() => call(kind)}
              >
                <Icon size={20} aria-hidden="true" />
                {t(`call_${kind}`)}
              </button>
              <p id={statusId} className={styles.status} role="status" aria-live="polite">
                {problem?.kind === kind ? (
                  <span className={styles.problem}>{problem.message}</span>
                ) : state === 'idle' ? null : (
                  t(`call_${state}_${kind}`)
                )}
              </p>
            </div>
          );
        })}
      </div>
    </section>
  );
}

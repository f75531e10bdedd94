import {
  TABLE_CALL_KINDS,
  type TableCall,
  type TableCallKind,
  type TableCallsResponse,
} from '@tablo/contract/table-call';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BellRing, Receipt } from 'lucide-react';
import { useState } from 'react';
import { tableCallsQueryKey, tableCallsQueryOptions, upsertCall } from '../../../lib/table-calls-query.ts';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { placeTableCall } from '../api/place-table-call.ts';
import styles from './table-calls.module.css';

export type CallState = 'idle' | 'sent' | 'received';

export function callState(call: TableCall | undefined): CallState {
  if (!call) return 'idle';
  return call.acknowledgedAt === null ? 'sent' : 'received';
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
          const state = callState(calls.data?.calls.find((c) => c.kind === kind));
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

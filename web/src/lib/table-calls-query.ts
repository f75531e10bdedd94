import { apiPaths } from '@tablo/contract/paths';
import { SESSION_HEADER } from '@tablo/contract/session-keys';
import {
  type TableCall,
  type TableCallsResponse,
  TableCallsResponseSchema,
} from '@tablo/contract/table-call';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';
import { RequestError } from './request-error.ts';

/**
 * The open visit's table calls, shared by the table's live connection (which writes `call.changed` and the
 * snapshot's calls here) and the call buttons (which read them), like the menu's cache in menu-query.ts.
 */
export function tableCallsQueryKey(tableId: number, sessionId: string) {
  return ['table-calls', tableId, sessionId] as const;
}

/** GET /api/tables/:tableId/calls — one call per kind at most. */
export async function getTableCalls(
  tableId: number,
  sessionId: string,
  signal?: AbortSignal,
): Promise<TableCallsResponse> {
  const result = await apiRequest(apiPaths.tableCalls(tableId), {
    schema: TableCallsResponseSchema,
    headers: { [SESSION_HEADER]: sessionId },
    signal,
  });
  if (!result.ok) throw new RequestError(result.status, result.message);
  return result.data;
}

export function tableCallsQueryOptions(tableId: number, sessionId: string) {
  return queryOptions({
    queryKey: tableCallsQueryKey(tableId, sessionId),
    queryFn: ({ signal }) => getTableCalls(tableId, sessionId, signal),
    // The websocket keeps the calls current; a refetch on focus covers a phone that slept.
    staleTime: 30_000,
  });
}

/** A call made, replaced or acknowledged: one per kind, the newer state wins. */
export function upsertCall(data: TableCallsResponse | undefined, call: TableCall): TableCallsResponse {
  const others = (data?.calls ?? []).filter((existing) => existing.kind !== call.kind);
  return { calls: [...others, call] };
}

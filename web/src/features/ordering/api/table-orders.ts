import { type TableOrdersResponse, TableOrdersResponseSchema } from '@tablo/contract/order';
import { apiPaths } from '@tablo/contract/paths';
import { SESSION_HEADER } from '@tablo/contract/session-keys';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export function tableOrdersQueryKey(tableId: number, sessionId: string) {
  return ['table-orders', tableId, sessionId] as const;
}

/** GET /api/tables/:tableId/orders — the open visit's orders, newest first; visitId null once it closed. */
export async function getTableOrders(
  tableId: number,
  sessionId: string,
  signal?: AbortSignal,
): Promise<TableOrdersResponse> {
  const result = await apiRequest(apiPaths.tableOrders(tableId), {
    schema: TableOrdersResponseSchema,
    headers: { [SESSION_HEADER]: sessionId },
    signal,
  });
  if (!result.ok) throw new Error(result.message);
  return result.data;
}

export function tableOrdersQueryOptions(tableId: number, sessionId: string) {
  return queryOptions({
    queryKey: tableOrdersQueryKey(tableId, sessionId),
    queryFn: ({ signal }) => getTableOrders(tableId, sessionId, signal),
    // The websocket keeps the list current; a refetch on focus covers a phone that slept.
    staleTime: 30_000,
  });
}

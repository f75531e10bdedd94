import { apiPaths } from '@tablo/contract/paths';
import { SESSION_HEADER } from '@tablo/contract/session-keys';
import { type TableCallKind, TableCallSchema } from '@tablo/contract/table-call';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/tables/:tableId/calls — 200 the call; 429 (with when to try again) within the interval. */
export function placeTableCall(tableId: number, sessionId: string, kind: TableCallKind) {
  return apiRequest(apiPaths.tableCalls(tableId), {
    method: 'POST',
    body: { kind },
    headers: { [SESSION_HEADER]: sessionId },
    schema: TableCallSchema,
  });
}

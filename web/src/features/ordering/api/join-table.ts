import { apiPaths } from '@tablo/contract/paths';
import { type JoinTableRequest, JoinTableResponseSchema } from '@tablo/contract/table-session';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/table-sessions: joins the diner's session to the table's open visit (DESIGN §5). */
export function joinTable(body: JoinTableRequest) {
  return apiRequest(apiPaths.joinTable(), { method: 'POST', body, schema: JoinTableResponseSchema });
}

import { ErrorBodySchema } from '@tablo/contract/errors';
import { SESSION_HEADER } from '@tablo/contract/session-keys';
import {
  PlaceTableCallRequestSchema,
  type TableCall,
  TableCallSchema,
  TableCallsResponseSchema,
} from '@tablo/contract/table-call';
import { HttpResponse, http } from 'msw';

type TableCallsServerOptions = {
  calls?: TableCall[];
  /** Every call is refused with 429 and this message, as within the interval. */
  tooSoon?: string;
};

/** The table-call API as the server answers it (checked against the contract), recording what was sent. */
export function tableCallsServer(options: TableCallsServerOptions = {}) {
  const state = {
    calls: [...(options.calls ?? [])],
    requests: [] as { tableId: string; sessionId: string | null; kind: string }[],
    reads: 0,
  };
  const handlers = [
    http.get('/api/tables/:tableId/calls', () => {
      state.reads += 1;
      return HttpResponse.json(TableCallsResponseSchema.parse({ calls: state.calls }));
    }),
    http.post('/api/tables/:tableId/calls', async ({ request, params }) => {
      const body = PlaceTableCallRequestSchema.parse(await request.json());
      state.requests.push({
        tableId: String(params.tableId),
        sessionId: request.headers.get(SESSION_HEADER),
        kind: body.kind,
      });
      if (options.tooSoon) {
        return HttpResponse.json(
          ErrorBodySchema.parse({ statusCode: 429, error: 'Too Many Requests', message: options.tooSoon }),
          { status: 429 },
        );
      }
      const call = TableCallSchema.parse({
        kind: body.kind,
        requestedAt: '2025-05-01T12:00:00.000Z',
        acknowledgedAt: null,
      });
      state.calls = [...state.calls.filter((c) => c.kind !== call.kind), call];
      return HttpResponse.json(call);
    }),
  ];
  return { handlers, state };
}

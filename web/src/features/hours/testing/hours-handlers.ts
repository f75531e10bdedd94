import { ErrorBodySchema } from '@tablo/contract/errors';
import {
  type OpeningHours,
  OpeningHoursSchema,
  spanProblems,
  UpdateOpeningHoursRequestSchema,
} from '@tablo/contract/hours';
import { CSRF_HEADER } from '@tablo/contract/staff';
import { HttpResponse, http } from 'msw';

function error(status: number, message: string) {
  return HttpResponse.json(ErrorBodySchema.parse({ statusCode: status, error: 'Error', message }), {
    status,
  });
}

/**
 * The hours API as the server answers it (contract schemas both ways), with its rules: spans that overlap
 * or open when they close are a 422 (the contract's own check), a stale version a 409.
 */
export function hoursServer(initial: Partial<OpeningHours> = {}) {
  const state = {
    hours: OpeningHoursSchema.parse({
      spans: [],
      closedDays: [],
      businessDayCutoffHour: 4,
      timeZone: 'Europe/Budapest',
      version: 0,
      ...initial,
    }),
    writes: [] as { csrf: string | null; body: unknown }[],
  };
  const handlers = [
    http.get('/api/staff/hours', () => HttpResponse.json(OpeningHoursSchema.parse(state.hours))),
    http.put('/api/staff/hours', async ({ request }) => {
      const raw: unknown = await request.json();
      state.writes.push({ csrf: request.headers.get(CSRF_HEADER), body: raw });
      const body = UpdateOpeningHoursRequestSchema.parse(raw);
      const problems = spanProblems(body.spans);
      if (problems.length > 0) return error(422, problems.join('; '));
      if (body.version !== state.hours.version)
        return error(
          409,
          `version: the hours were saved by someone else since you opened them (now version ${state.hours.version}). Reload them, then make your change again.`,
        );
      state.hours = { ...state.hours, ...body, version: body.version + 1 };
      return HttpResponse.json(OpeningHoursSchema.parse(state.hours));
    }),
  ];
  return { state, handlers };
}

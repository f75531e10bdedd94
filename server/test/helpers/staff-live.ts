import { StaffMeSchema, type StaffServerMessage, StaffServerMessageSchema } from '@tablo/contract/staff';
import type { App } from '../../src/lib/app-type.ts';
import { RecordingClient } from './live.ts';

/** Test helpers of the staff board's live side: log-in through the API, a recording staff socket. */

export const STAFF_PASSWORD = 'correct horse battery';

export interface LoggedIn {
  cookie: string;
  csrf: string;
}

export async function logIn(app: App, email: string, password = STAFF_PASSWORD): Promise<LoggedIn> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/staff/login',
    payload: { email, password },
  });
  if (response.statusCode !== 200) throw new Error(`login ${response.statusCode} ${response.body}`);
  const cookie = response.cookies.find((c) => c.name === 'tablo_staff');
  if (!cookie) throw new Error('no cookie');
  return { cookie: `tablo_staff=${cookie.value}`, csrf: StaffMeSchema.parse(response.json()).csrfToken };
}

export function staffRequest(
  app: App,
  who: LoggedIn,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
) {
  return app.inject({
    method,
    url,
    headers: { cookie: who.cookie, 'x-csrf-token': who.csrf },
    ...(payload === undefined ? {} : { payload }),
  });
}

export type StaffClient = RecordingClient<StaffServerMessage>;

/**
 * A staff socket to `httpBase` (http://host:port) with the console's Origin and cookie unless told
 * otherwise; every message is checked against StaffServerMessageSchema.
 */
export function staffSocket(
  httpBase: string,
  options: { cookie?: string | null; origin?: string | null; since?: string } = {},
): StaffClient {
  const headers: Record<string, string> = {};
  if (options.cookie) headers.cookie = options.cookie;
  const origin = options.origin === undefined ? httpBase : options.origin;
  const query = options.since === undefined ? '' : `?since=${encodeURIComponent(options.since)}`;
  return new RecordingClient<StaffServerMessage>(
    `${httpBase.replace(/^http/, 'ws')}/api/staff/ws${query}`,
    { headers, ...(origin === null ? {} : { origin }) },
    (data) => StaffServerMessageSchema.parse(data),
  );
}

/** The table events a staff client received, as [type, tableId, cursor]. */
export function eventsOf(client: StaffClient): [string, number, number][] {
  return client.messages.flatMap((m) =>
    'cursor' in m ? [[m.type, m.tableId, m.cursor] as [string, number, number]] : [],
  );
}

import { STAFF_ROLES, StaffMeSchema, type StaffRole } from '@tablo/contract/staff';
import type { Database } from '../../src/db/database.ts';
import type { App } from '../../src/lib/app-type.ts';
import { createStaff } from '../../src/modules/staff/create-staff.ts';

/** Test helpers of the staff routes: accounts of every role, logged in, and requests as them. */

export const TEST_STAFF_PASSWORD = 'correct horse battery';

export interface LoggedIn {
  email: string;
  cookie: string;
  csrf: string;
}

let clientAddress = 0;

/** Each log-in from its own client address, so the per-address rate limit never trips in a suite. */
export async function logIn(app: App, email: string, password = TEST_STAFF_PASSWORD): Promise<LoggedIn> {
  clientAddress += 1;
  const response = await app.inject({
    method: 'POST',
    url: '/api/staff/login',
    payload: { email, password },
    remoteAddress: `10.9.${Math.floor(clientAddress / 250) % 250}.${(clientAddress % 250) + 1}`,
  });
  if (response.statusCode !== 200) throw new Error(`login ${response.statusCode} ${response.body}`);
  const cookie = response.cookies.find((c) => c.name === 'tablo_staff');
  if (!cookie) throw new Error('no cookie');
  return {
    email,
    cookie: `tablo_staff=${cookie.value}`,
    csrf: StaffMeSchema.parse(response.json()).csrfToken,
  };
}

/** One account per role for the restaurant (`<role>@<shortName>.test`), logged in. */
export async function staffOfEveryRole(
  app: App,
  database: Database,
  shortName: string,
): Promise<Record<StaffRole, LoggedIn>> {
  const entries: [StaffRole, LoggedIn][] = [];
  for (const role of STAFF_ROLES) {
    const email = `${role.toLowerCase()}@${shortName}.test`;
    await createStaff(database, { shortName, email, role, password: TEST_STAFF_PASSWORD });
    entries.push([role, await logIn(app, email)]);
  }
  return Object.fromEntries(entries) as Record<StaffRole, LoggedIn>;
}

export function asStaff(
  app: App,
  who: LoggedIn,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
  options: { csrf?: boolean } = {},
) {
  const headers: Record<string, string> = { cookie: who.cookie };
  if (options.csrf !== false) headers['x-csrf-token'] = who.csrf;
  return app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

import { type SignUpRequest, TeamSchema } from '@tablo/contract/accounts';
import { StaffMeSchema } from '@tablo/contract/staff';
import type { App } from '../../src/lib/app-type.ts';
import { type MailCatcher, startMailCatcher } from './mail-catcher.ts';
import type { LoggedIn } from './staff.ts';
import { createTestApp, type TestContext, testConfig } from './test-app.ts';
import type { TestDatabaseKind } from './test-database.ts';

/** Test helpers of the accounts routes: an app that mails through a real SMTP server in the test. */

export const OWNER_PASSWORD = 'a long owner password';

export interface AccountsContext extends TestContext {
  mail: MailCatcher;
}

export async function createAccountsApp(
  kind: TestDatabaseKind,
  overrides: Record<string, string> = {},
): Promise<AccountsContext> {
  const mail = await startMailCatcher();
  const ctx = await createTestApp(kind, { config: testConfig({ SMTP_URL: mail.smtpUrl, ...overrides }) });
  return {
    ...ctx,
    mail,
    async close() {
      await ctx.close();
      await mail.close();
    },
  };
}

let clientAddress = 0;
/** A client address of its own, so per-address limits only trip where a test means them to. */
export function freshAddress(): string {
  clientAddress += 1;
  return `10.26.${Math.floor(clientAddress / 250) % 250}.${(clientAddress % 250) + 1}`;
}

export function signUpRequest(shortName: string, overrides: Partial<SignUpRequest> = {}): SignUpRequest {
  return {
    restaurantName: `Restaurant ${shortName}`,
    shortName,
    email: `owner@${shortName}.test`,
    password: OWNER_PASSWORD,
    language: 'en',
    ...overrides,
  };
}

export function postSignUp(app: App, body: unknown, remoteAddress = freshAddress()) {
  return app.inject({
    method: 'POST',
    url: '/api/accounts/sign-up',
    payload: body as Record<string, unknown>,
    remoteAddress,
  });
}

/** Signs a restaurant up; answers its owner, signed in. */
export async function signedUpOwner(app: App, shortName: string): Promise<LoggedIn> {
  const response = await postSignUp(app, signUpRequest(shortName));
  if (response.statusCode !== 201) throw new Error(`sign-up ${response.statusCode} ${response.body}`);
  return sessionOf(response);
}

export function sessionOf(response: Awaited<ReturnType<App['inject']>>): LoggedIn {
  const cookie = response.cookies.find((c) => c.name === 'tablo_staff');
  if (!cookie) throw new Error(`no session cookie: ${response.statusCode} ${response.body}`);
  const me = StaffMeSchema.parse(response.json());
  return { email: me.email, cookie: `tablo_staff=${cookie.value}`, csrf: me.csrfToken };
}

export function post(app: App, url: string, payload: Record<string, unknown>) {
  return app.inject({ method: 'POST', url, payload, remoteAddress: freshAddress() });
}

export async function teamOf(app: App, who: LoggedIn) {
  const response = await app.inject({
    method: 'GET',
    url: '/api/staff/team',
    headers: { cookie: who.cookie },
  });
  if (response.statusCode !== 200) throw new Error(`team ${response.statusCode} ${response.body}`);
  return TeamSchema.parse(response.json());
}

import { StaffMeSchema } from '@tablo/contract/staff';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountsContext,
  createAccountsApp,
  freshAddress,
  post,
  postSignUp,
  sessionOf,
  signUpRequest,
  teamOf,
} from '../../../test/helpers/accounts.ts';
import { testDatabaseKinds } from '../../../test/helpers/test-database.ts';
import { restaurant, staffUser } from '../../db/schema.ts';
import { ACCOUNT_TEXTS } from './account-texts.ts';

describe.each(testDatabaseKinds())('sign-up on %s', (kind) => {
  let ctx: AccountsContext;
  beforeAll(async () => {
    ctx = await createAccountsApp(kind);
  }, 60_000);
  afterAll(() => ctx.close());

  const restaurantRow = async (shortName: string) =>
    (await ctx.database.db.select().from(restaurant).where(eq(restaurant.shortName, shortName)))[0];

  it('creates the restaurant disabled and its OWNER, signed in, and mails the confirmation link in the sign-up’s language', async () => {
    const response = await postSignUp(
      ctx.app,
      signUpRequest('napfeny', { restaurantName: 'Napfény Bisztró', language: 'de' }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const me = StaffMeSchema.parse(response.json());
    expect(me).toMatchObject({ email: 'owner@napfeny.test', role: 'OWNER', restaurantShortName: 'napfeny' });
    const session = sessionOf(response);
    const check = await ctx.app.inject({
      method: 'GET',
      url: '/api/staff/me',
      headers: { cookie: session.cookie },
    });
    expect(check.statusCode).toBe(200);

    const created = await restaurantRow('napfeny');
    expect(created).toMatchObject({ name: 'Napfény Bisztró', isEnabled: false });
    // Diners see nothing of it until the owner opens it.
    const page = await ctx.app.inject({ method: 'GET', url: '/api/restaurant/one/napfeny' });
    expect([page.statusCode, page.json().isEnabled]).toEqual([200, false]);

    const mail = await ctx.mail.next('owner@napfeny.test');
    expect(mail.subject).toBe('Bestätigen Sie Ihre E-Mail-Adresse – Napfény Bisztró');
    expect(mail.text).toContain('Willkommen!');
    expect(mail.link).toMatch(/^http:\/\/localhost:3000\/account\/confirm-email\/de\?token=[\w-]{43}$/);
    // Only the hash is stored.
    const stored = await ctx.database.db.execute(sql`select token_hash from account_token`);
    expect(JSON.stringify(stored)).not.toContain(mail.token);

    expect((await teamOf(ctx.app, session)).members[0]?.emailConfirmed).toBe(false);
    const confirmed = await post(ctx.app, '/api/accounts/confirm-email', { token: mail.token });
    expect([confirmed.statusCode, confirmed.json()]).toEqual([200, { email: 'owner@napfeny.test' }]);
    expect((await teamOf(ctx.app, session)).members[0]?.emailConfirmed).toBe(true);

    const again = await post(ctx.app, '/api/accounts/confirm-email', { token: mail.token });
    expect([again.statusCode, again.json().message]).toEqual([410, ACCOUNT_TEXTS.linkUsed]);
  });

  it('refuses a taken short name with 409, creating nothing', async () => {
    expect((await postSignUp(ctx.app, signUpRequest('taken'))).statusCode).toBe(201);
    const second = await postSignUp(ctx.app, signUpRequest('taken', { email: 'someone@else.test' }));
    expect([second.statusCode, second.json().message]).toEqual([409, ACCOUNT_TEXTS.shortNameTaken('taken')]);
    const [row] = await ctx.database.db
      .select({ id: staffUser.id })
      .from(staffUser)
      .where(eq(staffUser.email, 'someone@else.test'));
    expect(row).toBeUndefined();
    expect(second.cookies).toEqual([]);
  });

  it('refuses an address that already has an account with 409, creating no restaurant', async () => {
    expect((await postSignUp(ctx.app, signUpRequest('first-place'))).statusCode).toBe(201);
    const second = await postSignUp(
      ctx.app,
      signUpRequest('second-place', { email: 'OWNER@first-place.test' }),
    );
    expect([second.statusCode, second.json().message]).toEqual([409, ACCOUNT_TEXTS.emailTaken]);
    expect(await restaurantRow('second-place')).toBeUndefined();
  });

  it('checks a short name as it is typed', async () => {
    const free = await ctx.app.inject({ method: 'GET', url: '/api/accounts/short-names/still-free' });
    expect(free.json()).toEqual({ shortName: 'still-free', available: true });
    await postSignUp(ctx.app, signUpRequest('now-taken'));
    const taken = await ctx.app.inject({ method: 'GET', url: '/api/accounts/short-names/now-taken' });
    expect(taken.json()).toEqual({ shortName: 'now-taken', available: false });
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/accounts/short-names/Not%20Ok' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('params/shortName');
  });

  it('names every bad field, and creates nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ restaurantName: '  ' }, 'body/restaurantName'],
      [{ shortName: 'Has Space' }, 'body/shortName'],
      [{ shortName: '-dash-first' }, 'body/shortName'],
      [{ email: 'not-an-address' }, 'body/email'],
      [{ password: 'short' }, 'body/password'],
      [{ language: 'xx' }, 'body/language'],
      [{ extra: 1 }, 'body'],
    ];
    for (const [change, field] of cases) {
      const response = await postSignUp(ctx.app, { ...signUpRequest('bad-fields'), ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(String(response.json().message), JSON.stringify(change)).toContain(field);
    }
    const missing = await postSignUp(ctx.app, { shortName: 'bad-fields' });
    expect(missing.json().message).toEqual(
      expect.arrayContaining([
        expect.stringContaining('body/restaurantName'),
        expect.stringContaining('body/email'),
        expect.stringContaining('body/password'),
        expect.stringContaining('body/language'),
      ]),
    );
    expect(await restaurantRow('bad-fields')).toBeUndefined();
  });

  it('limits sign-ups per client address', async () => {
    const limited = await createAccountsApp(kind, { RATE_LIMIT_SIGNUPS_PER_HOUR: '2' });
    try {
      const address = freshAddress();
      for (const name of ['limit-a', 'limit-b']) {
        expect((await postSignUp(limited.app, signUpRequest(name), address)).statusCode).toBe(201);
      }
      const third = await postSignUp(limited.app, signUpRequest('limit-c'), address);
      expect(third.statusCode).toBe(429);
      expect(third.json().message).toBe('Too many sign-ups from this address: please try again in an hour');
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(3000);
      const [row] = await limited.database.db
        .select()
        .from(restaurant)
        .where(eq(restaurant.shortName, 'limit-c'));
      expect(row).toBeUndefined();
      // Another address is not held up.
      expect((await postSignUp(limited.app, signUpRequest('limit-c'), freshAddress())).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountsContext,
  createAccountsApp,
  OWNER_PASSWORD,
  post,
  signedUpOwner,
} from '../../../test/helpers/accounts.ts';
import { asStaff, logIn } from '../../../test/helpers/staff.ts';
import { testDatabaseKinds } from '../../../test/helpers/test-database.ts';
import { accountToken } from '../../db/schema.ts';
import { ACCOUNT_TEXTS } from './account-texts.ts';

const NEW_PASSWORD = 'a brand new password';

describe.each(testDatabaseKinds())('password reset links on %s', (kind) => {
  let ctx: AccountsContext;
  beforeAll(async () => {
    ctx = await createAccountsApp(kind);
  }, 60_000);
  afterAll(() => ctx.close());

  const requestReset = (email: string, language = 'en') =>
    post(ctx.app, '/api/accounts/password-reset', { email, language });
  const complete = (token: string, password = NEW_PASSWORD) =>
    post(ctx.app, '/api/accounts/password-reset/complete', { token, password });

  it('mails a link in the asked language; the new password works, the old one and every old session end; the link works once', async () => {
    const owner = await signedUpOwner(ctx.app, 'reset-one');
    await ctx.mail.next(owner.email); // the confirmation
    const otherDevice = await logIn(ctx.app, owner.email, OWNER_PASSWORD);

    const asked = await requestReset('Owner@Reset-One.test', 'fr');
    expect(asked.statusCode).toBe(202);
    const mail = await ctx.mail.next(owner.email);
    expect(mail.subject).toBe('Réinitialiser votre mot de passe – Tablo');
    expect(mail.link).toMatch(/\/account\/reset-password\/fr\?token=/);

    const done = await complete(mail.token);
    expect(done.statusCode, done.body).toBe(204);
    for (const session of [owner, otherDevice]) {
      expect((await asStaff(ctx.app, session, 'GET', '/api/staff/me')).statusCode).toBe(401);
    }
    await expect(logIn(ctx.app, owner.email, OWNER_PASSWORD)).rejects.toThrow(/401/);
    await logIn(ctx.app, owner.email, NEW_PASSWORD);

    const reused = await complete(mail.token, 'yet another password');
    expect([reused.statusCode, reused.json().message]).toEqual([410, ACCOUNT_TEXTS.linkUsed]);
    await logIn(ctx.app, owner.email, NEW_PASSWORD);
  });

  it('an expired link is refused and changes nothing; a newer link replaces an older one', async () => {
    const owner = await signedUpOwner(ctx.app, 'reset-two');
    await ctx.mail.next(owner.email);
    await requestReset(owner.email);
    const first = await ctx.mail.next(owner.email);
    await requestReset(owner.email);
    const second = await ctx.mail.next(owner.email);
    const replaced = await complete(first.token);
    expect([replaced.statusCode, replaced.json().message]).toEqual([404, ACCOUNT_TEXTS.linkInvalid]);

    await ctx.database.db
      .update(accountToken)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(sql`${accountToken.kind} = 'RESET_PASSWORD'`);
    const expired = await complete(second.token);
    expect([expired.statusCode, expired.json().message]).toEqual([410, ACCOUNT_TEXTS.linkExpired]);
    await logIn(ctx.app, owner.email, OWNER_PASSWORD);
  });

  it('answers an unknown address like a known one, and mails nothing to it', async () => {
    const unknown = await requestReset('nobody@nowhere.test');
    expect([unknown.statusCode, unknown.body]).toEqual([202, '']);
    const owner = await signedUpOwner(ctx.app, 'reset-three');
    await ctx.mail.next(owner.email);
    await requestReset(owner.email);
    await ctx.mail.next(owner.email);
    expect(ctx.mail.to('nobody@nowhere.test')).toEqual([]);
  });

  it('names bad fields, and refuses a token it never issued', async () => {
    const short = await complete('x'.repeat(43), 'short');
    expect([short.statusCode, short.json().message]).toEqual([
      400,
      'body/password: needs at least 10 characters',
    ]);
    const badToken = await complete('not a token!');
    expect(badToken.statusCode).toBe(400);
    expect(String(badToken.json().message)).toContain('body/token: is not a valid link');
    const unknown = await complete('A'.repeat(43));
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, ACCOUNT_TEXTS.linkInvalid]);
    const badEmail = await post(ctx.app, '/api/accounts/password-reset', { email: 'nope', language: 'en' });
    expect(badEmail.json().message).toContain('body/email');
  });

  it('limits reset mails per client address and e-mail address', async () => {
    const owner = await signedUpOwner(ctx.app, 'reset-four');
    const address = '10.99.0.1';
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/accounts/password-reset',
        payload: { email: owner.email, language: 'en' },
        remoteAddress: address,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([202, 202, 202, 429]);
  });
});

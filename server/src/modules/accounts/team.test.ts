import { StaffMeSchema } from '@tablo/contract/staff';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountsContext,
  createAccountsApp,
  post,
  sessionOf,
  signedUpOwner,
  teamOf,
} from '../../../test/helpers/accounts.ts';
import { asStaff, type LoggedIn, logIn } from '../../../test/helpers/staff.ts';
import { testDatabaseKinds } from '../../../test/helpers/test-database.ts';
import { accountToken } from '../../db/schema.ts';
import { STAFF_TEXTS } from '../staff/service.ts';
import { ACCOUNT_TEXTS } from './account-texts.ts';

const INVITEE_PASSWORD = 'the invitee password';

describe.each(testDatabaseKinds())('the team on %s', (kind) => {
  let ctx: AccountsContext;
  beforeAll(async () => {
    ctx = await createAccountsApp(kind);
  }, 60_000);
  afterAll(() => ctx.close());

  const invite = (who: LoggedIn, email: string, role: string, language = 'en') =>
    asStaff(ctx.app, who, 'POST', '/api/staff/team/invitations', { email, role, language });
  const patch = (who: LoggedIn, memberId: number, body: Record<string, unknown>) =>
    asStaff(ctx.app, who, 'PATCH', `/api/staff/team/members/${memberId}`, body);
  const memberId = async (who: LoggedIn, email: string) => {
    const found = (await teamOf(ctx.app, who)).members.find((m) => m.email === email);
    if (!found) throw new Error(`no member ${email}`);
    return found.id;
  };

  /** Invites, accepts through the mailed link, answers the new member signed in. */
  async function joined(by: LoggedIn, email: string, role: string): Promise<LoggedIn> {
    expect((await invite(by, email, role)).statusCode).toBe(201);
    const mail = await ctx.mail.next(email);
    return sessionOf(
      await post(ctx.app, '/api/accounts/invitation/accept', {
        token: mail.token,
        password: INVITEE_PASSWORD,
      }),
    );
  }

  async function restaurantWithOwner(shortName: string): Promise<LoggedIn> {
    const owner = await signedUpOwner(ctx.app, shortName);
    await ctx.mail.next(owner.email);
    return owner;
  }

  it('invites a waiter by a mailed link in the invitation’s language: the invitee sets a password and is signed in; the link works once', async () => {
    const owner = await restaurantWithOwner('team-one');
    const invited = await invite(owner, 'Zoli@Team-One.test', 'WAITER', 'hu');
    expect(invited.statusCode, invited.body).toBe(201);
    expect(invited.json()).toMatchObject({ email: 'Zoli@Team-One.test', role: 'WAITER', expired: false });
    expect((await teamOf(ctx.app, owner)).invitations.map((i) => i.email)).toEqual(['Zoli@Team-One.test']);

    const mail = await ctx.mail.next('zoli@team-one.test');
    expect(mail.subject).toBe('Meghívó: Restaurant team-one');
    expect(mail.text).toContain('szerepkör: pincér');
    expect(mail.link).toMatch(/\/account\/invitation\/hu\?token=/);

    const preview = await post(ctx.app, '/api/accounts/invitation', { token: mail.token });
    expect(preview.json()).toEqual({
      email: 'Zoli@Team-One.test',
      role: 'WAITER',
      restaurantName: 'Restaurant team-one',
    });
    const short = await post(ctx.app, '/api/accounts/invitation/accept', {
      token: mail.token,
      password: 'short',
    });
    expect(short.json().message).toBe('body/password: needs at least 10 characters');

    const accepted = await post(ctx.app, '/api/accounts/invitation/accept', {
      token: mail.token,
      password: INVITEE_PASSWORD,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(StaffMeSchema.parse(accepted.json())).toMatchObject({
      role: 'WAITER',
      restaurantShortName: 'team-one',
    });
    const waiter = sessionOf(accepted);
    expect((await asStaff(ctx.app, waiter, 'GET', '/api/staff/board')).statusCode).toBe(200);
    await logIn(ctx.app, 'zoli@team-one.test', INVITEE_PASSWORD);

    const team = await teamOf(ctx.app, owner);
    expect(team.invitations).toEqual([]);
    expect(team.members.map((m) => [m.email, m.role, m.emailConfirmed])).toEqual([
      ['owner@team-one.test', 'OWNER', false],
      ['Zoli@Team-One.test', 'WAITER', true],
    ]);
    for (const [url, body] of [
      ['/api/accounts/invitation', { token: mail.token }],
      ['/api/accounts/invitation/accept', { token: mail.token, password: INVITEE_PASSWORD }],
    ] as const) {
      const reused = await post(ctx.app, url, body);
      expect([reused.statusCode, reused.json().message], url).toEqual([410, ACCOUNT_TEXTS.linkUsed]);
    }
    // Waiters and the kitchen manage nobody.
    expect((await asStaff(ctx.app, waiter, 'GET', '/api/staff/team')).statusCode).toBe(403);
  });

  it('refuses an expired invitation; inviting again sends a new link and the old one stops working; a withdrawn one too', async () => {
    const owner = await restaurantWithOwner('team-two');
    await invite(owner, 'late@team-two.test', 'KITCHEN');
    const first = await ctx.mail.next('late@team-two.test');
    await ctx.database.db
      .update(accountToken)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(sql`${accountToken.kind} = 'INVITATION'`);
    expect((await teamOf(ctx.app, owner)).invitations[0]?.expired).toBe(true);
    const expired = await post(ctx.app, '/api/accounts/invitation/accept', {
      token: first.token,
      password: INVITEE_PASSWORD,
    });
    expect([expired.statusCode, expired.json().message]).toEqual([410, ACCOUNT_TEXTS.linkExpired]);

    await invite(owner, 'late@team-two.test', 'KITCHEN');
    const second = await ctx.mail.next('late@team-two.test');
    const old = await post(ctx.app, '/api/accounts/invitation', { token: first.token });
    expect(old.statusCode).toBe(404);
    const [pending] = (await teamOf(ctx.app, owner)).invitations;
    expect(pending?.expired).toBe(false);
    const withdrawn = await asStaff(ctx.app, owner, 'DELETE', `/api/staff/team/invitations/${pending?.id}`);
    expect(withdrawn.statusCode).toBe(204);
    const gone = await post(ctx.app, '/api/accounts/invitation/accept', {
      token: second.token,
      password: INVITEE_PASSWORD,
    });
    expect(gone.statusCode).toBe(404);
  });

  it('names bad fields of an invitation; an address with an account is 409', async () => {
    const owner = await restaurantWithOwner('team-three');
    for (const [body, field] of [
      [{ email: 'x', role: 'WAITER', language: 'en' }, 'body/email'],
      [{ email: 'a@b.test', role: 'CHEF', language: 'en' }, 'body/role'],
      [{ email: 'a@b.test', role: 'WAITER', language: 'klingon' }, 'body/language'],
    ] as const) {
      const response = await asStaff(ctx.app, owner, 'POST', '/api/staff/team/invitations', body);
      expect(response.statusCode).toBe(400);
      expect(String(response.json().message)).toContain(field);
    }
    const taken = await invite(owner, 'OWNER@team-one.test', 'WAITER');
    expect([taken.statusCode, taken.json().message]).toEqual([409, ACCOUNT_TEXTS.emailTaken]);
  });

  it('changes a role, disables (sessions end at once) and enables again; sends a member a reset link in their language', async () => {
    const owner = await restaurantWithOwner('team-four');
    const waiter = await joined(owner, 'waiter@team-four.test', 'WAITER');
    const id = await memberId(owner, 'waiter@team-four.test');

    const changed = await patch(owner, id, { role: 'KITCHEN' });
    expect([changed.statusCode, changed.json().role]).toEqual([200, 'KITCHEN']);
    expect((await asStaff(ctx.app, waiter, 'GET', '/api/staff/me')).json().role).toBe('KITCHEN');

    const disabled = await patch(owner, id, { disabled: true });
    expect(disabled.json()).toMatchObject({ disabled: true });
    expect((await asStaff(ctx.app, waiter, 'GET', '/api/staff/me')).statusCode).toBe(401);
    await expect(logIn(ctx.app, 'waiter@team-four.test', INVITEE_PASSWORD)).rejects.toThrow(
      new RegExp(STAFF_TEXTS.disabled),
    );
    expect((await patch(owner, id, { disabled: false })).json()).toMatchObject({ disabled: false });
    await logIn(ctx.app, 'waiter@team-four.test', INVITEE_PASSWORD);

    const empty = await patch(owner, id, {});
    expect([empty.statusCode, empty.json().message]).toEqual([400, 'body/role: give a role or disabled']);

    const reset = await asStaff(ctx.app, owner, 'POST', `/api/staff/team/members/${id}/password-reset`, {});
    expect(reset.statusCode).toBe(202);
    const mail = await ctx.mail.next('waiter@team-four.test');
    expect(mail.link).toMatch(/\/account\/reset-password\/en\?token=/);
  });

  it('keeps the last owner: not disabled by itself, not demoted; with a second owner one may step down', async () => {
    const owner = await restaurantWithOwner('team-five');
    const ownerId = await memberId(owner, owner.email);
    const self = await patch(owner, ownerId, { disabled: true });
    expect([self.statusCode, self.json().message]).toEqual([409, ACCOUNT_TEXTS.disableSelf]);
    const demote = await patch(owner, ownerId, { role: 'MANAGER' });
    expect([demote.statusCode, demote.json().message]).toEqual([409, ACCOUNT_TEXTS.lastOwner]);

    const second = await joined(owner, 'second@team-five.test', 'OWNER');
    const secondId = await memberId(owner, 'second@team-five.test');
    expect((await patch(second, ownerId, { role: 'MANAGER' })).statusCode).toBe(200);
    const last = await patch(second, secondId, { role: 'WAITER' });
    expect([last.statusCode, last.json().message]).toEqual([409, ACCOUNT_TEXTS.lastOwner]);
    expect((await teamOf(ctx.app, second)).members.filter((m) => m.role === 'OWNER')).toHaveLength(1);
  });

  it('a manager manages everyone but owners', async () => {
    const owner = await restaurantWithOwner('team-six');
    const manager = await joined(owner, 'manager@team-six.test', 'MANAGER');
    await joined(owner, 'cook@team-six.test', 'KITCHEN');
    const ownerId = await memberId(owner, owner.email);
    const cookId = await memberId(owner, 'cook@team-six.test');

    const refusals = [
      await patch(manager, ownerId, { disabled: true }),
      await patch(manager, ownerId, { role: 'WAITER' }),
      await patch(manager, cookId, { role: 'OWNER' }),
      await invite(manager, 'boss@team-six.test', 'OWNER'),
      await asStaff(ctx.app, manager, 'POST', `/api/staff/team/members/${ownerId}/password-reset`, {}),
    ];
    for (const response of refusals) {
      expect([response.statusCode, response.json().message]).toEqual([403, ACCOUNT_TEXTS.ownersOnly]);
    }
    expect((await teamOf(ctx.app, owner)).members.find((m) => m.id === ownerId)).toMatchObject({
      role: 'OWNER',
      disabled: false,
    });
    expect((await patch(manager, cookId, { role: 'WAITER' })).statusCode).toBe(200);
    expect((await patch(manager, cookId, { disabled: true })).statusCode).toBe(200);
    expect((await invite(manager, 'new@team-six.test', 'MANAGER')).statusCode).toBe(201);
  });

  it('another restaurant’s staff neither reads nor changes this team', async () => {
    const owner = await restaurantWithOwner('team-seven');
    await joined(owner, 'waiter@team-seven.test', 'WAITER');
    await invite(owner, 'pending@team-seven.test', 'WAITER');
    const outsider = await restaurantWithOwner('team-eight');
    const waiterId = await memberId(owner, 'waiter@team-seven.test');
    const [pending] = (await teamOf(ctx.app, owner)).invitations;
    const before = await teamOf(ctx.app, owner);

    const theirs = await teamOf(ctx.app, outsider);
    expect(JSON.stringify(theirs)).not.toContain('team-seven');
    for (const response of [
      await patch(outsider, waiterId, { disabled: true }),
      await asStaff(ctx.app, outsider, 'POST', `/api/staff/team/members/${waiterId}/password-reset`, {}),
      await asStaff(ctx.app, outsider, 'DELETE', `/api/staff/team/invitations/${pending?.id}`),
    ]) {
      expect(response.statusCode).toBe(404);
    }
    expect(await teamOf(ctx.app, owner)).toEqual(before);
    expect(ctx.mail.to('waiter@team-seven.test')).toHaveLength(1);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('two owners demoting each other at once (PostgreSQL)', () => {
  it('leaves exactly one owner', async () => {
    const ctx = await createAccountsApp('postgres');
    try {
      const a = await signedUpOwner(ctx.app, 'race-owners');
      await ctx.mail.next(a.email);
      await asStaff(ctx.app, a, 'POST', '/api/staff/team/invitations', {
        email: 'b@race-owners.test',
        role: 'OWNER',
        language: 'en',
      });
      const mail = await ctx.mail.next('b@race-owners.test');
      const b = sessionOf(
        await post(ctx.app, '/api/accounts/invitation/accept', {
          token: mail.token,
          password: INVITEE_PASSWORD,
        }),
      );
      const team = await teamOf(ctx.app, a);
      const idOf = (email: string) => team.members.find((m) => m.email === email)?.id;
      const results = await Promise.all([
        asStaff(ctx.app, a, 'PATCH', `/api/staff/team/members/${idOf(b.email)}`, { role: 'MANAGER' }),
        asStaff(ctx.app, b, 'PATCH', `/api/staff/team/members/${idOf(a.email)}`, { role: 'MANAGER' }),
      ]);
      // The loser's session may already be a manager's: refused as the last owner's change or as a manager's.
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, expect.any(Number)]);
      expect([403, 409]).toContain(results.find((r) => r.statusCode !== 200)?.statusCode);
      // Whoever lost is a manager now, and managers read the team.
      const owners = (await teamOf(ctx.app, a)).members.filter((m) => m.role === 'OWNER');
      expect(owners).toHaveLength(1);
    } finally {
      await ctx.close();
    }
  }, 60_000);
});

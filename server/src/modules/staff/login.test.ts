import { StaffMeSchema } from '@tablo/contract/staff';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrderingApp, type OrderingContext } from '../../../test/helpers/ordering-kit.ts';
import { testDatabaseKinds } from '../../../test/helpers/test-database.ts';
import { STAFF_SESSIONS_ENDED_CHANNEL } from '../../db/channels.ts';
import { staffLoginFailure, staffSession, staffUser } from '../../db/schema.ts';
import type { App } from '../../lib/app-type.ts';
import { createStaff } from './create-staff.ts';
import { blockSecondsAfter, FREE_FAILURES, MAX_BLOCK_SECONDS } from './login-throttle.ts';
import { setStaffDisabled } from './staff-accounts.ts';

const PASSWORD = 'correct horse battery';

/** Each attempt from its own client address, so that only the per-address-independent count applies. */
let address = 0;
function attempt(app: App, email: string, password: string) {
  address += 1;
  return app.inject({
    method: 'POST',
    url: '/api/staff/login',
    payload: { email, password },
    remoteAddress: `10.0.${Math.floor(address / 250)}.${(address % 250) + 1}`,
  });
}

async function logIn(app: App, email: string) {
  const response = await attempt(app, email, PASSWORD);
  expect(response.statusCode).toBe(200);
  const cookie = response.cookies.find((c) => c.name === 'tablo_staff');
  return { cookie: `tablo_staff=${cookie?.value}`, csrf: StaffMeSchema.parse(response.json()).csrfToken };
}

function waitFor<T>(check: () => T | undefined, ms = 5000): Promise<T> {
  const deadline = Date.now() + ms;
  return new Promise((resolve, reject) => {
    const poll = () => {
      const value = check();
      if (value !== undefined) resolve(value);
      else if (Date.now() > deadline) reject(new Error('timed out'));
      else setTimeout(poll, 10);
    };
    poll();
  });
}

describe('block duration', () => {
  it('is free for the first failures, then doubles from one second up to five minutes', () => {
    expect([1, 4, 5, 6, 7, 12, 13, 14, 100].map(blockSecondsAfter)).toEqual([
      0,
      0,
      1,
      2,
      4,
      128,
      256,
      MAX_BLOCK_SECONDS,
      MAX_BLOCK_SECONDS,
    ]);
  });
});

describe.each(testDatabaseKinds())('staff log-in on %s', (kind) => {
  let ctx: OrderingContext;
  const notified: string[] = [];

  beforeAll(async () => {
    ctx = await createOrderingApp(kind);
    for (const email of ['anna@bistro.test', 'berta@bistro.test', 'cili@bistro.test', 'dora@bistro.test']) {
      await createStaff(ctx.database, { shortName: 'bistro', email, password: PASSWORD });
    }
    await ctx.database.listen(STAFF_SESSIONS_ENDED_CHANNEL, (payload) => {
      if (payload !== null) notified.push(payload);
    });
  });
  afterAll(() => ctx.close());

  /** The block's time has passed (instead of sleeping through it). */
  const expireBlock = (key: string) =>
    ctx.database.db
      .update(staffLoginFailure)
      .set({ blockedUntil: sql`now()` })
      .where(eq(staffLoginFailure.emailKey, key));

  it('blocks an e-mail address after five failures from any address, with Retry-After; success resets', async () => {
    const email = 'Anna@Bistro.test';
    for (let i = 0; i < FREE_FAILURES; i++) {
      expect((await attempt(ctx.app, email, 'wrong password')).statusCode).toBe(401);
    }
    // Blocked now: even the right password is not tried.
    const blocked = await attempt(ctx.app, 'anna@bistro.test', PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(
      'Too many failed log-ins for this e-mail address: try again in 1 second',
    );
    expect(blocked.headers['retry-after']).toBe('1');
    // Another address is not affected.
    expect((await attempt(ctx.app, 'berta@bistro.test', PASSWORD)).statusCode).toBe(200);

    await expireBlock('anna@bistro.test');
    expect((await attempt(ctx.app, email, 'wrong again')).statusCode).toBe(401);
    const longer = await attempt(ctx.app, email, PASSWORD);
    expect(longer.statusCode).toBe(429);
    expect(longer.headers['retry-after']).toBe('2');
    const [row] = await ctx.database.db
      .select()
      .from(staffLoginFailure)
      .where(eq(staffLoginFailure.emailKey, 'anna@bistro.test'));
    expect(row?.failures).toBe(FREE_FAILURES + 1);

    await expireBlock('anna@bistro.test');
    expect((await attempt(ctx.app, email, PASSWORD)).statusCode).toBe(200);
    expect(
      await ctx.database.db
        .select()
        .from(staffLoginFailure)
        .where(eq(staffLoginFailure.emailKey, 'anna@bistro.test')),
    ).toEqual([]);
    expect((await attempt(ctx.app, email, 'wrong password')).statusCode).toBe(401);
  });

  it('counts failures for unknown addresses too, caps the block at five minutes', async () => {
    await ctx.database.db
      .insert(staffLoginFailure)
      .values({ emailKey: 'nobody@bistro.test', failures: 40, blockedUntil: null });
    expect((await attempt(ctx.app, 'nobody@bistro.test', 'guess')).statusCode).toBe(401);
    const blocked = await attempt(ctx.app, 'nobody@bistro.test', 'guess');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(MAX_BLOCK_SECONDS - 5);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(MAX_BLOCK_SECONDS);
    expect(blocked.json().message).toBe(
      'Too many failed log-ins for this e-mail address: try again in 5 minutes',
    );
  });

  it('a failure a day after the previous one starts the count again', async () => {
    await ctx.database.db.insert(staffLoginFailure).values({
      emailKey: 'stale@bistro.test',
      failures: 12,
      blockedUntil: new Date(Date.now() - 86_000_000),
      updatedAt: new Date(Date.now() - 2 * 86_400_000),
    });
    expect((await attempt(ctx.app, 'stale@bistro.test', 'guess')).statusCode).toBe(401);
    expect((await attempt(ctx.app, 'stale@bistro.test', 'guess')).statusCode).toBe(401);
    const [row] = await ctx.database.db
      .select()
      .from(staffLoginFailure)
      .where(eq(staffLoginFailure.emailKey, 'stale@bistro.test'));
    expect([row?.failures, row?.blockedUntil]).toEqual([2, null]);
  });

  it('a disabled account: 403 after the right password, 401 after a wrong one; its sessions end', async () => {
    const session = await logIn(ctx.app, 'cili@bistro.test');
    const me = () =>
      ctx.app.inject({ method: 'GET', url: '/api/staff/me', headers: { cookie: session.cookie } });
    expect((await me()).statusCode).toBe(200);
    const account = await setStaffDisabled(ctx.database, 'CILI@bistro.test', true);
    expect((await me()).statusCode).toBe(401);
    const sessions = await ctx.database.db
      .select()
      .from(staffSession)
      .where(eq(staffSession.staffUserId, account.id));
    expect(sessions).toEqual([]);
    await waitFor(() => (notified.includes(String(account.id)) ? true : undefined));

    const right = await attempt(ctx.app, 'cili@bistro.test', PASSWORD);
    expect([right.statusCode, right.json().message]).toEqual([403, 'This account has been disabled']);
    expect(right.cookies.find((c) => c.name === 'tablo_staff')).toBeUndefined();
    const wrong = await attempt(ctx.app, 'cili@bistro.test', 'not the password');
    expect([wrong.statusCode, wrong.json().message]).toEqual([401, 'Wrong e-mail address or password']);

    await setStaffDisabled(ctx.database, 'cili@bistro.test', false);
    expect((await attempt(ctx.app, 'cili@bistro.test', PASSWORD)).statusCode).toBe(200);
  });

  it('a session left behind for a disabled account does not authenticate', async () => {
    const session = await logIn(ctx.app, 'dora@bistro.test');
    // Disabled behind the service's back (as if a session row had survived): the lookup still refuses it.
    await ctx.database.db
      .update(staffUser)
      .set({ disabledAt: new Date() })
      .where(eq(staffUser.email, 'dora@bistro.test'));
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/staff/me',
      headers: { cookie: session.cookie },
    });
    expect(me.statusCode).toBe(401);
  });

  it('log-out publishes the ended session (the user id) for the staff sockets', async () => {
    const session = await logIn(ctx.app, 'berta@bistro.test');
    const [berta] = await ctx.database.db
      .select({ id: staffUser.id })
      .from(staffUser)
      .where(eq(staffUser.email, 'berta@bistro.test'));
    notified.length = 0;
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/staff/logout',
      headers: { cookie: session.cookie, 'x-csrf-token': session.csrf },
    });
    expect(out.statusCode).toBe(204);
    await waitFor(() => (notified.length > 0 ? true : undefined));
    expect(notified).toEqual([String(berta?.id)]);
  });
});

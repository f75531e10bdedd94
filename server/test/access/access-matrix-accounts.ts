import { eq, sql } from 'drizzle-orm';
import { staffUser } from '../../src/db/schema.ts';
import { issueToken, type TokenKind } from '../../src/modules/accounts/tokens.ts';
import { createStaff } from '../../src/modules/staff/create-staff.ts';
import { TEST_STAFF_PASSWORD } from '../helpers/staff.ts';
import { answers, type Fresh, type MatrixRow } from './access-matrix.ts';
import { ACTORS, type Actor, type World } from './access-world.ts';

/**
 * The accounts routes of issue 26 in the access matrix: the team routes (OWNER and MANAGER of the
 * restaurant; another restaurant's owner gets 404 on the bistro's ids) and the public account routes,
 * whose only credential is a mailed link's token (anyone holding it may use it, once).
 */

const MANAGERS_ONLY = { OWNER: 200, MANAGER: 200, WAITER: 403, KITCHEN: 403 } as const;
const STAFF_ANSWER = (ok: number) =>
  answers({ OWNER: ok, MANAGER: ok, WAITER: 403, KITCHEN: 403, outsider: 404, diners: 401 });

let made = 0;
/** A name no other cell uses. */
function unique(prefix: string): string {
  made += 1;
  return `${prefix}-${made}`;
}

async function bistroMember(world: World): Promise<number> {
  const created = await createStaff(world.database, {
    shortName: 'bistro',
    email: `${unique('matrix-member')}@bistro.test`,
    role: 'WAITER',
    password: TEST_STAFF_PASSWORD,
  });
  return created.id;
}

async function bistroToken(world: World, kind: TokenKind, staffUserId: number | null): Promise<string> {
  const email =
    staffUserId === null
      ? `${unique('matrix-invited')}@bistro.test`
      : ((
          await world.database.db
            .select({ email: staffUser.email })
            .from(staffUser)
            .where(eq(staffUser.id, staffUserId))
        )[0]?.email ?? '');
  const issued = await issueToken(world.database.db, {
    kind,
    restaurantId: world.bistro.id,
    staffUserId,
    email,
    role: 'WAITER',
    language: 'en',
  });
  return issued.token;
}

async function invitationId(world: World): Promise<Fresh> {
  const token = await bistroToken(world, 'INVITATION', null);
  const [row] = (
    (await world.database.db.execute(
      sql`select id from account_token where kind = 'INVITATION' order by id desc limit 1`,
    )) as unknown as { rows: { id: number }[] }
  ).rows;
  return { invitationId: row?.id ?? 0, token };
}

/**
 * Each caller from an address of its own: the public routes' abuse limits count per client address, and
 * the matrix is about who gets in, not about those limits (sign-up.test.ts and links.test.ts test them).
 */
const from = (actor: Actor) => `10.30.0.${ACTORS.indexOf(actor) + 1}`;

const staffEmailFor = (actor: Actor) => (actor === 'outsider' ? 'owner@other.test' : 'waiter@bistro.test');

export const TEAM_ROWS: MatrixRow[] = [
  {
    route: 'GET /api/staff/team',
    expect: answers({ ...MANAGERS_ONLY, outsider: 200, diners: 401 }),
    request: () => ({ method: 'GET', url: '/api/staff/team' }),
    check: (_world, actor, body) => {
      const email = staffEmailFor(actor);
      if (!body.includes(email)) throw new Error(`${actor}'s team lacks ${email}`);
      if (actor === 'outsider' && body.includes('@bistro.test'))
        throw new Error('the outsider read the bistro');
    },
  },
  {
    route: 'POST /api/staff/team/invitations',
    expect: answers({ OWNER: 201, MANAGER: 201, WAITER: 403, KITCHEN: 403, outsider: 201, diners: 401 }),
    writes: true,
    request: (_world, actor) => ({
      method: 'POST',
      url: '/api/staff/team/invitations',
      payload: {
        email: `${unique(`invite-${actor.toLowerCase()}`)}@invited.test`,
        role: 'WAITER',
        language: 'en',
      },
    }),
  },
  {
    route: 'DELETE /api/staff/team/invitations/:invitationId',
    expect: STAFF_ANSWER(204),
    writes: true,
    fresh: invitationId,
    request: (_world, _actor, fresh) => ({
      method: 'DELETE',
      url: `/api/staff/team/invitations/${fresh.invitationId}`,
    }),
  },
  {
    route: 'PATCH /api/staff/team/members/:memberId',
    expect: STAFF_ANSWER(200),
    writes: true,
    fresh: async (world) => ({ memberId: await bistroMember(world) }),
    request: (_world, _actor, fresh) => ({
      method: 'PATCH',
      url: `/api/staff/team/members/${fresh.memberId}`,
      payload: { role: 'KITCHEN' },
    }),
  },
  {
    route: 'POST /api/staff/team/members/:memberId/password-reset',
    expect: STAFF_ANSWER(202),
    writes: true,
    fresh: async (world) => ({ memberId: await bistroMember(world) }),
    request: (_world, _actor, fresh) => ({
      method: 'POST',
      url: `/api/staff/team/members/${fresh.memberId}/password-reset`,
      payload: {},
    }),
  },
  {
    // The signed-in member's own new confirmation link (accounts made by the CLI are unconfirmed).
    route: 'POST /api/staff/account/confirmation',
    expect: answers({ staff: 202, diners: 401 }),
    writes: true,
    request: () => ({ method: 'POST', url: '/api/staff/account/confirmation', payload: {} }),
  },
];

/** Public routes: no session; a mailed link's token is the credential, so every caller may use a valid one. */
export const ACCOUNT_ROWS: MatrixRow[] = [
  {
    route: 'GET /api/accounts/short-names/:shortName',
    expect: answers({ rest: 200 }),
    request: (_world, actor) => ({
      method: 'GET',
      url: '/api/accounts/short-names/bistro',
      remoteAddress: from(actor),
    }),
    check: (_world, actor, body) => {
      if (!body.includes('"available":false')) throw new Error(`${actor} was told bistro is free`);
    },
  },
  {
    route: 'POST /api/accounts/sign-up',
    expect: answers({ rest: 201 }),
    writes: true,
    request: (_world, actor) => {
      const name = unique(`matrix-${actor.toLowerCase()}`);
      return {
        method: 'POST',
        url: '/api/accounts/sign-up',
        remoteAddress: from(actor),
        payload: {
          restaurantName: name,
          shortName: name,
          email: `owner@${name}.test`,
          password: TEST_STAFF_PASSWORD,
          language: 'en',
        },
      };
    },
  },
  {
    route: 'POST /api/accounts/confirm-email',
    expect: answers({ rest: 200 }),
    writes: true,
    fresh: async (world) => ({ token: await bistroToken(world, 'CONFIRM_EMAIL', await bistroMember(world)) }),
    request: (_world, actor, fresh) => ({
      method: 'POST',
      url: '/api/accounts/confirm-email',
      remoteAddress: from(actor),
      payload: { token: fresh.token },
    }),
  },
  {
    route: 'POST /api/accounts/password-reset',
    expect: answers({ rest: 202 }),
    writes: true,
    request: (_world, actor) => ({
      method: 'POST',
      url: '/api/accounts/password-reset',
      remoteAddress: from(actor),
      payload: { email: 'nobody@bistro.test', language: 'en' },
    }),
  },
  {
    route: 'POST /api/accounts/password-reset/complete',
    expect: answers({ rest: 204 }),
    writes: true,
    fresh: async (world) => ({
      token: await bistroToken(world, 'RESET_PASSWORD', await bistroMember(world)),
    }),
    request: (_world, actor, fresh) => ({
      method: 'POST',
      url: '/api/accounts/password-reset/complete',
      remoteAddress: from(actor),
      payload: { token: fresh.token, password: 'a matrix password' },
    }),
  },
  {
    route: 'POST /api/accounts/invitation',
    expect: answers({ rest: 200 }),
    fresh: invitationId,
    request: (_world, actor, fresh) => ({
      method: 'POST',
      url: '/api/accounts/invitation',
      remoteAddress: from(actor),
      payload: { token: fresh.token },
    }),
    check: (_world, actor, body) => {
      if (!body.includes('Kis Bisztró')) throw new Error(`${actor}: ${body}`);
    },
  },
  {
    route: 'POST /api/accounts/invitation/accept',
    expect: answers({ rest: 200 }),
    writes: true,
    fresh: invitationId,
    request: (_world, actor, fresh) => ({
      method: 'POST',
      url: '/api/accounts/invitation/accept',
      remoteAddress: from(actor),
      payload: { token: fresh.token, password: 'a matrix password' },
    }),
  },
];

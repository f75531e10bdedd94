import {
  ACCOUNT_ERRORS,
  InviteRequestSchema,
  type Team,
  TeamInvitationSchema,
  TeamMemberSchema,
  TeamSchema,
  UpdateMemberRequestSchema,
} from '@tablo/contract/accounts';
import { ErrorBodySchema } from '@tablo/contract/errors';
import { CSRF_HEADER } from '@tablo/contract/staff';
import { HttpResponse, http } from 'msw';

function error(status: number, message: string) {
  return HttpResponse.json(ErrorBodySchema.parse({ statusCode: status, error: 'Error', message }), {
    status,
  });
}

const CREATED = '2026-11-20T10:00:00.000Z';

/** The demo restaurant's team: the signed-in member (anna@demo.example, as staffServer) and two more. */
export function demoTeam(annaRole: 'OWNER' | 'MANAGER'): Team {
  return TeamSchema.parse({
    members: [
      {
        id: 1,
        email: 'anna@demo.example',
        role: annaRole,
        disabled: false,
        emailConfirmed: true,
        createdAt: CREATED,
      },
      {
        id: 2,
        email: 'boss@demo.example',
        role: 'OWNER',
        disabled: false,
        emailConfirmed: true,
        createdAt: CREATED,
      },
      {
        id: 3,
        email: 'zoli@demo.example',
        role: 'WAITER',
        disabled: false,
        emailConfirmed: false,
        createdAt: CREATED,
      },
    ],
    invitations: [
      {
        id: 10,
        email: 'late@demo.example',
        role: 'KITCHEN',
        createdAt: CREATED,
        expiresAt: '2026-11-21T10:00:00.000Z',
        expired: true,
      },
    ],
  });
}

/**
 * The team API as the server answers it (contract schemas on both sides), with its owners-only rule:
 * a manager changing an owner gets the server's 403.
 */
export function teamServer(team: Team, options: { managerOnly?: boolean } = {}) {
  const state = structuredClone(team);
  const writes: { method: string; path: string; csrf: string | null; body: unknown }[] = [];
  const record = async (request: Request) => {
    const text = await request.text();
    const body: unknown = text === '' ? undefined : JSON.parse(text);
    writes.push({
      method: request.method,
      path: new URL(request.url).pathname,
      csrf: request.headers.get(CSRF_HEADER),
      body,
    });
    return body;
  };
  const handlers = [
    http.get('/api/staff/team', () => HttpResponse.json(TeamSchema.parse(state))),
    http.patch('/api/staff/team/members/:id', async ({ request, params }) => {
      const change = UpdateMemberRequestSchema.parse(await record(request));
      const member = state.members.find((m) => m.id === Number(params.id));
      if (!member) return error(404, 'Staff member not found');
      if (options.managerOnly && (member.role === 'OWNER' || change.role === 'OWNER'))
        return error(403, ACCOUNT_ERRORS.ownersOnly);
      if (change.role) member.role = change.role;
      if (change.disabled !== undefined) member.disabled = change.disabled;
      return HttpResponse.json(TeamMemberSchema.parse(member));
    }),
    http.post('/api/staff/team/members/:id/password-reset', async ({ request }) => {
      await record(request);
      return new HttpResponse(null, { status: 202 });
    }),
    http.post('/api/staff/team/invitations', async ({ request }) => {
      const body = InviteRequestSchema.parse(await record(request));
      if (state.members.some((m) => m.email === body.email)) return error(409, ACCOUNT_ERRORS.emailTaken);
      const invitation = TeamInvitationSchema.parse({
        id: 11 + state.invitations.length,
        email: body.email,
        role: body.role,
        createdAt: CREATED,
        expiresAt: '2026-12-04T10:00:00.000Z',
        expired: false,
      });
      state.invitations = [...state.invitations.filter((i) => i.email !== body.email), invitation];
      return HttpResponse.json(invitation, { status: 201 });
    }),
    http.delete('/api/staff/team/invitations/:id', async ({ request, params }) => {
      await record(request);
      state.invitations = state.invitations.filter((i) => i.id !== Number(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
  ];
  return { handlers, writes, state };
}

import {
  InviteRequestSchema,
  TeamInvitationSchema,
  TeamMemberSchema,
  TeamSchema,
  UpdateMemberRequestSchema,
} from '@tablo/contract/accounts';
import { RowIdParamSchema } from '@tablo/contract/ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffOf } from '../staff/staff-auth.ts';
import type { AccountsDeps } from './account-mail.ts';
import {
  invite,
  listTeam,
  resendConfirmation,
  sendMemberReset,
  updateMember,
  withdrawInvitation,
} from './team.ts';

/**
 * The team API under /api/staff/team (staff routes: session, CSRF and `manageStaff` checked by
 * staff-auth.ts; the owners-only rules and the restaurant scope by team.ts). Register with prefix `/api`.
 */
export const teamRoutes: FastifyPluginAsyncZod<AccountsDeps> = async (app, options) => {
  const deps: AccountsDeps = { ...options, log: app.log };
  const memberParams = z.object({ memberId: RowIdParamSchema });

  app.get(
    '/staff/team',
    {
      config: { staffPermission: 'manageStaff' },
      schema: {
        tags: ['staff'],
        summary: 'The restaurant’s staff accounts and pending invitations',
        response: { 200: TeamSchema },
      },
    },
    async (request) => listTeam(options.database.db, staffOf(request)),
  );

  app.post(
    '/staff/team/invitations',
    {
      config: { staffPermission: 'manageStaff' },
      schema: {
        tags: ['staff'],
        summary: 'Invite by e-mail: a one-time link that expires; inviting again sends a new link',
        body: InviteRequestSchema,
        response: { 201: TeamInvitationSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await invite(deps, staffOf(request), request.body)),
  );

  app.delete(
    '/staff/team/invitations/:invitationId',
    {
      config: { staffPermission: 'manageStaff' },
      schema: {
        tags: ['staff'],
        summary: 'Withdraw an invitation (its link stops working)',
        params: z.object({ invitationId: RowIdParamSchema }),
      },
    },
    async (request, reply) => {
      await withdrawInvitation(options.database.db, staffOf(request), request.params.invitationId);
      return reply.code(204).send();
    },
  );

  app.patch(
    '/staff/team/members/:memberId',
    {
      config: { staffPermission: 'manageStaff' },
      schema: {
        tags: ['staff'],
        summary: 'Change a member’s role, disable or enable them (the last owner stays)',
        params: memberParams,
        body: UpdateMemberRequestSchema,
        response: { 200: TeamMemberSchema },
      },
    },
    async (request) => updateMember(deps, staffOf(request), request.params.memberId, request.body),
  );

  app.post(
    '/staff/team/members/:memberId/password-reset',
    {
      config: { staffPermission: 'manageStaff' },
      schema: {
        tags: ['staff'],
        summary: 'Mail the member a password reset link',
        params: memberParams,
      },
    },
    async (request, reply) => {
      await sendMemberReset(deps, staffOf(request), request.params.memberId);
      return reply.code(202).send();
    },
  );

  app.post(
    '/staff/account/confirmation',
    {
      config: { staffPermission: 'signedIn' },
      schema: { tags: ['staff'], summary: 'Mail the signed-in member a new e-mail confirmation link' },
    },
    async (request, reply) => {
      await resendConfirmation(deps, staffOf(request));
      return reply.code(202).send();
    },
  );
};

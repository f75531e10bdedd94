import {
  AcceptInvitationRequestSchema,
  CompletePasswordResetRequestSchema,
  ConfirmedEmailSchema,
  InvitationPreviewSchema,
  PasswordResetRequestSchema,
  ShortNameAvailabilitySchema,
  SignUpRequestSchema,
  TokenRequestSchema,
} from '@tablo/contract/accounts';
import { ShortNameSchema } from '@tablo/contract/restaurant';
import { StaffMeSchema } from '@tablo/contract/staff';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AbuseLimit, byAddress } from '../../plugins/rate-limit.ts';
import { setStaffSessionCookie } from '../staff/session-cookie.ts';
import type { AccountsDeps } from './account-mail.ts';
import {
  acceptInvitation,
  completePasswordReset,
  confirmEmail,
  previewInvitation,
  requestPasswordReset,
} from './links.ts';
import { isShortNameFree, signUp } from './sign-up.ts';

export interface AccountRoutesOptions extends AccountsDeps {
  /** Sign-ups per client address per hour (RATE_LIMIT_SIGNUPS_PER_HOUR). */
  signUpsPerHour: number;
}

const HOUR = 60 * 60;
/**
 * Limits beside the sign-up's own (docs/decisions/058): short names are checked as they are typed (a
 * few a second at most); reset mails go to a person, so few per address; a link's token is 256 bits,
 * so the links' limit only keeps scripts from using the server as a mail cannon or a hash oracle.
 */
export const ACCOUNT_LIMITS = {
  shortNameChecksPerMinute: 120,
  resetMailsPerAddressAndEmailPerHour: 3,
  resetMailsPerAddressPerHour: 20,
  linkUsesPerMinute: 30,
} as const;

const linkLimit: AbuseLimit = {
  name: 'account-links',
  max: ACCOUNT_LIMITS.linkUsesPerMinute,
  windowSeconds: 60,
  subject: byAddress,
  message: 'Too many attempts: please wait a minute and try again',
};

/** The public account API under /api/accounts (no session): sign-up and what the mailed links do. */
export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (app, options) => {
  const deps: AccountsDeps = { ...options, log: app.log };

  app.get(
    '/accounts/short-names/:shortName',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Whether a restaurant short name is free (checked as it is typed)',
        params: z.object({ shortName: ShortNameSchema }),
        response: { 200: ShortNameAvailabilitySchema },
      },
      config: {
        abuseLimits: [
          {
            name: 'short-name-check',
            max: ACCOUNT_LIMITS.shortNameChecksPerMinute,
            windowSeconds: 60,
            subject: byAddress,
            message: 'Too many checks: please wait a minute and try again',
          },
        ],
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { shortName } = request.params;
      return { shortName, available: await isShortNameFree(options.database.db, shortName) };
    },
  );

  app.post(
    '/accounts/sign-up',
    {
      schema: {
        tags: ['accounts'],
        summary:
          'Create a restaurant (disabled until its owner opens it) and its OWNER; signs in and mails the confirmation link',
        body: SignUpRequestSchema,
        response: { 201: StaffMeSchema },
      },
      config: {
        abuseLimits: [
          {
            name: 'sign-up',
            max: options.signUpsPerHour,
            windowSeconds: HOUR,
            subject: byAddress,
            message: 'Too many sign-ups from this address: please try again in an hour',
          },
        ],
      },
    },
    async (request, reply) => {
      const { token, me, mailed } = await signUp(deps, request.body);
      await mailed.catch((error: unknown) => request.log.error({ err: error }, 'confirmation mail failed'));
      setStaffSessionCookie(reply, token);
      return reply.code(201).send(me);
    },
  );

  app.post(
    '/accounts/confirm-email',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Confirm an e-mail address with the mailed link’s token',
        body: TokenRequestSchema,
        response: { 200: ConfirmedEmailSchema },
      },
      config: { abuseLimits: [linkLimit] },
    },
    async (request) => confirmEmail(deps, request.body.token),
  );

  app.post(
    '/accounts/password-reset',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Mail a password reset link (answered alike whether or not the address has an account)',
        body: PasswordResetRequestSchema,
      },
      config: {
        abuseLimits: [
          {
            name: 'reset-mail',
            max: ACCOUNT_LIMITS.resetMailsPerAddressAndEmailPerHour,
            windowSeconds: HOUR,
            subject: (request: FastifyRequest) =>
              `${request.ip}|${(request.body as { email?: string }).email?.toLowerCase() ?? ''}`,
            message: 'A reset link was sent to this address several times already: please check your mail',
          },
          {
            name: 'reset-mail-address',
            max: ACCOUNT_LIMITS.resetMailsPerAddressPerHour,
            windowSeconds: HOUR,
            subject: byAddress,
            message: 'Too many reset requests from this address: please try again in an hour',
          },
        ],
      },
    },
    async (request, reply) => {
      // The link is stored before the answer (nothing changes after a refusal or a later request's answer);
      // the mail is not awaited. Whether an address has an account is no secret here: sign-up says it.
      const { mailed } = await requestPasswordReset(deps, request.body.email, request.body.language);
      mailed.catch((error: unknown) => request.log.error({ err: error }, 'password reset mail failed'));
      return reply.code(202).send();
    },
  );

  app.post(
    '/accounts/password-reset/complete',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Set a new password with the mailed link’s token (every session of the account ends)',
        body: CompletePasswordResetRequestSchema,
      },
      config: { abuseLimits: [linkLimit] },
    },
    async (request, reply) => {
      await completePasswordReset(deps, request.body.token, request.body.password);
      return reply.code(204).send();
    },
  );

  app.post(
    '/accounts/invitation',
    {
      schema: {
        tags: ['accounts'],
        summary: 'What an invitation link is for (the address, role and restaurant), without using it',
        body: TokenRequestSchema,
        response: { 200: InvitationPreviewSchema },
      },
      config: { abuseLimits: [linkLimit] },
    },
    async (request) => previewInvitation(deps, request.body.token),
  );

  app.post(
    '/accounts/invitation/accept',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Accept an invitation: creates the account with the chosen password and signs in',
        body: AcceptInvitationRequestSchema,
        response: { 200: StaffMeSchema },
      },
      config: { abuseLimits: [linkLimit] },
    },
    async (request, reply) => {
      const { token, me } = await acceptInvitation(deps, request.body.token, request.body.password);
      setStaffSessionCookie(reply, token);
      return me;
    },
  );
};

import {
  ACCOUNT_ERRORS,
  AcceptInvitationRequestSchema,
  CompletePasswordResetRequestSchema,
  ConfirmedEmailSchema,
  InvitationPreviewSchema,
  PasswordResetRequestSchema,
  ShortNameAvailabilitySchema,
  SignUpRequestSchema,
  TokenRequestSchema,
} from '@tablo/contract/accounts';
import { ErrorBodySchema } from '@tablo/contract/errors';
import { StaffMeSchema, type StaffRole } from '@tablo/contract/staff';
import { HttpResponse, http } from 'msw';

/** A valid-looking link token (43 base64url characters, like the server's). */
export const GOOD_TOKEN = 'g'.repeat(43);
export const USED_TOKEN = 'u'.repeat(43);
export const EXPIRED_TOKEN = 'e'.repeat(43);

function error(status: number, message: string) {
  return HttpResponse.json(ErrorBodySchema.parse({ statusCode: status, error: 'Error', message }), {
    status,
  });
}

function linkRefusal(token: string) {
  if (token === USED_TOKEN) return error(410, ACCOUNT_ERRORS.linkUsed);
  if (token === EXPIRED_TOKEN) return error(410, ACCOUNT_ERRORS.linkExpired);
  if (token !== GOOD_TOKEN) return error(404, ACCOUNT_ERRORS.linkInvalid);
  return null;
}

/**
 * The public account API as the server answers it, bodies checked with the contract's request schemas and
 * answers with its response schemas. `requests` records what the screens sent.
 */
export function accountsServer(
  options: { takenShortNames?: string[]; takenEmails?: string[]; invitedRole?: StaffRole } = {},
) {
  const taken = new Set(options.takenShortNames ?? ['demo']);
  const requests: { path: string; body: unknown }[] = [];
  const record = async (request: Request) => {
    const body: unknown = await request.json();
    requests.push({ path: new URL(request.url).pathname, body });
    return body;
  };
  const handlers = [
    http.get('/api/accounts/short-names/:shortName', ({ params }) => {
      const shortName = String(params.shortName);
      requests.push({ path: `/api/accounts/short-names/${shortName}`, body: null });
      return HttpResponse.json(
        ShortNameAvailabilitySchema.parse({ shortName, available: !taken.has(shortName) }),
      );
    }),
    http.post('/api/accounts/sign-up', async ({ request }) => {
      const body = SignUpRequestSchema.parse(await record(request));
      if (taken.has(body.shortName))
        return error(409, `The short name "${body.shortName}" is taken: choose another`);
      if (options.takenEmails?.includes(body.email)) return error(409, ACCOUNT_ERRORS.emailTaken);
      taken.add(body.shortName);
      return HttpResponse.json(
        StaffMeSchema.parse({
          email: body.email,
          role: 'OWNER',
          restaurantShortName: body.shortName,
          restaurantName: body.restaurantName,
          csrfToken: 'csrf-new-owner',
        }),
        { status: 201 },
      );
    }),
    http.post('/api/accounts/confirm-email', async ({ request }) => {
      const { token } = TokenRequestSchema.parse(await record(request));
      return (
        linkRefusal(token) ?? HttpResponse.json(ConfirmedEmailSchema.parse({ email: 'owner@napfeny.test' }))
      );
    }),
    http.post('/api/accounts/password-reset', async ({ request }) => {
      PasswordResetRequestSchema.parse(await record(request));
      return new HttpResponse(null, { status: 202 });
    }),
    http.post('/api/accounts/password-reset/complete', async ({ request }) => {
      const { token } = CompletePasswordResetRequestSchema.parse(await record(request));
      return linkRefusal(token) ?? new HttpResponse(null, { status: 204 });
    }),
    http.post('/api/accounts/invitation', async ({ request }) => {
      const { token } = TokenRequestSchema.parse(await record(request));
      return (
        linkRefusal(token) ??
        HttpResponse.json(
          InvitationPreviewSchema.parse({
            email: 'zoli@napfeny.test',
            role: options.invitedRole ?? 'WAITER',
            restaurantName: 'Napfény Bisztró',
          }),
        )
      );
    }),
    http.post('/api/accounts/invitation/accept', async ({ request }) => {
      const { token } = AcceptInvitationRequestSchema.parse(await record(request));
      return (
        linkRefusal(token) ??
        HttpResponse.json(
          StaffMeSchema.parse({
            email: 'zoli@napfeny.test',
            role: options.invitedRole ?? 'WAITER',
            restaurantShortName: 'napfeny',
            restaurantName: 'Napfény Bisztró',
            csrfToken: 'csrf-invitee',
          }),
        )
      );
    }),
  ];
  return { handlers, requests };
}

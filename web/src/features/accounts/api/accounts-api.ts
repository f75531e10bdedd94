import {
  accountPaths,
  ConfirmedEmailSchema,
  InvitationPreviewSchema,
  ShortNameAvailabilitySchema,
  type SignUpRequest,
} from '@tablo/contract/accounts';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

/** The public account API (contract accounts.ts): no session, no CSRF header. */

/** The signed-in member's schema loads with the request that answers it (decision 036's way). */
const staffMe = () => import('@tablo/contract/staff').then((m) => m.StaffMeSchema);

export function checkShortName(shortName: string, signal?: AbortSignal) {
  return apiRequest(accountPaths.shortName(shortName), {
    schema: ShortNameAvailabilitySchema,
    headers: {},
    ...(signal ? { signal } : {}),
  });
}

/** Creates the restaurant and its owner; the answer sets the staff session cookie. */
export function signUp(request: SignUpRequest) {
  return apiRequest(accountPaths.signUp(), { method: 'POST', body: request, schema: staffMe });
}

export function confirmEmail(token: string) {
  return apiRequest(accountPaths.confirmEmail(), {
    method: 'POST',
    body: { token },
    schema: ConfirmedEmailSchema,
  });
}

/** Answered 202 with no body whether or not the address has an account. */
export function requestPasswordReset(email: string, language: string) {
  return apiRequest(accountPaths.passwordReset(), {
    method: 'POST',
    body: { email, language },
    schema: z.literal(null),
  });
}

export function completePasswordReset(token: string, password: string) {
  return apiRequest(accountPaths.completePasswordReset(), {
    method: 'POST',
    body: { token, password },
    schema: z.literal(null),
  });
}

export function previewInvitation(token: string) {
  return apiRequest(accountPaths.invitation(), {
    method: 'POST',
    body: { token },
    schema: InvitationPreviewSchema,
  });
}

/** Creates the invitee's account; the answer sets the staff session cookie. */
export function acceptInvitation(token: string, password: string) {
  return apiRequest(accountPaths.acceptInvitation(), {
    method: 'POST',
    body: { token, password },
    schema: staffMe,
  });
}

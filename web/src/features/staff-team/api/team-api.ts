import {
  type InviteRequest,
  staffTeamPaths,
  TeamInvitationSchema,
  TeamMemberSchema,
  TeamSchema,
  type UpdateMemberRequest,
} from '@tablo/contract/accounts';
import { CSRF_HEADER } from '@tablo/contract/staff';
import { z } from 'zod';
import { type ApiResult, apiRequest } from '../../../lib/api-client.ts';

export const teamQueryKey = ['staff-team'] as const;

/**
 * The team API (staff routes): writes carry the signed-in member's CSRF token, which the console got
 * from /staff/me and hands to the team screen (decision 009).
 */
export function createTeamApi(csrfToken: string) {
  const write = <T>(path: string, method: 'POST' | 'PATCH' | 'DELETE', body: unknown, schema: z.ZodType<T>) =>
    apiRequest(path, { method, body, schema, headers: { [CSRF_HEADER]: csrfToken } });
  return {
    team: (signal?: AbortSignal) =>
      apiRequest(staffTeamPaths.team(), { schema: TeamSchema, headers: {}, ...(signal ? { signal } : {}) }),
    invite: (request: InviteRequest) =>
      write(staffTeamPaths.invitations(), 'POST', request, TeamInvitationSchema),
    withdraw: (id: number): Promise<ApiResult<null>> =>
      write(staffTeamPaths.invitation(id), 'DELETE', {}, z.literal(null)),
    update: (id: number, change: UpdateMemberRequest) =>
      write(staffTeamPaths.member(id), 'PATCH', change, TeamMemberSchema),
    sendReset: (id: number): Promise<ApiResult<null>> =>
      write(staffTeamPaths.memberPasswordReset(id), 'POST', {}, z.literal(null)),
  };
}
export type TeamApi = ReturnType<typeof createTeamApi>;

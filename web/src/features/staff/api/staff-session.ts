import { type StaffMe, StaffMeSchema, staffPaths } from '@tablo/contract/staff';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { type ApiResult, apiRequest } from '../../../lib/api-client.ts';
import { RequestError } from '../../../lib/request-error.ts';
import { forgetStaffSession, rememberStaffSession, staffRequest } from './staff-request.ts';

export const staffMeQueryKey = ['staff', 'me'] as const;

/** GET /api/staff/me: the signed-in member, or null when there is no session (401). */
export async function getStaffMe(signal?: AbortSignal): Promise<StaffMe | null> {
  const result = await apiRequest(staffPaths.me(), { schema: StaffMeSchema, signal, headers: {} });
  if (result.ok) {
    rememberStaffSession(result.data);
    return result.data;
  }
  if (result.status === 401) {
    forgetStaffSession();
    return null;
  }
  throw new RequestError(result.status, result.message);
}

export function staffMeQueryOptions() {
  return queryOptions({
    queryKey: staffMeQueryKey,
    queryFn: ({ signal }) => getStaffMe(signal),
    staleTime: Infinity,
  });
}

export function useStaffMe() {
  return useQuery(staffMeQueryOptions());
}

/** POST /api/staff/login: sets the session cookie and answers the member with the CSRF token. */
export async function logIn(email: string, password: string): Promise<ApiResult<StaffMe>> {
  const result = await apiRequest(staffPaths.login(), {
    method: 'POST',
    body: { email, password },
    schema: StaffMeSchema,
  });
  if (result.ok) rememberStaffSession(result.data);
  return result;
}

/** POST /api/staff/logout (bodyless: `{}`), answered 204. */
export async function logOut(): Promise<ApiResult<null>> {
  const result = await staffRequest(staffPaths.logout(), { method: 'POST', schema: z.literal(null) });
  forgetStaffSession();
  return result;
}

import { CSRF_HEADER, type StaffMe } from '@tablo/contract/staff';
import type { z } from 'zod';
import { type ApiResult, apiRequest, type HttpMethod } from '../../../lib/api-client.ts';

/**
 * The CSRF token of the signed-in member (answered by log-in and /staff/me): every staff write carries it
 * in the x-csrf-token header (docs/decisions/009-staff-auth.md). Kept in memory only, never in storage.
 */
let csrfToken: string | null = null;
let onUnauthorized: (() => void) | null = null;

export function rememberStaffSession(me: StaffMe): void {
  csrfToken = me.csrfToken;
}

export function forgetStaffSession(): void {
  csrfToken = null;
}

/** The console's layout listens: any staff answer 401 (the session expired) sends it to the log-in screen. */
export function setUnauthorizedHandler(handler: (() => void) | null): void {
  onUnauthorized = handler;
}

type StaffRequestOptions<T> = {
  method?: HttpMethod;
  body?: unknown;
  schema: z.ZodType<T>;
  signal?: AbortSignal;
  /** More headers (a refund's Idempotency-Key). */
  headers?: Record<string, string>;
};

/** A staff API call: writes carry the CSRF header and a JSON body (`{}` when they have none). */
export async function staffRequest<T>(path: string, options: StaffRequestOptions<T>): Promise<ApiResult<T>> {
  const method = options.method ?? 'GET';
  const write = method !== 'GET';
  const result = await apiRequest(path, {
    method,
    schema: options.schema,
    signal: options.signal,
    body: write ? (options.body ?? {}) : undefined,
    headers: { ...options.headers, ...(write && csrfToken ? { [CSRF_HEADER]: csrfToken } : {}) },
  });
  if (!result.ok && result.status === 401) onUnauthorized?.();
  return result;
}

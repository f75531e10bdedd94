import { API_BASE } from '@tablo/contract/paths';
import type { AnswerCheck } from './answer-check.ts';
import { takeBootResponse } from './boot-responses.ts';
import { noteAnswer } from './offline-status.ts';
import { isUnknownSession, reportUnknownSession } from './unknown-session.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type ApiResult<T> =
  | { ok: true; status: number; data: T }
  | { ok: false; status: number; message: string };

export type ApiRequestOptions<T> = {
  method?: HttpMethod;
  body?: unknown;
  /**
   * A contract schema, a check generated from one (answer-check.ts), or a function that loads one: it is
   * started with the request, so a schema kept off the menu page (decision record 036) costs no round trip.
   */
  schema: AnswerCheck<T> | (() => Promise<AnswerCheck<T>>);
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

/** spec §8: the texts of the error catalogue, spelling included. */
export const INVALID_RESPONSE_MESSAGE = 'Invalid response from server';

export function unknownErrorMessage(status: number): string {
  return `[${status}]: an unknown error occured :'(`;
}

/** spec §7: JSON headers, credentials included, caching disabled, JSON body for non-GET methods. */
export async function apiRequest<T>(path: string, options: ApiRequestOptions<T>): Promise<ApiResult<T>> {
  const method = options.method ?? 'GET';
  const init: RequestInit = {
    method,
    headers: { Accept: 'application/json', 'Content-Type': 'application/json', ...options.headers },
    credentials: 'include',
    cache: 'no-store',
  };
  if (method !== 'GET' && options.body !== undefined) init.body = JSON.stringify(options.body);
  if (options.signal) init.signal = options.signal;

  const url = `${API_BASE}${path}`;
  const check = loadCheck(options.schema);
  let response: Response;
  try {
    const early = method === 'GET' && !options.headers ? takeBootResponse(url) : undefined;
    response = await (early ?? fetch(url, init));
  } catch (error) {
    // An abort is the caller's decision, not a failure to report.
    if (options.signal?.aborted) throw error;
    return { ok: false, status: 0, message: error instanceof Error ? error.message : String(error) };
  }

  if (method === 'GET') noteAnswer(url, response);
  const body = await readJson(response);
  if (!response.ok) {
    const failure = {
      ok: false as const,
      status: response.status,
      message: errorMessage(body, response.status),
    };
    if (isUnknownSession(failure)) reportUnknownSession();
    return failure;
  }
  let schema: AnswerCheck<T>;
  try {
    schema = await check;
  } catch (error) {
    // The schema's code could not be loaded: as good as no answer (a ChunkLoadError, offline after a deploy).
    return { ok: false, status: 0, message: error instanceof Error ? error.message : String(error) };
  }
  const parsed = schema.safeParse(body.ok ? body.value : undefined);
  if (!body.ok || !parsed.success) {
    return { ok: false, status: response.status, message: INVALID_RESPONSE_MESSAGE };
  }
  return { ok: true, status: response.status, data: parsed.data };
}

function loadCheck<T>(schema: ApiRequestOptions<T>['schema']): Promise<AnswerCheck<T>> {
  const check = typeof schema === 'function' ? schema() : Promise.resolve(schema);
  // Awaited only once the answer is in; a request that fails first must not leave it unhandled.
  check.catch(() => undefined);
  return check;
}

type JsonBody = { ok: true; value: unknown } | { ok: false };

async function readJson(response: Response): Promise<JsonBody> {
  try {
    const text = await response.text();
    // 204 and other empty answers carry no body: `null` lets a nullable schema accept them.
    return { ok: true, value: text === '' ? null : JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** spec §8: the response's message, a list joined with ", ", else the unknown-error text. */
function errorMessage(body: JsonBody, status: number): string {
  if (body.ok && typeof body.value === 'object' && body.value !== null && 'message' in body.value) {
    const { message } = body.value;
    if (typeof message === 'string' && message !== '') return message;
    if (Array.isArray(message) && message.length > 0 && message.every((m) => typeof m === 'string')) {
      return message.join(', ');
    }
  }
  return unknownErrorMessage(status);
}

import { STATUS_CODES } from 'node:http';
import { ErrorBodySchema } from '@tablo/contract/errors';
import type { LightMyRequestResponse } from 'fastify';
import type { FuzzRequest } from './fuzz-world.ts';

/** The request, short enough to read in a failure message. */
export function describeRequest(request: FuzzRequest): string {
  const payload =
    request.payload === undefined
      ? ''
      : `\n  body (${request.payload.length} ${typeof request.payload === 'string' ? 'chars' : 'bytes'}): ${JSON.stringify(
          request.payload.toString().slice(0, 300),
        )}`;
  return `${request.method} ${request.url.slice(0, 300)}\n  headers: ${JSON.stringify(request.headers).slice(0, 600)}${payload}`;
}

function fail(request: FuzzRequest, response: LightMyRequestResponse, why: string): never {
  throw new Error(
    `${describeRequest(request)}\n→ ${response.statusCode} ${response.body.slice(0, 400)}\n${why}`,
  );
}

/**
 * What every answer to a fuzzed request must be: never a server error; a refusal in the API's error shape
 * (docs/decisions/003-api-errors.md) with its status and reason phrase; 413 for a body over the limit.
 */
export function checkAnswer(
  request: FuzzRequest,
  response: LightMyRequestResponse,
  expected: { oversize: boolean },
): void {
  const status = response.statusCode;
  if (status >= 500) fail(request, response, 'a server error');
  if (expected.oversize && status !== 413) fail(request, response, 'a body over the limit must answer 413');
  if (status < 400) return;
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    fail(request, response, 'a refusal whose body is not JSON');
  }
  const parsed = ErrorBodySchema.safeParse(body);
  if (!parsed.success)
    fail(request, response, 'a refusal not in the error shape { statusCode, error, message }');
  if (parsed.data.statusCode !== status || parsed.data.error !== STATUS_CODES[status]) {
    fail(request, response, `the error body must carry status ${status} and "${STATUS_CODES[status]}"`);
  }
  const message = [parsed.data.message].flat().join('');
  if (message.trim() === '') fail(request, response, 'a refusal without a message');
}

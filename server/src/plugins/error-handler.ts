import type { ErrorBody } from '@tablo/contract/errors';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import type { App } from '../lib/app-type.ts';
import { HttpError, TooManyRequestsError } from '../lib/http-error.ts';
import { pathOf } from '../lib/request-path.ts';

const STATUS_NAMES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export function errorBody(statusCode: number, message: ErrorBody['message']): ErrorBody {
  const error = STATUS_NAMES[statusCode] ?? (statusCode >= 500 ? 'Internal Server Error' : 'Bad Request');
  return { statusCode, error, message };
}

export function sendError(
  reply: FastifyReply,
  statusCode: number,
  message: ErrorBody['message'],
): FastifyReply {
  return reply.code(statusCode).type('application/json; charset=utf-8').send(errorBody(statusCode, message));
}

/** Client mistakes Fastify itself detects, with messages that say what to fix. */
function frameworkMessage(error: FastifyError, bodyLimit: number): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'Malformed JSON in request body';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'Request body is empty but Content-Type is application/json';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return `Request body is larger than ${Math.round(bodyLimit / 1024)} KiB`;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported Content-Type: send application/json';
    default:
      return error.message;
  }
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** Database errors quote their query parameters, which may be session ids: those never reach the logs. */
function redactedError(error: Error): { type: string; code?: string; message: string; stack?: string } {
  const redact = (text: string) => text.replace(UUID, '<uuid>');
  const code = (error as { code?: unknown }).code;
  return {
    type: error.name,
    ...(typeof code === 'string' ? { code } : {}),
    message: redact(error.message),
    ...(error.stack ? { stack: redact(error.stack) } : {}),
  };
}

/** Answered while the database cannot be reached: the client may retry, with the same idempotency key. */
export const DATABASE_UNAVAILABLE = 'The database is not reachable right now. Please try again in a moment.';
const DATABASE_RETRY_AFTER_SECONDS = 2;

function isClientError(statusCode: unknown): statusCode is number {
  return typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500;
}

/** One error handler for the whole app (docs/decisions/003-api-errors.md). */
export function setupErrorHandler(app: App, options: { bodyLimit: number }): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = error.validationContext ?? 'request';
      const problems = error.validation.map((issue) => {
        const where = `${context}${issue.instancePath.replace(/\/$/, '')}`;
        return `${where}: ${issue.message ?? 'is invalid'}`;
      });
      return sendError(reply, 400, problems.length === 1 ? (problems[0] ?? 'Invalid request') : problems);
    }
    if (error instanceof HttpError) {
      if (error instanceof TooManyRequestsError) reply.header('retry-after', String(error.retryAfterSeconds));
      return sendError(reply, error.statusCode, error.message);
    }
    if (isClientError(error.statusCode)) {
      return sendError(reply, error.statusCode, frameworkMessage(error, options.bodyLimit));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: redactedError(error), path: pathOf(request.url) }, 'database unavailable');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return sendError(reply, 503, DATABASE_UNAVAILABLE);
    }
    request.log.error({ err: redactedError(error), path: pathOf(request.url) }, 'request failed');
    return sendError(reply, 500, 'Internal Server Error');
  });
}

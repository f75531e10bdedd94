import { STATUS_CODES } from 'node:http';
import type { ErrorBody } from '@tablo/contract/errors';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import type { App } from '../lib/app-type.ts';
import { HttpError, TooManyRequestsError } from '../lib/http-error.ts';
import { pathOf } from '../lib/request-path.ts';
import { PATH_PART_TOO_LONG } from '../lib/url-limits.ts';

/** The reason phrase of every status (`413 Payload Too Large`, `414 URI Too Long`…), from Node's own table. */
export function errorBody(statusCode: number, message: ErrorBody['message']): ErrorBody {
  const error = STATUS_CODES[statusCode] ?? (statusCode >= 500 ? 'Internal Server Error' : 'Bad Request');
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

const BAD_URL_HINT = 'a percent-encoded part of its path is not UTF-8';

/**
 * Errors Fastify's router answers before any route or hook runs (`frameworkErrors` in app.ts): a path whose
 * percent-encoding is not UTF-8, or a path parameter longer than the router takes. The path is not echoed.
 */
export function routingErrorMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_BAD_URL':
      return `The URL is not valid: ${BAD_URL_HINT}`;
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return PATH_PART_TOO_LONG;
    default:
      return error.message;
  }
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
      request.log.warn({ err: error, path: pathOf(request.url) }, 'database unavailable');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return sendError(reply, 503, DATABASE_UNAVAILABLE);
    }
    // The logger's error serializer drops the statement's parameters and masks session ids (loggable-error.ts).
    request.log.error({ err: error, path: pathOf(request.url) }, 'request failed');
    return sendError(reply, 500, 'Internal Server Error');
  });
}

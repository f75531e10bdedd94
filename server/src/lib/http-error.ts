/** An expected failure with a status and a message safe to show the client (see docs/decisions/003-api-errors.md). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export function notFound(message: string): HttpError {
  return new HttpError(404, message);
}

export function forbidden(message: string): HttpError {
  return new HttpError(403, message);
}

/** 429 with the seconds after which trying again may succeed (sent as Retry-After by the error handler). */
export class TooManyRequestsError extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
    this.name = 'TooManyRequestsError';
  }
}

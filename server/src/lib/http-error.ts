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

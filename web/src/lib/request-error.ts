/** A failed API call, thrown so that TanStack Query sees the failure; the message is the catalogue's text. */
export class RequestError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.name = 'RequestError';
    this.status = status;
  }
}

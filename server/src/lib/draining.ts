import type { Server, ServerResponse } from 'node:http';
import type { ErrorBody } from '@tablo/contract/errors';

/**
 * The server's side of a graceful shutdown (docs/decisions/032). From the moment the app starts closing,
 * requests already accepted run to their end, and every new one — on a kept-alive connection, since the
 * listener no longer accepts connections — gets 503 in the API's error shape with `Connection: close`, so
 * that the client retries on another instance. Kept-alive connections are closed as soon as they fall
 * idle: without that, server.close() would wait for their keep-alive timeout.
 */
export const DRAINING_TEXT = 'The server is restarting: try again in a moment';

const IDLE_SWEEP_MS = 100;

const BODY = JSON.stringify({
  statusCode: 503,
  error: 'Service Unavailable',
  message: DRAINING_TEXT,
} satisfies ErrorBody);

export class Draining {
  #active = false;
  #sweep: NodeJS.Timeout | undefined;

  get active(): boolean {
    return this.#active;
  }

  begin(server: Server): void {
    if (this.#active) return;
    this.#active = true;
    server.closeIdleConnections();
    this.#sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
    this.#sweep.unref();
  }

  end(): void {
    clearInterval(this.#sweep);
  }

  refuse(response: ServerResponse, securityHeaders: Readonly<Record<string, string>>): void {
    response.writeHead(503, {
      ...securityHeaders,
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(BODY),
      'cache-control': 'no-store',
      'retry-after': '1',
      connection: 'close',
    });
    response.end(BODY);
  }
}

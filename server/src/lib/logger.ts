import type { Config } from '../env.ts';
import { loggableError } from './loggable-error.ts';
import { pathOf } from './request-path.ts';

/**
 * Pino options. Requests are logged as method + path only: query strings (the websocket's session_id) and
 * headers (x-session-id) never reach the logs; errors without their query parameters (loggable-error.ts).
 */
export function loggerOptions(level: Config['logLevel']) {
  return {
    level,
    serializers: {
      req(request: { method: string; url: string }) {
        return { method: request.method, path: pathOf(request.url) };
      },
      err: (error: unknown) => loggableError(error),
    },
  };
}

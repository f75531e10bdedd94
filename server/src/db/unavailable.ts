/**
 * Whether an error means the database cannot be reached right now (down, restarting, shutting down, out of
 * connections, the network gone), as opposed to a mistake in a statement. Such a request answers 503 with
 * Retry-After instead of 500; the client retries with the same idempotency key once it is back.
 * Drizzle wraps the driver's error: the whole `cause` chain is looked at.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || isUnavailableState(code))) return true;
    if (DRIVER_MESSAGES.some((pattern) => pattern.test(current instanceof Error ? current.message : ''))) {
      return true;
    }
    current = current.cause;
  }
  return false;
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** SQLSTATE class 08 (connection exception), 57P01–57P03 (shut down, crashed, starting), 53300 (too many connections). */
function isUnavailableState(code: string): boolean {
  return (
    code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03' || code === '53300'
  );
}

/** What node-postgres and its pool say when a connection ends or never comes. */
const DRIVER_MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /not queryable/,
  /^Client was closed/,
];

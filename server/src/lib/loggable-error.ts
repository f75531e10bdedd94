/**
 * What of an error may reach a log line. Database errors carry the statement's parameters (drizzle's
 * `DrizzleQueryError` writes them into its message: "Failed query: … params: …"), and those hold what
 * clients sent — session ids, notes, e-mail addresses, tokens. The log keeps the statement, the database's
 * own message and code and the stack, never the parameters; session ids and long random tokens left in any
 * text are masked too. Used as the logger's `err` serializer (lib/logger.ts), so it covers every `{ err }`.
 */
// A type, not an interface: pino's serializer type wants an index signature.
export type LoggedError = {
  type: string;
  code?: string;
  message: string;
  cause?: LoggedError;
  /** The frames after the cleaned message ('' when the error has none). */
  stack: string;
};

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
/** Staff session and CSRF tokens (base64url), table tokens and token hashes (hex): long, with a digit. */
const TOKEN = /(?<![A-Za-z0-9_-])(?=[A-Za-z_-]*\d)[A-Za-z0-9_-]{32,}(?![A-Za-z0-9_-])/g;

function redact(text: string): string {
  return text.replace(UUID, '<uuid>').replace(TOKEN, '<token>');
}

function withoutParams(message: string): string {
  return message.replace(/\s*params:[\s\S]*$/, '');
}

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

export function loggableError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) {
    // Already reduced by its caller ({ type, message }, as live/channel.ts logs), or not an error at all.
    const { type, message } = (error ?? {}) as { type?: unknown; message?: unknown };
    return typeof message === 'string'
      ? {
          type: typeof type === 'string' ? type : 'object',
          message: redact(withoutParams(message)),
          stack: '',
        }
      : { type: typeof error, message: redact(withoutParams(String(error))), stack: '' };
  }
  const { query, params } = error as { query?: unknown; params?: unknown };
  const message = redact(
    typeof query === 'string' && Array.isArray(params)
      ? `Failed query: ${query}`
      : withoutParams(error.message),
  );
  const code = codeOf(error);
  // The stack's first lines repeat the message: the frames follow the cleaned message instead.
  const frames = (error.stack ?? '').split('\n').filter((line) => line.startsWith('    at '));
  return {
    type: error.name,
    ...(code ? { code } : {}),
    message,
    ...(error.cause !== undefined && depth < 3 ? { cause: loggableError(error.cause, depth + 1) } : {}),
    stack: frames.length > 0 ? redact([`${error.name}: ${message}`, ...frames].join('\n')) : '',
  };
}

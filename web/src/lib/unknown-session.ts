/**
 * The server's answer that it does not know the session id a request carried (403, ERROR_TEXTS.unknownSession):
 * the id kept on the phone outlived the server's record of it (a restored or moved database). The API client
 * reports every such answer here; the session provider listens, and asks for a new id.
 */
import { ERROR_TEXTS } from '@tablo/contract/error-texts';

type Listener = () => void;

/** Whether an error answer is the server's "I do not know this session" (ERROR_TEXTS.unknownSession). */
export function isUnknownSession(answer: { status: number; message: string }): boolean {
  return answer.status === 403 && answer.message === ERROR_TEXTS.unknownSession;
}

const listeners = new Set<Listener>();

export function onUnknownSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function reportUnknownSession(): void {
  for (const listener of listeners) listener();
}

/**
 * The server's answer that it does not know the session id a request carried (403, ERROR_TEXTS.unknownSession):
 * the id kept on the phone outlived the server's record of it (a restored or moved database). The API client
 * reports every such answer here; the session provider listens, and asks for a new id.
 */
type Listener = () => void;

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

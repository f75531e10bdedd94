import { useSyncExternalStore } from 'react';
import { FROM_CACHE_HEADER } from '../config/constants.ts';

/**
 * Whether the diner is looking at kept copies (decision record 025): the browser says it is offline, or the
 * service worker answered from its cache because the network failed or was too slow. Both are read as
 * "online, fresh" on the server and while hydrating, so the first render matches the HTML.
 */

const keptAnswers = new Set<string>();
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The api client tells every GET answer: kept copy or not. */
export function noteAnswer(url: string, response: Response): void {
  const kept = response.headers.has(FROM_CACHE_HEADER);
  if (kept === keptAnswers.has(url)) return;
  if (kept) keptAnswers.add(url);
  else keptAnswers.delete(url);
  for (const listener of listeners) listener();
}

/** Whether the last answer for `url` was the service worker's kept copy. */
export function useAnsweredFromCache(url: string): boolean {
  return useSyncExternalStore(
    subscribe,
    () => keptAnswers.has(url),
    () => false,
  );
}

function subscribeOnline(listener: () => void): () => void {
  addEventListener('online', listener);
  addEventListener('offline', listener);
  return () => {
    removeEventListener('online', listener);
    removeEventListener('offline', listener);
  };
}

/** The browser's own idea of the network (`navigator.onLine`), kept current by its online/offline events. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

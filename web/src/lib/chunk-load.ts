import { CHUNK_LOAD_TIMEOUT_MS } from '../config/constants.ts';

export type ChunkFailure = 'timeout' | 'error';

/** spec §8: "Loading chunk {id} failed", with the failure type and the URL. */
export class ChunkLoadError extends Error {
  readonly chunkId: string;
  readonly failure: ChunkFailure;
  readonly url: string;

  constructor(chunkId: string, failure: ChunkFailure, url: string) {
    super(`Loading chunk ${chunkId} failed.\n(${failure}: ${url})`);
    this.name = 'ChunkLoadError';
    this.chunkId = chunkId;
    this.failure = failure;
    this.url = url;
  }
}

/** spec §4, §9: a screen's code that fails, or has not arrived after 120 s, raises a ChunkLoadError. */
export function loadChunk<T>(
  chunkId: string,
  load: () => Promise<T>,
  timeoutMs = CHUNK_LOAD_TIMEOUT_MS,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    // The chunk's own address is known only from a failure's message: a time-out names the page it was for.
    const timer = setTimeout(() => reject(new ChunkLoadError(chunkId, 'timeout', location.href)), timeoutMs);
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(chunkId, 'error', failedUrl(error)));
      },
    );
  });
}

/** Browsers name the module that failed in the error message ("… imported module: https://…"). */
function failedUrl(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return /(https?:\/\/\S+|\/\S+\.js)/.exec(message)?.[1] ?? location.href;
}

const RELOADED_AT_KEY = 'tablo.chunkReloadAt';
/** At most one automatic reload in this long, so a chunk that is really broken shows its error screen. */
export const CHUNK_RELOAD_GUARD_MS = 30_000;

/**
 * A page opened before a deploy asks for a lazy chunk of the old build, which the server (and the service
 * worker's new cache) no longer has: one automatic reload fetches the new page and its new chunks (decision
 * record 025). Offline, or right after such a reload, the error screen shows instead.
 */
export function reloadForNewBuild(
  error: ChunkLoadError,
  reload: () => void = () => location.reload(),
): boolean {
  if (error.failure !== 'error' || !navigator.onLine) return false;
  try {
    const last = Number(sessionStorage.getItem(RELOADED_AT_KEY) ?? 0);
    if (Date.now() - last < CHUNK_RELOAD_GUARD_MS) return false;
    sessionStorage.setItem(RELOADED_AT_KEY, String(Date.now()));
  } catch {
    return false;
  }
  reload();
  return true;
}

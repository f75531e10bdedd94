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

import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS } from '../config/constants.ts';
import { ChunkLoadError, loadChunk, reloadForNewBuild } from './chunk-load.ts';

describe('loadChunk (spec §4, §8)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('resolves with the module when it arrives in time', async () => {
    await expect(loadChunk('menu', async () => ({ ok: true }))).resolves.toEqual({ ok: true });
  });

  it('raises "Loading chunk {id} failed" with the type "error" and the URL when the import fails', async () => {
    const failing = () =>
      Promise.reject(
        new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/menu-x1.js'),
      );
    const error = await loadChunk('menu', failing).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as ChunkLoadError).message).toBe(
      'Loading chunk menu failed.\n(error: http://localhost/assets/menu-x1.js)',
    );
  });

  it('raises a "timeout" ChunkLoadError after 120 s', async () => {
    vi.useFakeTimers();
    const pending = loadChunk('order', () => new Promise<never>(() => {})).catch((e: unknown) => e);
    vi.advanceTimersByTime(CHUNK_LOAD_TIMEOUT_MS - 1);
    await Promise.resolve();
    vi.advanceTimersByTime(1);
    const error = (await pending) as ChunkLoadError;
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
    expect(error.chunkId).toBe('order');
    expect(error.failure).toBe('timeout');
  });
});

describe('reloadForNewBuild (a page older than the deploy)', () => {
  afterEach(() => {
    sessionStorage.clear();
    vi.restoreAllMocks();
  });
  const gone = () => new ChunkLoadError('menu', 'error', 'http://localhost/assets/menu-old.js');

  it('reloads once when a chunk of the old build is gone, then leaves the error screen', () => {
    const reload = vi.fn();
    expect(reloadForNewBuild(gone(), reload)).toBe(true);
    expect(reloadForNewBuild(gone(), reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload offline or after a time-out', () => {
    const reload = vi.fn();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(reloadForNewBuild(gone(), reload)).toBe(false);
    vi.restoreAllMocks();
    expect(reloadForNewBuild(new ChunkLoadError('menu', 'timeout', 'http://localhost/'), reload)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});

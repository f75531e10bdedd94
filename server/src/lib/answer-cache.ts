import { type CachedAnswer, createCachedAnswer } from './cached-answer.ts';

interface Entry {
  kind: string;
  promise: Promise<CachedAnswer | null>;
  /** Set once built, so a hit can be answered synchronously (lib/hot-answers.ts). */
  answer?: CachedAnswer;
  /** Rebuilt in the background when dropped (see `getPrepared`'s `keepWarm`). */
  rebuild?: () => Promise<CachedAnswer | null>;
}

export interface PrepareOptions {
  /**
   * Rebuild the answer in the background as soon as a change drops it, instead of on the next request: for
   * answers that are costly to build (a server-rendered page takes a few hundred milliseconds), so that the
   * first diner after a menu change does not wait for it. Only answers that were asked for are kept warm.
   */
  keepWarm?: boolean;
}

export interface AnswerCacheOptions {
  /** After an invalidation, further ones for the same restaurant wait this long (coalescing bursts). */
  coalesceMs: number;
}

/**
 * Serialized, compressed answers per (kind, restaurant short name). Misses share one build (single flight);
 * `null` (unknown restaurant) is answered but not kept, so guessing names cannot fill memory.
 * Invalidations for one restaurant are coalesced: the first drops its answers at once, later ones within
 * `coalesceMs` are folded into one more drop at the end of that window.
 */
export class AnswerCache {
  private readonly entries = new Map<string, Entry>();
  private readonly windows = new Map<string, { dirty: boolean; timer: NodeJS.Timeout }>();
  private builds = 0;
  private dropped = 0;
  private closed = false;
  private warming: Promise<void> = Promise.resolve();

  constructor(private readonly options: AnswerCacheOptions) {}

  /**
   * Changes whenever answers are dropped (an invalidation, a clear): whoever keeps answers beside the cache
   * (the hot path) forgets them when it moves.
   */
  get generation(): number {
    return this.dropped;
  }

  /** How many builds ran (for tests and metrics). */
  get buildCount(): number {
    return this.builds;
  }

  get(
    kind: string,
    shortName: string,
    build: () => Promise<unknown | null>,
    options: PrepareOptions = {},
  ): Promise<CachedAnswer | null> {
    return this.getPrepared(
      kind,
      shortName,
      () => build().then((value) => (value === null ? null : createCachedAnswer(value))),
      options,
    );
  }

  /** As `get`, for an answer the caller prepares itself (a page's HTML: `createCachedBody`). */
  getPrepared(
    kind: string,
    shortName: string,
    build: () => Promise<CachedAnswer | null>,
    options: PrepareOptions = {},
  ): Promise<CachedAnswer | null> {
    const key = `${kind}\u0000${shortName}`;
    const existing = this.entries.get(key);
    if (existing) return existing.promise;
    this.builds++;
    const entry: Entry = { kind, promise: build(), ...(options.keepWarm ? { rebuild: build } : {}) };
    this.entries.set(key, entry);
    const forget = () => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    };
    entry.promise.then((answer) => {
      if (answer) entry.answer = answer;
      else forget();
    }, forget);
    return entry.promise;
  }

  /** The built answer, if there is one right now; never starts a build. */
  peek(kind: string, shortName: string): CachedAnswer | undefined {
    return this.entries.get(`${kind}\u0000${shortName}`)?.answer;
  }

  /** The build under way for an answer not built yet, if there is one; never starts a build. */
  building(kind: string, shortName: string): Promise<CachedAnswer | null> | undefined {
    const entry = this.entries.get(`${kind}\u0000${shortName}`);
    return entry && !entry.answer ? entry.promise : undefined;
  }

  /** A restaurant's data changed. */
  invalidate(shortName: string): void {
    const window = this.windows.get(shortName);
    if (window) {
      window.dirty = true;
      return;
    }
    this.drop(shortName);
    this.openWindow(shortName);
  }

  /** Notifications may have been missed: forget everything. */
  clear(): void {
    this.dropped++;
    this.entries.clear();
  }

  /** Resolves when the background rebuilds started so far have finished (tests). */
  warmed(): Promise<void> {
    return this.warming;
  }

  close(): void {
    this.closed = true;
    for (const window of this.windows.values()) clearTimeout(window.timer);
    this.windows.clear();
    this.dropped++;
    this.entries.clear();
  }

  private openWindow(shortName: string): void {
    const timer = setTimeout(() => {
      const window = this.windows.get(shortName);
      this.windows.delete(shortName);
      if (window?.dirty) {
        this.drop(shortName);
        this.openWindow(shortName);
      }
    }, this.options.coalesceMs);
    timer.unref();
    this.windows.set(shortName, { dirty: false, timer });
  }

  private drop(shortName: string): void {
    this.dropped++;
    const suffix = `\u0000${shortName}`;
    const warm: Entry[] = [];
    for (const [key, entry] of this.entries) {
      if (!key.endsWith(suffix)) continue;
      this.entries.delete(key);
      if (entry.rebuild) warm.push(entry);
    }
    if (warm.length > 0) this.rewarm(shortName, warm);
  }

  /**
   * Rebuilds dropped answers one after another, after the requests already waiting (a page's rendering
   * holds the event loop while it runs). A request that arrives first builds it itself; a rebuild then
   * finds the entry and does nothing. A failed rebuild is not kept: the next request tries again.
   */
  private rewarm(shortName: string, warm: readonly Entry[]): void {
    this.warming = this.warming.then(async () => {
      for (const { kind, rebuild } of warm) {
        await new Promise<void>((resolve) => setImmediate(resolve));
        if (this.closed || !rebuild) return;
        await this.getPrepared(kind, shortName, rebuild, { keepWarm: true }).catch(() => null);
      }
    });
  }
}

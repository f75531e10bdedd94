import { describe, expect, it } from 'vitest';
import { FROM_CACHE_HEADER } from '../config/constants.ts';
import { type CacheLike, cacheFirst, networkFirst } from './strategies.ts';

/** A Cache with the two methods the strategies use, over a Map. */
function memoryCache(entries: Record<string, string> = {}) {
  const store = new Map<string, Response>(
    Object.entries(entries).map(([key, body]) => [key, new Response(body, { status: 200 })]),
  );
  const cache: CacheLike = {
    match: async (key) => store.get(String(key))?.clone(),
    put: async (key, response) => {
      store.set(String(key), response);
    },
  };
  return { cache, store };
}

const URL_ = 'https://tablo.example/api/menu/current/demo';
const request = () => new Request(URL_);
const never = () => new Promise<Response>(() => {});

describe('network first', () => {
  it('answers from the network and keeps the answer', async () => {
    const { cache, store } = memoryCache({ [URL_]: 'old' });
    const answer = networkFirst(request(), URL_, cache, async () => new Response('new'), 1000);
    expect(await (await answer.response).text()).toBe('new');
    await answer.stored;
    expect(await store.get(URL_)?.clone().text()).toBe('new');
  });

  it('offline, answers with the kept copy, marked as such', async () => {
    const { cache } = memoryCache({ [URL_]: 'kept' });
    const answer = networkFirst(request(), URL_, cache, () => Promise.reject(new TypeError('offline')), 1000);
    const response = await answer.response;
    expect(await response.text()).toBe('kept');
    expect(response.headers.get(FROM_CACHE_HEADER)).toBe('1');
  });

  it('a slow network gets the kept copy after the timeout', async () => {
    const { cache } = memoryCache({ [URL_]: 'kept' });
    const started = Date.now();
    const response = await networkFirst(request(), URL_, cache, never, 50).response;
    expect(await response.text()).toBe('kept');
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
  });

  it('a slow network with nothing kept is waited for', async () => {
    const { cache } = memoryCache();
    const answer = networkFirst(
      request(),
      URL_,
      cache,
      () => new Promise((resolve) => setTimeout(() => resolve(new Response('late')), 120)),
      20,
    );
    expect(await (await answer.response).text()).toBe('late');
  });

  it('a server failure shows the kept copy and is not kept; a 404 is the real answer', async () => {
    const { cache, store } = memoryCache({ [URL_]: 'kept' });
    const failed = networkFirst(
      request(),
      URL_,
      cache,
      async () => new Response('boom', { status: 503 }),
      1000,
    );
    expect(await (await failed.response).text()).toBe('kept');
    await failed.stored;
    expect(await store.get(URL_)?.clone().text()).toBe('kept');
    const missing = networkFirst(
      request(),
      URL_,
      cache,
      async () => new Response('gone', { status: 404 }),
      1000,
    );
    expect((await missing.response).status).toBe(404);
  });

  it('offline with nothing kept fails like the network', async () => {
    const { cache } = memoryCache();
    const answer = networkFirst(request(), URL_, cache, () => Promise.reject(new TypeError('offline')), 1000);
    await expect(answer.response).rejects.toThrow('offline');
  });
});

describe('cache first', () => {
  it('answers a kept file without the network', async () => {
    const { cache } = memoryCache({ [URL_]: 'kept' });
    const answer = cacheFirst(request(), URL_, cache, () =>
      Promise.reject(new Error('no network call expected')),
    );
    expect(await (await answer.response).text()).toBe('kept');
  });

  it('fetches and keeps a file it does not have, but not an error', async () => {
    const { cache, store } = memoryCache();
    const first = cacheFirst(request(), URL_, cache, async () => new Response('fresh'));
    expect(await (await first.response).text()).toBe('fresh');
    await first.stored;
    expect(store.has(URL_)).toBe(true);
    const other = 'https://tablo.example/assets/gone.js';
    const missing = cacheFirst(
      new Request(other),
      other,
      cache,
      async () => new Response('', { status: 404 }),
    );
    expect((await missing.response).status).toBe(404);
    await missing.stored;
    expect(store.has(other)).toBe(false);
  });
});

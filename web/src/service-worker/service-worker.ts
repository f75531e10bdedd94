/**
 * The diner app's service worker (decision record 025), built by `tablo:service-worker` (vite.config.ts) into
 * /sw.js as one classic script, with the build's version and the files every diner page needs written in.
 */
import {
  CACHE_PREFIX,
  cacheNames,
  IMAGE_CACHE_LIMIT,
  NETWORK_TIMEOUT_MS,
  type Strategy,
  strategyFor,
  strategyForLoaded,
} from './cache-rules.ts';
import { type Answer, cacheFirst, networkFirst } from './strategies.ts';
import { isWarmMessage, type WarmMessage } from './warm-message.ts';

declare const __TABLO_SW_VERSION__: string;
declare const __TABLO_PRECACHE__: string[];

// The web app's TypeScript program has the DOM library; these are the few worker types used here.
type ExtendableEvent = Event & { waitUntil(promise: Promise<unknown>): void };
type FetchEvent = ExtendableEvent & { request: Request; respondWith(response: Promise<Response>): void };
type MessageEventLike = ExtendableEvent & { data: unknown };
type WorkerScope = {
  location: Location;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEventLike) => void): void;
};

const scope = self as unknown as WorkerScope;
const origin = scope.location.origin;
const names = cacheNames(__TABLO_SW_VERSION__);
const ours = new Set<string>(Object.values(names));

/** Pages are kept by path: `?t=<token>` and `?view=…` open the same page. */
function keyOf(url: string, strategy: Strategy): string {
  if (strategy !== 'page') return url;
  const parsed = new URL(url);
  return parsed.origin + parsed.pathname;
}

function cacheFor(strategy: Strategy): string {
  if (strategy === 'data') return names.data;
  if (strategy === 'image') return names.images;
  return names.build;
}

async function trimImages(): Promise<void> {
  const cache = await caches.open(names.images);
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - IMAGE_CACHE_LIMIT)).map((k) => cache.delete(k)));
}

/** Pages kept by an older build, fetched again for this one, so a restaurant opened before stays readable. */
async function carryOverPages(build: Cache): Promise<void> {
  for (const name of await caches.keys()) {
    if (!name.startsWith(`${CACHE_PREFIX}build-`) || name === names.build) continue;
    const old = await caches.open(name);
    const pages = (await old.keys()).filter(
      (request) => strategyForLoaded(request.url, origin, true) === 'page',
    );
    await Promise.all(
      pages.map((request) =>
        fetch(request.url, { cache: 'no-store' }).then(
          (response) => (response.ok ? build.put(request.url, response) : undefined),
          () => undefined,
        ),
      ),
    );
  }
}

scope.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const build = await caches.open(names.build);
      await build.addAll(__TABLO_PRECACHE__);
      await carryOverPages(build);
      // A new deploy takes over at once: its pages are fetched network first, so none is left stale.
      await scope.skipWaiting();
    })(),
  );
});

scope.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const old = (await caches.keys()).filter((name) => name.startsWith(CACHE_PREFIX) && !ours.has(name));
      await Promise.all(old.map((name) => caches.delete(name)));
      await scope.clients.claim();
    })(),
  );
});

scope.addEventListener('fetch', (event) => {
  const { request } = event;
  const strategy = strategyFor(request, origin);
  if (strategy === null) return;
  const key = keyOf(request.url, strategy);
  const answer: Promise<Answer> = caches.open(cacheFor(strategy)).then((cache) => {
    if (strategy === 'page' || strategy === 'data')
      return networkFirst(request, key, cache, fetch, NETWORK_TIMEOUT_MS);
    return cacheFirst(request, key, cache, fetch);
  });
  event.respondWith(answer.then((a) => a.response));
  event.waitUntil(answer.then((a) => a.stored).then(() => (strategy === 'image' ? trimImages() : undefined)));
});

/** What the page loaded before this worker controlled it (the first visit), kept now. */
async function warm(message: WarmMessage): Promise<void> {
  for (const href of [message.page, ...message.urls]) {
    const strategy = strategyForLoaded(href, origin, href === message.page);
    if (strategy === null) continue;
    const cache = await caches.open(cacheFor(strategy));
    const key = keyOf(href, strategy);
    const fresh = strategy === 'page' || strategy === 'data';
    if (!fresh && (await cache.match(key))) continue;
    try {
      // Code, texts and pictures come from the browser's HTTP cache; pages and answers from the network.
      const response = await fetch(href, { cache: fresh ? 'no-store' : 'default' });
      if (response.ok) await cache.put(key, response);
    } catch {
      // Offline again: the next visit keeps them.
    }
  }
}

scope.addEventListener('message', (event) => {
  if (isWarmMessage(event.data)) event.waitUntil(warm(event.data));
});

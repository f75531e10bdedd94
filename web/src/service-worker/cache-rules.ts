/**
 * What the service worker keeps, and how (decision record 025). Only what a diner needs to read a menu again
 * is kept: the app's code and texts, the diner pages, the restaurant and menu answers, and the pictures.
 * Everything that must be live — POSTs, sessions, orders, payments, table calls, the staff console and its
 * API — is never answered by the service worker.
 */

/** Where the service worker is served (scope `/`), with `Cache-Control: no-cache`. */
export const SERVICE_WORKER_PATH = '/sw.js';

/** How long a page or an API answer may take before the kept copy is shown instead. */
export const NETWORK_TIMEOUT_MS = 3000;

/** At most this many pictures are kept; the oldest go first. */
export const IMAGE_CACHE_LIMIT = 200;

/** Every cache this worker owns starts with this; others on the origin are left alone. */
export const CACHE_PREFIX = 'tablo-';

/**
 * Cache names. Code, texts and pages belong to one build (a page names its hashed scripts), so they live in a
 * cache named after the build and are dropped with it. Restaurant and menu answers and pictures do not
 * depend on the build and outlive a deploy.
 */
export function cacheNames(version: string) {
  return {
    build: `${CACHE_PREFIX}build-${version}`,
    data: `${CACHE_PREFIX}data-v1`,
    images: `${CACHE_PREFIX}images-v1`,
  } as const;
}

export type Strategy =
  /** Network first (short timeout), else the kept copy: diner pages. */
  | 'page'
  /** Network first (short timeout), else the kept copy: restaurant and menu answers. */
  | 'data'
  /** Kept copy first: hashed code, stylesheets, fonts and texts of this build. */
  | 'build'
  /** Kept copy first: pictures. */
  | 'image';

/** The diner pages: the landing page, the menu, ordering, My Table and the terms (spec §2). */
const DINER_PAGE = /^\/(?:[A-Za-z]{2}\/?)?$|^\/(?:menu|order|table|terms-and-conditions)\/[^/]+/;
/** spec §7 calls 1 and 2 — the only API answers kept. */
const KEPT_API = /^\/api\/(?:restaurant\/one|menu\/current)\/[^/]+$/;
const BUILD_FILE = /^\/(?:assets|locales)\//;
const IMAGE_FILE = /\.(?:avif|gif|jpe?g|png|svg|webp|ico)$/i;

type RequestLike = { method: string; url: string; mode?: string; destination?: string };

/** How a request is answered, or null: the browser goes to the network as if there were no worker. */
export function strategyFor(request: RequestLike, origin: string): Strategy | null {
  if (request.method !== 'GET') return null;
  const url = new URL(request.url);
  if (url.origin !== origin) return null;
  const path = url.pathname;
  if (request.mode === 'navigate') return DINER_PAGE.test(path) ? 'page' : null;
  if (KEPT_API.test(path)) return 'data';
  if (BUILD_FILE.test(path)) return 'build';
  if (path.startsWith('/api/')) return null;
  if (request.destination === 'image' || IMAGE_FILE.test(path)) return 'image';
  return null;
}

/** The same rule for an address the page reports having loaded before the worker controlled it. */
export function strategyForLoaded(href: string, origin: string, isPage: boolean): Strategy | null {
  return strategyFor({ method: 'GET', url: href, mode: isPage ? 'navigate' : 'cors' }, origin);
}

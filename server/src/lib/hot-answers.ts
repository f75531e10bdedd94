import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { AnswerCache } from './answer-cache.ts';
import { type CachedAnswer, matchesIfNoneMatch } from './cached-answer.ts';
import { type ContentCoding, negotiateEncoding } from './encoding.ts';

/** Node's own request handler (Fastify's). */
export type RequestHandler = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * Answers a request and returns true, or returns false to let Fastify handle it. A request whose answer is
 * being built is taken (true) and answered when the build lands — by `fallback` (Fastify) if it gives none.
 */
export type HotPath = (
  request: IncomingMessage,
  response: ServerResponse,
  fallback: RequestHandler,
) => boolean;

/** Where a URL's answer sits in the answer cache, or null when the URL is not this route's. */
export type HotMatch = (url: string) => { kind: string; shortName: string } | null;

/** A family of cached answers served before Fastify, with the security headers Fastify would add to them. */
export interface HotRoute {
  match: HotMatch;
  securityHeaders: Readonly<Record<string, string>>;
}

const SHORT_NAME = /^[a-z0-9-]{1,64}$/;

/** The two answers every diner's phone asks for (spec §7 calls 1 and 2): URL prefix → cache kind. */
export function apiHotMatch(prefix: string, kind: string): HotMatch {
  return (url) => {
    if (!url.startsWith(prefix)) return null;
    const shortName = url.slice(prefix.length);
    return SHORT_NAME.test(shortName) ? { kind, shortName } : null;
  };
}

/** As `apiHotMatch`, for a URL that ends with `suffix` after the short name (`/options`). */
export function apiHotMatchWithSuffix(prefix: string, suffix: string, kind: string): HotMatch {
  return (url) => {
    if (!url.startsWith(prefix) || !url.endsWith(suffix)) return null;
    const shortName = url.slice(prefix.length, url.length - suffix.length);
    return SHORT_NAME.test(shortName) ? { kind, shortName } : null;
  };
}

/** Every response one cached answer can give, header objects complete (with length) and built once. */
export interface PreparedAnswer {
  readonly ok: Readonly<Record<ContentCoding, OutgoingHttpHeaders>>;
  readonly notModified: Readonly<Record<ContentCoding, OutgoingHttpHeaders>>;
}

const CODINGS: readonly ContentCoding[] = ['br', 'gzip', 'identity'];

export function prepareAnswer(
  answer: CachedAnswer,
  securityHeaders: Readonly<Record<string, string>>,
): PreparedAnswer {
  const ok = {} as Record<ContentCoding, OutgoingHttpHeaders>;
  const notModified = {} as Record<ContentCoding, OutgoingHttpHeaders>;
  for (const coding of CODINGS) {
    // The same names and order as `cachedAnswerResponse`, which the Fastify route sends on a miss.
    const common = {
      ...securityHeaders,
      'cache-control': 'no-cache',
      vary: 'Accept-Encoding',
      etag: answer.etags[coding],
    };
    notModified[coding] = common;
    ok[coding] = {
      ...common,
      ...(coding === 'identity' ? {} : { 'content-encoding': coding }),
      'content-type': answer.contentType,
      'content-length': String(answer.bodies[coding].length),
    };
  }
  return { ok, notModified };
}

/**
 * Writes a prepared answer: the client's coding (or 304 when its ETag still matches), with no per-request
 * header building. For any server-side code that holds a `CachedAnswer` (the menu answer, a rendered page).
 */
export function writePrepared(
  request: IncomingMessage,
  response: ServerResponse,
  answer: CachedAnswer,
  prepared: PreparedAnswer,
): void {
  const { headers } = request;
  const coding = negotiateEncoding(headers['accept-encoding']);
  const ifNoneMatch = headers['if-none-match'];
  // A browser revalidates with the one ETag it was given: that needs no parsing.
  if (
    ifNoneMatch !== undefined &&
    (ifNoneMatch === answer.etags[coding] || matchesIfNoneMatch(ifNoneMatch, answer))
  ) {
    response.writeHead(304, prepared.notModified[coding]);
    response.end();
    return;
  }
  response.writeHead(200, prepared.ok[coding]);
  response.end(answer.bodies[coding]);
}

/** A URL already served from the cache: its answer with the prepared headers. */
interface Served {
  readonly answer: CachedAnswer;
  readonly prepared: PreparedAnswer;
}

/** URLs remembered at most (one per cached answer in practice: the routes match exact paths only). */
const MAX_SERVED_URLS = 1024;

/**
 * Serves answers that are already built, compressed and cached straight from the Node server, before
 * Fastify's routing, validation and hooks — which cost 40% of the throughput of these hottest answers
 * (docs/decisions/004-caching.md) — with header objects prepared once per answer (decision 024).
 * A URL served once is remembered with its answer and prepared headers until the cache drops any answer
 * (its generation moves), so a repeat costs one map lookup before `writeHead` — no matching, no key or
 * object built per request (decision 037). Only URLs with a cached answer are remembered, so guessed names
 * cannot fill the memory.
 * A request for an answer whose build is under way (the first reader's, or the rebuild a change started:
 * `keepWarm`) waits for that build here and is answered from it, instead of going through Fastify's route to
 * wait for the same build (after a publish, ~1,000 menus at once: docs/decisions/068); if the build gives no
 * answer (an unknown restaurant, a failure), the request goes to Fastify after all.
 * Everything else, including every other miss, goes to Fastify, whose route builds the answer; both send the
 * same bytes and headers. These hits are not logged one by one: they are public, carry no session, and
 * would drown the log.
 */
export function createHotPath(cache: AnswerCache, routes: readonly HotRoute[]): HotPath {
  const served = new Map<string, Served>();
  let generation = cache.generation;

  /** Requests waiting for an answer being built, by URL: one wait per URL and build, however many ask. */
  const waiting = new Map<
    string,
    { build: Promise<unknown>; requests: [IncomingMessage, ServerResponse][] }
  >();

  /**
   * First request for a URL since the cache last dropped answers: match it, and remember it on a hit. Answers
   * the build under way instead when there is one (and no answer yet).
   */
  const find = (url: string): Served | Promise<CachedAnswer | null> | null => {
    for (const route of routes) {
      const found = route.match(url);
      if (found === null) continue;
      const answer = cache.peek(found.kind, found.shortName);
      if (!answer) return cache.building(found.kind, found.shortName) ?? null;
      if (served.size >= MAX_SERVED_URLS) served.clear();
      const hit = { answer, prepared: prepareAnswer(answer, route.securityHeaders) };
      served.set(url, hit);
      return hit;
    }
    return null;
  };

  const lookup = (url: string): Served | Promise<CachedAnswer | null> | null => {
    if (cache.generation !== generation) {
      served.clear();
      generation = cache.generation;
    }
    return served.get(url) ?? find(url);
  };

  const wait = (url: string, build: Promise<CachedAnswer | null>, fallback: RequestHandler) => {
    const existing = waiting.get(url);
    if (existing?.build === build) return existing.requests;
    const requests: [IncomingMessage, ServerResponse][] = [];
    waiting.set(url, { build, requests });
    const answerAll = () => {
      if (waiting.get(url)?.requests === requests) waiting.delete(url);
      // The newest answer for the URL now (the one built, or one built since); none: Fastify's route.
      const hit = lookup(url);
      for (const [request, response] of requests) {
        if (hit !== null && !(hit instanceof Promise))
          writePrepared(request, response, hit.answer, hit.prepared);
        else fallback(request, response);
      }
    };
    build.then(answerAll, answerAll);
    return requests;
  };

  return (request, response, fallback) => {
    const url = request.url;
    if (request.method !== 'GET' || url === undefined) return false;
    const hit = lookup(url);
    if (hit === null) return false;
    if (hit instanceof Promise) {
      wait(url, hit, fallback).push([request, response]);
      return true;
    }
    writePrepared(request, response, hit.answer, hit.prepared);
    return true;
  };
}

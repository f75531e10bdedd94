import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AnswerCache } from './answer-cache.ts';
import { cachedAnswerResponse } from './cached-answer.ts';

/** Answers a request and returns true, or returns false to let Fastify handle it. */
export type HotPath = (request: IncomingMessage, response: ServerResponse) => boolean;

/** The two answers every diner's phone asks for, by URL prefix → cache kind (spec §7 calls 1 and 2). */
const HOT_ROUTES: readonly { prefix: string; kind: string }[] = [
  { prefix: '/api/menu/current/', kind: 'menu' },
  { prefix: '/api/restaurant/one/', kind: 'restaurant' },
];

const SHORT_NAME = /^[a-z0-9-]{1,64}$/;

/**
 * Serves a restaurant or menu answer that is already built, compressed and cached, straight from the
 * Node server, before Fastify's routing, validation and hooks — which cost 40% of the throughput of these
 * hottest answers (docs/decisions/004-caching.md). Everything else, including every miss, goes to Fastify,
 * whose route builds the answer; both send the same bytes and headers (`cachedAnswerResponse`).
 * These hits are not logged one by one: they are public, carry no session, and would drown the log.
 */
export function createHotPath(
  cache: AnswerCache,
  securityHeaders: Readonly<Record<string, string>>,
): HotPath {
  return (request, response) => {
    if (request.method !== 'GET' || !request.url) return false;
    const route = HOT_ROUTES.find((candidate) => request.url?.startsWith(candidate.prefix));
    if (!route) return false;
    const shortName = request.url.slice(route.prefix.length);
    if (!SHORT_NAME.test(shortName)) return false;
    const answer = cache.peek(route.kind, shortName);
    if (!answer) return false;
    const { status, headers, body } = cachedAnswerResponse(
      answer,
      request.headers['accept-encoding'],
      request.headers['if-none-match'],
    );
    const length = body ? { 'content-length': String(body.length) } : {};
    response.writeHead(status, { ...securityHeaders, ...headers, ...length });
    response.end(body ?? undefined);
    return true;
  };
}

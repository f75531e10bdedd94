import type { FastifyRequest } from 'fastify';

/**
 * Same-origin: the Origin's host is the request's Host, or the Origin is PUBLIC_URL's origin (behind a
 * proxy that rewrites Host). Websocket upgrades are not covered by CORS, so every socket checks this itself.
 */
export function isSameOrigin(request: FastifyRequest, publicUrl: string): boolean {
  const origin = request.headers.origin;
  if (!origin) return false;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  return parsed.host === request.headers.host || parsed.origin === new URL(publicUrl).origin;
}

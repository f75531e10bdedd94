import helmet from '@fastify/helmet';
import Fastify from 'fastify';
import type { App } from '../lib/app-type.ts';
import { isApiPath, pathOf } from '../lib/request-path.ts';

/**
 * Security headers on every response (DESIGN §8). Documents get a strict Content-Security-Policy: everything from our own
 * origin, no third party at all (DESIGN §8) — but for pictures: data: URIs, and the http(s) addresses a restaurant's
 * menu may name for its pictures (`ImageUrlSchema`; decision record 051).
 * style-src allows 'unsafe-inline' because the toast library (sonner) inserts its stylesheet as a <style>
 * element at run time and React writes style attributes; scripts stay 'self', plus the one fixed inline
 * script, by its hash, that starts a restaurant page's scripts after its hero (modules/web-app/boot-loader.ts;
 * app.ts hands its hash in, so this plugin needs no module).
 */
export function contentSecurityPolicy(
  publicUrl: string,
  inlineScripts: readonly string[],
): Record<string, string[]> {
  const origin = new URL(publicUrl);
  const wsOrigin = `${origin.protocol === 'https:' ? 'wss' : 'ws'}://${origin.host}`;
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'", ...inlineScripts],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    // A picture cannot run code; refusing them showed a restaurant's own hosted pictures as broken (051).
    'img-src': ["'self'", 'data:', 'https:', 'http:'],
    'font-src': ["'self'", 'data:'],
    // 'self' covers same-origin ws(s): in current browsers; the explicit origin helps older ones.
    'connect-src': ["'self'", wsOrigin],
    'manifest-src': ["'self'"],
    'worker-src': ["'self'"],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
  };
}

/**
 * The headers @fastify/helmet produces for our options, computed once on a scratch instance.
 * @fastify/helmet rebuilds its middleware (and re-parses the CSP) on every request, which cost a third
 * of the menu endpoint's throughput (docs/decisions/004-caching.md); the headers never vary, so they are
 * taken once and set by one synchronous hook.
 */
export async function computeSecurityHeaders(
  publicUrl: string,
  inlineScripts: readonly string[],
): Promise<Record<string, string>> {
  const scratch = Fastify({ logger: false });
  await scratch.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityPolicy(publicUrl, inlineScripts),
    },
    // Diners' browsers fetch nothing cross-origin; keep the referrer to our own origin.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    // Nothing of Tablo is meant to be framed (CSP frame-ancestors 'none'); older browsers read this one.
    xFrameOptions: { action: 'deny' },
  });
  scratch.get('/', async () => '');
  const response = await scratch.inject({ method: 'GET', url: '/' });
  await scratch.close();
  const generic = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers)) {
    if (!generic.has(name) && typeof value === 'string') headers[name] = value;
  }
  if (!headers['content-security-policy']) throw new Error('helmet produced no Content-Security-Policy');
  return headers;
}

/**
 * What JSON answers need (OWASP REST Security): nothing may load or frame them, no sniffing, no referrer.
 * A third of the size of the document set, which matters on the hottest answers (the menu).
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

/** The browsable API docs are a document (its own CSP is set by the OpenAPI plugin). */
function isApiAnswer(url: string): boolean {
  return isApiPath(url) && !pathOf(url).startsWith('/api/docs');
}

/** The security headers of a URL: API answers get the JSON set, everything else the document set. */
export function securityHeadersFor(
  url: string,
  documentHeaders: Readonly<Record<string, string>>,
): Readonly<Record<string, string>> {
  return isApiAnswer(url) ? API_SECURITY_HEADERS : documentHeaders;
}

export function setupSecurityHeaders(
  app: App,
  options: { documentHeaders: Readonly<Record<string, string>> },
): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(securityHeadersFor(request.url, options.documentHeaders));
    done();
  });
}

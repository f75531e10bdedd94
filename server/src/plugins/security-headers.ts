import helmet from '@fastify/helmet';
import type { App } from '../lib/app-type.ts';

/**
 * Security headers on every response, with a strict Content-Security-Policy: everything from our own
 * origin, images also as data: URIs, no third party at all (DESIGN §8).
 * style-src allows 'unsafe-inline' because the toast library (sonner) inserts its stylesheet as a <style>
 * element at run time and React writes style attributes; scripts stay strictly 'self'.
 */
export function contentSecurityPolicy(publicUrl: string): Record<string, string[]> {
  const origin = new URL(publicUrl);
  const wsOrigin = `${origin.protocol === 'https:' ? 'wss' : 'ws'}://${origin.host}`;
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
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

export async function setupSecurityHeaders(app: App, options: { publicUrl: string }): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityPolicy(options.publicUrl),
    },
    // Diners' browsers fetch nothing cross-origin; keep the referrer to our own origin.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
}

import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../lib/app-type.ts';
import { sendError } from './error-handler.ts';

/**
 * Text PostgreSQL cannot store: NUL (not allowed in `text` or `jsonb`) and UTF-16 surrogates without their
 * other half (JSON.stringify writes them as `\udXXX` escapes, which `jsonb` refuses). A request carrying one
 * would otherwise fail deep inside a statement with a 500 — after the request was accepted.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function isUnstorable(text: string): boolean {
  return text.includes('\u0000') || LONE_SURROGATE.test(text);
}

/** Where in a parsed request the first unstorable string is (`body.lines[0].note`), or null. */
export function findUnstorableText(value: unknown, root: string): string | null {
  // Iterative: a 64 KiB body can nest arrays 30,000 deep, more than the call stack holds.
  const pending: [unknown, string][] = [[value, root]];
  while (pending.length > 0) {
    const [current, path] = pending.pop() as [unknown, string];
    if (typeof current === 'string') {
      if (isUnstorable(current)) return path;
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => {
        pending.push([item, `${path}[${index}]`]);
      });
    } else if (current !== null && typeof current === 'object') {
      for (const [key, item] of Object.entries(current)) {
        if (isUnstorable(key)) return `${path} (a key)`;
        pending.push([item, `${path}.${key}`]);
      }
    }
  }
  return null;
}

/**
 * Refuses, before validation and before any handler runs, a request whose path parameters, query string or
 * JSON body holds text that cannot be stored, with a 400 that names where it is. Nothing reaches the database.
 */
export function setupStorableText(app: App): void {
  app.addHook('preValidation', (request: FastifyRequest, reply: FastifyReply, done) => {
    const where =
      findUnstorableText(request.params, 'params') ??
      findUnstorableText(request.query, 'querystring') ??
      findUnstorableText(request.body, 'body');
    if (where === null) return done();
    sendError(reply, 400, `${where}: contains a NUL character or a broken UTF-16 surrogate`);
  });
}

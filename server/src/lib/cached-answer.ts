import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type ContentCoding, negotiateEncoding } from './encoding.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** One answer (JSON, or a page's HTML), serialized and compressed once (docs/decisions/004-caching.md). */
export interface CachedAnswer {
  /** The value the bytes were made from (already checked against the contract when it was built). */
  readonly value: unknown;
  readonly contentType: string;
  readonly bodies: Readonly<Record<ContentCoding, Buffer>>;
  /** Strong ETags, one per representation (each coding is a different byte sequence). */
  readonly etags: Readonly<Record<ContentCoding, string>>;
}

const JSON_TYPE = 'application/json; charset=utf-8';

export function createCachedAnswer(value: unknown): Promise<CachedAnswer> {
  return createCachedBody(value, JSON.stringify(value), JSON_TYPE);
}

/** Any text body (a page's HTML): compressed once, with its ETags. */
export async function createCachedBody(
  value: unknown,
  text: string,
  contentType: string,
): Promise<CachedAnswer> {
  const identity = Buffer.from(text, 'utf8');
  const [br, gz] = await Promise.all([
    brotli(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 9,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzipAsync(identity, { level: 9 }),
  ]);
  const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 32);
  return {
    value,
    contentType,
    bodies: { identity, br, gzip: gz },
    etags: { identity: `"${hash}"`, br: `"${hash}-br"`, gzip: `"${hash}-gz"` },
  };
}

export function matchesIfNoneMatch(header: string | undefined, answer: CachedAnswer): boolean {
  if (!header) return false;
  const known = new Set(Object.values(answer.etags));
  return header.split(',').some((raw) => {
    const tag = raw.trim().replace(/^W\//, '');
    return tag === '*' || known.has(tag);
  });
}

/** The answer's own headers for one coding; the status is 304 when the client's ETag still matches. */
export function cachedAnswerResponse(
  answer: CachedAnswer,
  acceptEncoding: string | undefined,
  ifNoneMatch: string | undefined,
): { status: 200 | 304; headers: Record<string, string>; body: Buffer | null } {
  const coding = negotiateEncoding(acceptEncoding);
  const headers: Record<string, string> = {
    'cache-control': 'no-cache',
    vary: 'Accept-Encoding',
    etag: answer.etags[coding],
  };
  if (matchesIfNoneMatch(ifNoneMatch, answer)) return { status: 304, headers, body: null };
  if (coding !== 'identity') headers['content-encoding'] = coding;
  headers['content-type'] = answer.contentType;
  return { status: 200, headers, body: answer.bodies[coding] };
}

/** Sends the stored bytes for the client's coding, or 304 when its ETag still matches. */
export function sendCachedAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CachedAnswer,
): FastifyReply {
  const response = cachedAnswerResponse(
    answer,
    request.headers['accept-encoding'],
    request.headers['if-none-match'],
  );
  reply.headers(response.headers).code(response.status);
  return response.body === null ? reply.send() : reply.send(response.body);
}

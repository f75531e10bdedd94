import multipart from '@fastify/multipart';
import { MAX_PICTURE_BYTES, PICTURE_VARIANTS_DIR } from '@tablo/contract/picture-variants';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/database.ts';
import { pictureFile } from '../../db/schema.ts';
import type { App } from '../../lib/app-type.ts';
import { HttpError } from '../../lib/http-error.ts';
import { UPLOADS_PREFIX } from './store-picture.ts';

/** A stored path never changes its bytes (a new upload gets a new random name): cached for a year. */
const LONG_CACHE = 'public, max-age=31536000, immutable';
const SAFE_PATH = /^[A-Za-z0-9/_-]+\.webp$/;

/**
 * Accepts multipart uploads (one file, at most MAX_PICTURE_BYTES; larger answers 413) and serves stored
 * pictures under /images/uploads/ and /images/variants/uploads/.
 */
export async function setupPictures(app: App, options: { database: Database }): Promise<void> {
  // On the root (fastify-plugin): every module registered after this one can read an upload.
  await app.register(multipart, {
    limits: { fileSize: MAX_PICTURE_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
    throwFileSizeLimit: true,
  });
  const serve = (prefix: string) =>
    app.get(`/images/${prefix}/*`, { schema: { hide: true } }, async (request, reply) => {
      const rest = (request.params as { '*': string })['*'];
      const path = `${prefix}/${rest}`;
      if (!SAFE_PATH.test(rest)) throw new HttpError(404, `File /images/${path} not found`);
      const [row] = await options.database.db
        .select({ bytes: pictureFile.bytes, contentType: pictureFile.contentType })
        .from(pictureFile)
        .where(eq(pictureFile.path, path));
      if (!row) throw new HttpError(404, `File /images/${path} not found`);
      return reply
        .header('cache-control', LONG_CACHE)
        .header('x-content-type-options', 'nosniff')
        .type(row.contentType)
        .send(Buffer.from(row.bytes));
    });
  serve(UPLOADS_PREFIX);
  serve(`${PICTURE_VARIANTS_DIR}/${UPLOADS_PREFIX}`);
}

/**
 * The bytes of the one file a multipart request carries (`field` names it in errors). Over the limit: 413;
 * no file or not multipart: 400. Other parts of the form are ignored.
 */
export async function readUploadedFile(request: FastifyRequest, field = 'picture'): Promise<Buffer> {
  if (!request.isMultipart()) throw new HttpError(400, `${field}: send the picture as multipart/form-data`);
  let file: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    file = await request.file();
  } catch (error) {
    throw uploadError(error, field);
  }
  if (!file) throw new HttpError(400, `${field}: no file was sent`);
  try {
    return await file.toBuffer();
  } catch (error) {
    throw uploadError(error, field);
  }
}

function uploadError(error: unknown, field: string): HttpError {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return new HttpError(413, `${field}: is larger than ${MAX_PICTURE_BYTES / 1024 / 1024} MB`);
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT')
    return new HttpError(400, `${field}: send one file only`);
  return new HttpError(400, `${field}: the upload could not be read`);
}

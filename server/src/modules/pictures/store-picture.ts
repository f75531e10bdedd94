import { randomBytes } from 'node:crypto';
import {
  MAX_PICTURE_BYTES,
  PICTURE_KINDS,
  UPLOAD_SHAPES,
  type UploadKind,
  variantPath,
} from '@tablo/contract/picture-variants';
import sharp from 'sharp';
import type { Db } from '../../db/database.ts';
import { pictureFile } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';

/** Formats a picture may arrive in, as sharp reads them from the bytes themselves (never the file name). */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'avif', 'heif']);
export const ACCEPTED_TYPES_TEXT = 'JPEG, PNG, WebP or AVIF';
/** Pictures larger than this many pixels are refused before decoding (a "decompression bomb"). */
const MAX_INPUT_PIXELS = 50_000_000;
const WEBP_QUALITY = 78;

export const UPLOADS_PREFIX = 'uploads';

function notAPicture(field: string): HttpError {
  return new HttpError(415, `${field}: is not a ${ACCEPTED_TYPES_TEXT} picture`);
}

/**
 * Checks, resizes and stores an uploaded picture: the original at its kind's size and the copies its srcset
 * names (`@tablo/contract/picture-variants`), all WebP, turned upright and without EXIF or any other
 * metadata. Returns the address it is served at (`/images/uploads/<kind>/<random>.webp`). Refuses (4xx,
 * nothing stored) anything that is not a raster picture by its content, or is over MAX_PICTURE_BYTES.
 */
export async function storePicture(
  db: Db,
  bytes: Uint8Array,
  kind: UploadKind,
  field = 'picture',
): Promise<string> {
  if (bytes.byteLength > MAX_PICTURE_BYTES)
    throw new HttpError(413, `${field}: is larger than ${MAX_PICTURE_BYTES / 1024 / 1024} MB`);
  if (bytes.byteLength === 0) throw new HttpError(400, `${field}: is empty`);
  const format = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
    .metadata()
    .then((meta) => meta.format as string | undefined)
    .catch(() => undefined);
  if (!format || !ACCEPTED_FORMATS.has(format)) throw notAPicture(field);

  const shape = UPLOAD_SHAPES[kind];
  const relativePath = `${UPLOADS_PREFIX}/${kind}/${randomBytes(16).toString('hex')}.webp`;
  const widths = PICTURE_KINDS.find((k) => k.pattern.test(relativePath))?.widths ?? [];
  const render = (width: number) =>
    sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate() // upright by its EXIF orientation, before the metadata goes
      .resize(width, Math.round((width * shape.height) / shape.width), { fit: 'cover' })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer();
  let files: { path: string; bytes: Uint8Array }[];
  try {
    files = [
      { path: relativePath, bytes: await render(shape.width) },
      ...(await Promise.all(
        widths.map(async (width) => ({ path: variantPath(relativePath, width), bytes: await render(width) })),
      )),
    ];
  } catch {
    // Recognised by its header, but broken further on.
    throw notAPicture(field);
  }
  await db
    .insert(pictureFile)
    .values(files.map((file) => ({ path: file.path, contentType: 'image/webp', bytes: file.bytes })));
  return `/images/${relativePath}`;
}

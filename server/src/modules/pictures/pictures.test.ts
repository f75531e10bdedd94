import { readFileSync } from 'node:fs';
import { MAX_PICTURE_BYTES } from '@tablo/contract/picture-variants';
import Fastify from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../../../test/helpers/pictures.ts';
import { createTestDatabase, testDatabaseKinds } from '../../../test/helpers/test-database.ts';
import type { Database } from '../../db/database.ts';
import { pictureFile } from '../../db/schema.ts';
import type { App } from '../../lib/app-type.ts';
import { setupErrorHandler } from '../../plugins/error-handler.ts';
import { readUploadedFile, setupPictures } from './routes.ts';
import { storePicture } from './store-picture.ts';

/** A photo as a phone takes it: JPEG, 2000 × 1500, with EXIF (camera, place) and a turned orientation. */
function photoWithExif(): Promise<Buffer> {
  return sharp({ create: { width: 2000, height: 1500, channels: 3, background: { r: 200, g: 90, b: 30 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneMaker', Model: 'Secret Model', Orientation: '6' } })
    .toBuffer();
}

const SVG_WITH_SCRIPT = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="450"><script>alert(document.cookie)</script>' +
    '<rect width="800" height="450" fill="red"/></svg>',
);

describe.each(testDatabaseKinds())('pictures on %s', (kind) => {
  let database: Database;
  let app: App;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = Fastify({ logger: false }) as unknown as App;
    setupErrorHandler(app, { bodyLimit: 64 * 1024 });
    await setupPictures(app, { database });
    app.post('/upload/:kind', async (request) => {
      const { kind: uploadKind } = request.params as { kind: 'dish' | 'hero' };
      return { url: await storePicture(database.db, await readUploadedFile(request), uploadKind) };
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const storedCount = async () =>
    (await database.db.select({ path: pictureFile.path }).from(pictureFile)).length;

  it('stores a hero photo upright at 1280 × 480 with its srcset copies, without EXIF, served for a year', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/upload/hero',
      ...multipartBody(await photoWithExif(), 'IMG_0001.JPG', 'image/jpeg'),
    });
    expect(response.statusCode).toBe(200);
    const url = response.json().url as string;
    expect(url).toMatch(/^\/images\/uploads\/hero\/[0-9a-f]{32}\.webp$/);

    const original = await app.inject({ url });
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/webp');
    expect(original.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(original.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1280, 480]);
    expect(meta.exif).toBeUndefined();
    expect(original.rawPayload.includes(Buffer.from('Secret Model'))).toBe(false);

    for (const width of [480, 750, 828]) {
      const copy = await app.inject({
        url: url.replace('/images/', '/images/variants/').replace('.webp', `-${width}w.webp`),
      });
      expect(copy.statusCode).toBe(200);
      expect((await sharp(copy.rawPayload).metadata()).width).toBe(width);
    }
  });

  it('stores a dish picture at 800 × 450 with its 320 w and 520 w copies', async () => {
    const png = await sharp({ create: { width: 640, height: 640, channels: 4, background: '#336699' } })
      .png()
      .toBuffer();
    const url = await storePicture(database.db, png, 'dish');
    const meta = await sharp((await app.inject({ url })).rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([800, 450]);
    const copy = await app.inject({
      url: url.replace('/images/', '/images/variants/').replace('.webp', '-320w.webp'),
    });
    expect(copy.statusCode).toBe(200);
  });

  it.each([
    ['an SVG with a script', SVG_WITH_SCRIPT, 'dish.png', 'image/png'],
    [
      'a renamed executable',
      readFileSync(process.execPath).subarray(0, 256 * 1024),
      'dish.jpg',
      'image/jpeg',
    ],
    ['a text file', Buffer.from('hello, not a picture'), 'dish.webp', 'image/webp'],
  ])('refuses %s by its content with 415 and stores nothing', async (_name, bytes, fileName, type) => {
    const before = await storedCount();
    const response = await app.inject({
      method: 'POST',
      url: '/upload/dish',
      ...multipartBody(bytes, fileName, type),
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBe('picture: is not a JPEG, PNG, WebP or AVIF picture');
    expect(await storedCount()).toBe(before);
  });

  it('refuses a file over 10 MB with 413 and stores nothing', async () => {
    const before = await storedCount();
    const big = Buffer.alloc(MAX_PICTURE_BYTES + 1, 0xff);
    const response = await app.inject({
      method: 'POST',
      url: '/upload/dish',
      ...multipartBody(big, 'big.jpg', 'image/jpeg'),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('picture: is larger than 10 MB');
    await expect(storePicture(database.db, big, 'dish')).rejects.toMatchObject({ statusCode: 413 });
    expect(await storedCount()).toBe(before);
  });

  it('answers 400 naming the field when no file or no multipart body is sent', async () => {
    const json = await app.inject({ method: 'POST', url: '/upload/dish', payload: { picture: 'x' } });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toMatch(/^picture: /);
  });

  it('answers 404 for a picture that was never stored, or a path that is not one', async () => {
    expect((await app.inject({ url: '/images/uploads/dish/0123456789abcdef.webp' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/images/uploads/dish/..%2F..%2Fetc.webp' })).statusCode).toBe(404);
  });
});

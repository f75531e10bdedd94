import { MenuDraftSchema } from '@tablo/contract/menu-editor';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrderingApp, type OrderingContext } from '../../../test/helpers/ordering-kit.ts';
import { type LoggedIn, staffOfEveryRole } from '../../../test/helpers/staff.ts';
import { testDatabaseKinds } from '../../../test/helpers/test-database.ts';

const BOUNDARY = 'menu-editor-boundary';

function upload(
  who: LoggedIn,
  ref: string,
  baseVersion: number,
  bytes: Uint8Array,
  name: string,
  type: string,
) {
  return {
    method: 'POST' as const,
    url: `/api/staff/menu-editor/draft/items/${ref}/picture?baseVersion=${baseVersion}`,
    headers: {
      cookie: who.cookie,
      'x-csrf-token': who.csrf,
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
    },
    payload: Buffer.concat([
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="picture"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      Buffer.from(bytes),
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]),
  };
}

/** A phone photo: 1600 × 1200 JPEG with EXIF (camera, GPS-like comment, orientation). */
function photo(): Promise<Buffer> {
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#c84' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneMaker', ImageDescription: 'taken at 47.49N 19.04E' } })
    .toBuffer();
}

describe.each(testDatabaseKinds())('an item’s picture in the menu editor on %s', (kind) => {
  let ctx: OrderingContext;
  let manager: LoggedIn;
  let outsider: LoggedIn;

  beforeAll(async () => {
    ctx = await createOrderingApp(kind);
    manager = (await staffOfEveryRole(ctx.app, ctx.database, 'bistro')).MANAGER;
    outsider = (await staffOfEveryRole(ctx.app, ctx.database, 'other')).OWNER;
  }, 60_000);
  afterAll(() => ctx.close());

  const draft = async (who = manager) =>
    MenuDraftSchema.parse(
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/staff/menu-editor/draft',
          headers: { cookie: who.cookie },
        })
      ).json(),
    );
  const goulashImage = async () =>
    (await draft()).menu.categories.flatMap((c) => c.items).find((i) => i.ref === 'goulash')?.imageUrl;

  it('stores an upload as the item’s picture in the draft: a dish-sized WebP without EXIF, with its variants', async () => {
    const before = await draft();
    const response = await ctx.app.inject(
      upload(manager, 'goulash', before.version, await photo(), 'IMG_1.JPG', 'image/jpeg'),
    );
    expect(response.statusCode, response.body).toBe(200);
    const imageUrl = await goulashImage();
    expect(imageUrl).toMatch(/^\/images\/uploads\/dish\/[0-9a-f]{32}\.webp$/);
    const served = await ctx.app.inject({ method: 'GET', url: String(imageUrl) });
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['webp', 800, 450, undefined]);
    const variant = String(imageUrl)
      .replace('/images/uploads/', '/images/variants/uploads/')
      .replace('.webp', '-320w.webp');
    expect((await ctx.app.inject({ method: 'GET', url: variant })).statusCode).toBe(200);
  });

  it('refuses what is not a picture by its content (415), a stale base (409) and another restaurant’s item (404), changing nothing', async () => {
    const before = await draft();
    const script = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const svg = await ctx.app.inject(
      upload(manager, 'goulash', before.version, script, 'dish.jpg', 'image/jpeg'),
    );
    expect(svg.statusCode).toBe(415);
    expect(svg.json().message).toBe('picture: is not a JPEG, PNG, WebP or AVIF picture');
    const stale = await ctx.app.inject(
      upload(manager, 'goulash', before.version - 1, await photo(), 'a.jpg', 'image/jpeg'),
    );
    expect(stale.statusCode).toBe(409);
    const foreign = await ctx.app.inject(
      upload(outsider, 'goulash', (await draft(outsider)).version, await photo(), 'a.jpg', 'image/jpeg'),
    );
    expect(foreign.statusCode).toBe(404);
    expect(await draft()).toEqual(before);
  });
});

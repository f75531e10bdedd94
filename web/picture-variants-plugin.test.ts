import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pictureKindOf, pictureSrcSet } from '../contract/src/picture-variants.ts';
import { writePictureVariants } from './picture-variants-plugin.ts';

const PUBLIC_IMAGES = join(import.meta.dirname, 'public', 'images');

async function picture(dir: string, path: string, width: number, height: number): Promise<void> {
  const file = join(dir, path);
  mkdirSync(dirname(file), { recursive: true });
  await sharp({ create: { width, height, channels: 3, background: '#a0522d' } })
    .webp()
    .toFile(file);
}

const widthOf = async (file: string) => (await sharp(file).metadata()).width;

describe('writePictureVariants', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'tablo-pictures-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it("writes each picture's copies at its kind's widths, and nothing for other files", async () => {
    await picture(dir, 'menu/soup.webp', 800, 450);
    await picture(dir, 'demo/place.webp', 1280, 480);
    await picture(dir, 'other/photo.webp', 800, 450);
    writeFileSync(join(dir, 'menu', 'notes.txt'), 'not a picture');

    const report = await writePictureVariants(dir);

    expect(report.written.sort()).toEqual([
      'variants/demo/place-480w.webp',
      'variants/demo/place-750w.webp',
      'variants/demo/place-828w.webp',
      'variants/menu/soup-320w.webp',
      'variants/menu/soup-520w.webp',
    ]);
    expect(await widthOf(join(dir, 'variants/menu/soup-320w.webp'))).toBe(320);
    expect(await widthOf(join(dir, 'variants/menu/soup-520w.webp'))).toBe(520);
    expect(await widthOf(join(dir, 'variants/demo/place-750w.webp'))).toBe(750);
    // Resized, not cropped: the picture keeps its shape.
    expect((await sharp(join(dir, 'variants/menu/soup-320w.webp')).metadata()).height).toBe(180);
    expect(readdirSync(join(dir, 'variants'))).toEqual(['demo', 'menu']);
  });

  it('never makes a copy wider than its picture', async () => {
    await picture(dir, 'menu/small.webp', 400, 225);
    const report = await writePictureVariants(dir);
    expect(report.written).toEqual(['variants/menu/small-320w.webp']);
    expect(report.tooNarrow).toEqual(['variants/menu/small-520w.webp']);
    expect(statSync(join(dir, 'variants/menu/small-520w.webp'), { throwIfNoEntry: false })).toBeUndefined();
  });

  it('leaves an up-to-date copy alone, and writes it again when its picture changes', async () => {
    await picture(dir, 'menu/soup.webp', 800, 450);
    await writePictureVariants(dir);
    const copy = join(dir, 'variants/menu/soup-320w.webp');
    const written = statSync(copy).mtimeMs;

    const again = await writePictureVariants(dir);
    expect(again.written).toEqual([]);
    expect(statSync(copy).mtimeMs).toBe(written);

    // The picture replaced by a newer one: its copies are made again.
    const later = new Date(written + 60_000);
    utimesSync(join(dir, 'menu/soup.webp'), later, later);
    const changed = await writePictureVariants(dir);
    expect(changed.written.sort()).toEqual(['variants/menu/soup-320w.webp', 'variants/menu/soup-520w.webp']);
  });

  it('removes the copies of a picture that is gone, and any half-written file', async () => {
    await picture(dir, 'menu/soup.webp', 800, 450);
    await picture(dir, 'menu/gone.webp', 800, 450);
    await writePictureVariants(dir);
    rmSync(join(dir, 'menu/gone.webp'));
    writeFileSync(join(dir, 'variants/menu/soup-320w.webp.123.tmp'), 'half');

    const report = await writePictureVariants(dir);
    expect(report.removed.sort()).toEqual([
      'variants/menu/gone-320w.webp',
      'variants/menu/gone-520w.webp',
      'variants/menu/soup-320w.webp.123.tmp',
    ]);
    expect(readdirSync(join(dir, 'variants/menu')).sort()).toEqual(['soup-320w.webp', 'soup-520w.webp']);
  });

  it('gives every picture of the app every file its srcset names, each as wide as it says', async () => {
    cpSync(PUBLIC_IMAGES, dir, {
      recursive: true,
      filter: (source) => !source.startsWith(join(PUBLIC_IMAGES, 'variants')),
    });
    const report = await writePictureVariants(dir);
    expect(report.tooNarrow).toEqual([]);

    const pictures = readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('.webp'))
      .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
      .filter((path) => !path.startsWith('variants/'));
    expect(pictures.length).toBeGreaterThan(50);
    for (const path of pictures) {
      // Every picture of the app is one the srcset knows (a new folder needs a kind of its own).
      expect(pictureKindOf(path), path).not.toBeNull();
      const candidates = pictureSrcSet(`/images/${path}`)?.split(', ') ?? [];
      for (const candidate of candidates) {
        const [url = '', descriptor = ''] = candidate.split(' ');
        expect(await widthOf(join(dir, url.replace('/images/', ''))), candidate).toBe(
          Number.parseInt(descriptor, 10),
        );
      }
    }
  }, 60_000);
});

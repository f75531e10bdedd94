import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { largestDifference, rgbaPixels } from '../../../testing/pixels.ts';
import { RATING_ICONS, RATING_PIXELS, type RatingPictureKind, ratingPicture } from './rating-pictures.ts';

const KINDS = Object.keys(RATING_ICONS) as RatingPictureKind[];
const committed = Object.keys(import.meta.glob('./rating-pictures/*'));
const pictureFile = (kind: RatingPictureKind) => join(import.meta.dirname, 'rating-pictures', `${kind}.webp`);

/** A picture's pixels, RGBA, RATING_PIXELS square. */
const pixelsOf = (picture: Buffer) => rgbaPixels(picture, RATING_PIXELS);

/** The alpha channel of each pixel, row by row. */
const alphaOf = (pixels: Buffer) => pixels.filter((_, i) => i % 4 === 3);

describe('the rating picture files (rating-pictures/<kind>.webp)', () => {
  it('are the like and the dislike picture and nothing else', () => {
    expect(committed.sort()).toEqual(['./rating-pictures/dislike.webp', './rating-pictures/like.webp']);
  });

  it("are lucide's drawings as drawn now (after a change: npx tsx --tsconfig web/tsconfig.json web/scripts/generate-rating-pictures.ts)", async () => {
    for (const kind of KINDS) {
      const file = alphaOf(await pixelsOf(readFileSync(pictureFile(kind))));
      const drawn = alphaOf(await pixelsOf(await ratingPicture(kind)));
      // Lossless: the same pixels; the margin only allows for another build of the rasteriser.
      expect(largestDifference(file, drawn), kind).toBeLessThanOrEqual(8);
    }
  });

  it('are masks: a drawing in black on a transparent ground, the thumb up and the thumb down', async () => {
    const [like, dislike] = await Promise.all(
      KINDS.map(async (kind) => pixelsOf(readFileSync(pictureFile(kind)))),
    );
    for (const pixels of [like, dislike] as Buffer[]) {
      const alpha = alphaOf(pixels);
      expect(alpha[0], 'the corner is transparent').toBe(0);
      const drawn = alpha.filter((a) => a > 200).length / alpha.length;
      // A stroked outline: some of the square, nowhere near all of it.
      expect(drawn).toBeGreaterThan(0.1);
      expect(drawn).toBeLessThan(0.5);
      for (let i = 0; i < pixels.length; i += 4)
        if ((pixels[i + 3] ?? 0) > 200)
          expect(Math.max(pixels[i] ?? 0, pixels[i + 1] ?? 0, pixels[i + 2] ?? 0)).toBeLessThan(40);
    }
    // The thumb down is the thumb up turned over: its top row of ink is the other's bottom one.
    const rowsWithInk = (pixels: Buffer) => {
      const alpha = alphaOf(pixels);
      const rows: number[] = [];
      for (let y = 0; y < RATING_PIXELS; y++)
        if (alpha.subarray(y * RATING_PIXELS, (y + 1) * RATING_PIXELS).some((a) => a > 200)) rows.push(y);
      return rows;
    };
    const likeRows = rowsWithInk(like as Buffer);
    const dislikeRows = rowsWithInk(dislike as Buffer);
    expect(
      Math.abs((likeRows[0] ?? 0) - (RATING_PIXELS - 1 - (dislikeRows.at(-1) ?? 0))),
    ).toBeLessThanOrEqual(1);
    expect(like?.equals(dislike as Buffer)).toBe(false);
  });
});

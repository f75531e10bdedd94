import sharp from 'sharp';
import { expect } from 'vitest';

/** A picture file's pixels, RGBA row by row; fails the test unless it is `side` pixels square. */
export async function rgbaPixels(picture: Buffer, side: number): Promise<Buffer> {
  const { data, info } = await sharp(picture).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  expect([info.width, info.height]).toEqual([side, side]);
  return data;
}

/** The largest difference of one channel between two same-sized lists of channels (pixels, colours). */
export function largestDifference(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let largest = 0;
  for (let i = 0; i < a.length; i++) largest = Math.max(largest, Math.abs((a[i] ?? 0) - (b[i] ?? 0)));
  return largest;
}

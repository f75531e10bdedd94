import type { AllergenType } from '@tablo/contract/allergens';
import sharp from 'sharp';
import { allergenBadgeSvg, BADGE_GRID } from './allergen-badges-svg.tsx';

/**
 * A badge picture's side in pixels: the largest badge the app shows (28 px, beside its name) on a 3× screen.
 * Smaller badges are scaled down by the browser.
 */
export const BADGE_PIXELS = 84;

/**
 * WebP's near-lossless preprocessing (0–100, 100 = lossless): at 40 the 15 badges weigh 27.8 KB against 35.2 KB
 * lossless, with no difference to be seen at four times their largest size.
 */
const NEAR_LOSSLESS = 40;

/**
 * One allergen's badge as the app shows it: its SVG artwork rasterised to a WebP of BADGE_PIXELS
 * square (decision record 049). A phone makes an isolated SVG document for every SVG picture it loads, 3–65 ms
 * of main thread each on the test machine; a small bitmap costs a fraction of a millisecond to take in.
 * Written to `badges/<TYPE>.webp` by
 * `npx tsx --tsconfig web/tsconfig.json web/scripts/generate-allergen-badges.tsx`; a test keeps the files
 * equal to this. Not part of the app: only the script and the test import it.
 */
export function allergenBadgePicture(type: AllergenType): Promise<Buffer> {
  return sharp(Buffer.from(allergenBadgeSvg(type)), { density: (72 * BADGE_PIXELS) / BADGE_GRID })
    .resize(BADGE_PIXELS, BADGE_PIXELS)
    .webp({ nearLossless: true, quality: NEAR_LOSSLESS, effort: 6 })
    .toBuffer();
}

import * as thumbsDown from 'lucide-react/icons/thumbs-down';
import * as thumbsUp from 'lucide-react/icons/thumbs-up';
import sharp from 'sharp';
import { iconSvg } from '../../../lib/lucide-icon.ts';

/** The two rating pictures, each drawn from lucide's icon of the same name. */
export const RATING_ICONS = { like: thumbsUp, dislike: thumbsDown } as const;
export type RatingPictureKind = keyof typeof RATING_ICONS;

/** A rating picture's side in pixels: the 16 px picture on a 3× screen. */
export const RATING_PIXELS = 48;

/**
 * One rating picture as the app paints it: lucide's drawing in black on a transparent ground, rasterised to a
 * lossless WebP of RATING_PIXELS square, for `mask` (rating.module.css), which paints it in the control's text
 * colour (decision records 047, 050). A bitmap, because every SVG picture is an isolated SVG document in
 * Chromium (decision record 049). Written to `rating-pictures/<kind>.webp` by
 * `npx tsx --tsconfig web/tsconfig.json web/scripts/generate-rating-pictures.ts`; a test keeps the files equal to
 * this. Not part of the app: only the script and the test import it.
 */
export function ratingPicture(kind: RatingPictureKind): Promise<Buffer> {
  const svg = iconSvg(RATING_ICONS[kind], 'black');
  return sharp(Buffer.from(svg), { density: (72 * RATING_PIXELS) / 24 })
    .resize(RATING_PIXELS, RATING_PIXELS)
    .webp({ lossless: true, effort: 6 })
    .toBuffer();
}

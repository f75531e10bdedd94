// Writes src/features/menu/components/rating-pictures/<kind>.webp, the like and dislike pictures as small
// bitmaps (decision record 050), rasterised from lucide's drawings.
// Run: npx tsx --tsconfig web/tsconfig.json web/scripts/generate-rating-pictures.ts
import { mkdirSync, writeFileSync } from 'node:fs';
import {
  RATING_ICONS,
  type RatingPictureKind,
  ratingPicture,
} from '../src/features/menu/components/rating-pictures.ts';

const folder = new URL('../src/features/menu/components/rating-pictures', import.meta.url);
mkdirSync(folder, { recursive: true });
for (const kind of Object.keys(RATING_ICONS) as RatingPictureKind[])
  writeFileSync(new URL(`${kind}.webp`, folder), await ratingPicture(kind));
console.log(`written the rating pictures to ${folder.pathname}`);

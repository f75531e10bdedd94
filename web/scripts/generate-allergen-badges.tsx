// Writes src/components/allergen-badge/badges/<TYPE>.webp, each allergen's badge as a small picture file of its
// own (decision records 048, 049), rasterised from the badge's SVG artwork.
// Run: npx tsx --tsconfig web/tsconfig.json web/scripts/generate-allergen-badges.tsx
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { ALLERGEN_TYPES } from '@tablo/contract/allergen-order';
import { allergenBadgePicture } from '../src/components/allergen-badge/allergen-badge-pictures.ts';

const folder = new URL('../src/components/allergen-badge/badges', import.meta.url);
mkdirSync(folder, { recursive: true });
for (const file of readdirSync(folder)) rmSync(new URL(file, folder));
for (const type of ALLERGEN_TYPES)
  writeFileSync(new URL(`${type}.webp`, folder), await allergenBadgePicture(type));
console.log(`written ${ALLERGEN_TYPES.length} badges to ${folder.pathname}`);

// Writes src/components/allergen-badge/badges/<TYPE>.svg, each allergen's badge as a picture file of its own
// (decision record 048), from the same artwork the app used to draw inline.
// Run: npx tsx --tsconfig web/tsconfig.json web/scripts/generate-allergen-badges.tsx
import { mkdirSync, writeFileSync } from 'node:fs';
import { ALLERGEN_TYPES } from '@tablo/contract/allergen-order';
import { allergenBadgeSvg } from '../src/components/allergen-badge/allergen-badges-svg.tsx';

const folder = new URL('../src/components/allergen-badge/badges/', import.meta.url);
mkdirSync(folder, { recursive: true });
for (const type of ALLERGEN_TYPES) writeFileSync(new URL(`${type}.svg`, folder), allergenBadgeSvg(type));
console.log(`written ${ALLERGEN_TYPES.length} badges to ${folder.pathname}`);

// Writes src/components/allergen-badge/allergen-badges.svg, every allergen badge in one picture file
// (decision record 046), from the same artwork the app used to draw inline.
// Run: npx tsx --tsconfig web/tsconfig.json web/scripts/generate-allergen-badges.tsx
import { writeFileSync } from 'node:fs';
import { allergenBadgesSvg } from '../src/components/allergen-badge/allergen-badges-svg.tsx';

const target = new URL('../src/components/allergen-badge/allergen-badges.svg', import.meta.url);
writeFileSync(target, allergenBadgesSvg());
console.log(`written ${target.pathname}`);

import type { AllergenType } from '@tablo/contract/allergens';
import type { CSSProperties } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { AllergenArtwork, BADGE_GRID } from './allergen-artwork.tsx';
import { ALLERGEN_COLOURS } from './allergen-palette.ts';

/**
 * One allergen's badge as a picture file of its own (`badges/<TYPE>.svg`, decision record 048): the artwork
 * on its 200-unit grid, in the allergen's colours. Written by
 * `npx tsx --tsconfig web/tsconfig.json web/scripts/generate-allergen-badges.tsx`; a test keeps the files
 * equal to this. Not part of the app: only the script and the test import it.
 */
export function allergenBadgeSvg(type: AllergenType): string {
  const { outer, inner } = ALLERGEN_COLOURS[type];
  const colours = { color: outer, '--leaf-vein': inner } as CSSProperties;
  const markup = renderToStaticMarkup(
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={BADGE_GRID}
      height={BADGE_GRID}
      viewBox={`0 0 ${BADGE_GRID} ${BADGE_GRID}`}
      style={colours}
    >
      <title>{`Allergen: ${type}`}</title>
      <AllergenArtwork type={type} />
    </svg>,
  );
  return `${markup}\n`;
}

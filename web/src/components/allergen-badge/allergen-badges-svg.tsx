import type { AllergenType } from '@tablo/contract/allergens';
import type { CSSProperties } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ALLERGEN_GLYPHS, VeganLeaf } from './allergen-glyph.tsx';
import { ALLERGEN_COLOURS } from './allergen-palette.ts';

/** spec §9: the allergen icon's default size is 200 × 200; every badge is drawn on that grid. */
export const BADGE_GRID = 200;

/**
 * One allergen's badge as a picture file of its own (`badges/<TYPE>.svg`, decision record 048). spec §3: a
 * round badge with an outer and an inner colour; VEGAN is a green leaf. The glyph draws in `currentColor` and
 * `--leaf-vein`, set on the picture from the same two colours. Written by
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
      <Artwork type={type} outer={outer} inner={inner} />
    </svg>,
  );
  return `${markup}\n`;
}

function Artwork({ type, outer, inner }: { type: AllergenType; outer: string; inner: string }) {
  if (type === 'VEGAN') return <VeganLeaf x={8} y={8} width={184} height={184} fill="currentColor" />;
  const Glyph = ALLERGEN_GLYPHS[type];
  return (
    <>
      <circle cx={100} cy={100} r={100} fill={outer} />
      <circle cx={100} cy={100} r={82} fill={inner} />
      <Glyph x={46} y={46} width={108} height={108} aria-hidden="true" />
    </>
  );
}

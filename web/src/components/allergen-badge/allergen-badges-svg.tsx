import type { AllergenType } from '@tablo/contract/allergens';
import { renderToStaticMarkup } from 'react-dom/server';
import { ALLERGEN_GLYPHS, VeganLeaf } from './allergen-glyph.tsx';
import { ALLERGEN_COLOURS } from './allergen-palette.ts';

/** spec §9: the allergen icon's default size is 200 × 200; every badge is drawn on that grid. */
export const BADGE_GRID = 200;

/**
 * One allergen's badge drawn as SVG: the artwork its picture file (`badges/<TYPE>.webp`, decision record 049)
 * is rasterised from. spec §3: a round badge with an outer and an inner colour; VEGAN is a green leaf. The glyph
 * draws in `currentColor`, set on the picture from the outer colour. Not part of the app: only the picture
 * generator (`allergen-badge-pictures.ts`) and the tests import it.
 */
export function allergenBadgeSvg(type: AllergenType): string {
  const { outer, inner } = ALLERGEN_COLOURS[type];
  return renderToStaticMarkup(
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={BADGE_GRID}
      height={BADGE_GRID}
      viewBox={`0 0 ${BADGE_GRID} ${BADGE_GRID}`}
      style={{ color: outer }}
    >
      <title>{`Allergen: ${type}`}</title>
      <Artwork type={type} outer={outer} inner={inner} />
    </svg>,
  );
}

function Artwork({ type, outer, inner }: { type: AllergenType; outer: string; inner: string }) {
  if (type === 'VEGAN')
    return <VeganLeaf x={8} y={8} width={184} height={184} fill="currentColor" vein={inner} />;
  const Glyph = ALLERGEN_GLYPHS[type];
  return (
    <>
      <circle cx={100} cy={100} r={100} fill={outer} />
      <circle cx={100} cy={100} r={82} fill={inner} />
      <Glyph x={46} y={46} width={108} height={108} aria-hidden="true" />
    </>
  );
}

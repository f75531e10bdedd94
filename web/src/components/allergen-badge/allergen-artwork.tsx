import type { AllergenType } from '@tablo/contract/allergens';
import { ALLERGEN_GLYPHS, VeganLeaf } from './allergen-glyph.tsx';
import { ALLERGEN_COLOURS } from './allergen-palette.ts';

/** spec §9: the allergen icon's default size is 200 × 200; every badge is drawn on that grid. */
export const BADGE_GRID = 200;

/**
 * spec §3: one allergen's badge, a round badge with an outer and an inner colour (VEGAN: a green leaf), drawn
 * on the 200-unit grid. Its glyph draws in `currentColor` and `--leaf-vein`, which the caller sets.
 */
export function AllergenArtwork({ type }: { type: AllergenType }) {
  if (type === 'VEGAN') {
    return <VeganLeaf x={8} y={8} width={184} height={184} fill="currentColor" />;
  }
  const { outer, inner } = ALLERGEN_COLOURS[type];
  const Glyph = ALLERGEN_GLYPHS[type];
  return (
    <>
      <circle cx={100} cy={100} r={100} fill={outer} />
      <circle cx={100} cy={100} r={82} fill={inner} />
      <Glyph x={46} y={46} width={108} height={108} aria-hidden="true" />
    </>
  );
}

import { ALLERGEN_TYPES } from '@tablo/contract/allergen-order';
import { type CSSProperties, Fragment } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { AllergenArtwork, BADGE_GRID } from './allergen-artwork.tsx';
import { ALLERGEN_COLOURS } from './allergen-palette.ts';

/**
 * The one picture file that holds every allergen badge (allergen-badges.svg, decision record 046): the badges
 * side by side, each with a `<view>` named after its allergen, so `allergen-badges.svg#MILK` shows the milk
 * badge alone. Written by `npx tsx web/scripts/generate-allergen-badges.tsx`; a test keeps the file equal
 * to this. Not part of the app: only the script and the test import it.
 */
export function allergenBadgesSvg(): string {
  const width = ALLERGEN_TYPES.length * BADGE_GRID;
  const markup = renderToStaticMarkup(
    <svg xmlns="http://www.w3.org/2000/svg" viewBox={`0 0 ${width} ${BADGE_GRID}`}>
      <title>Allergen badges</title>
      {ALLERGEN_TYPES.map((type, index) => {
        const { outer, inner } = ALLERGEN_COLOURS[type];
        const x = index * BADGE_GRID;
        const colours = { color: outer, '--leaf-vein': inner } as CSSProperties;
        return (
          <Fragment key={type}>
            <view id={type} viewBox={`${x} 0 ${BADGE_GRID} ${BADGE_GRID}`} />
            <svg
              x={x}
              width={BADGE_GRID}
              height={BADGE_GRID}
              viewBox={`0 0 ${BADGE_GRID} ${BADGE_GRID}`}
              style={colours}
              aria-hidden="true"
            >
              <AllergenArtwork type={type} />
            </svg>
          </Fragment>
        );
      })}
    </svg>,
  );
  return `${markup}\n`;
}

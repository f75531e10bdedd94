import { ALLERGEN_TYPES } from '@tablo/contract/allergen-order';
import type { AllergenType } from '@tablo/contract/allergens';
import type { CSSProperties } from 'react';
import { useTranslation } from '../../lib/texts/use-texts.tsx';
import { SvgSprite } from '../svg-sprite/svg-sprite.tsx';
import styles from './allergen-badge.module.css';
import { ALLERGEN_GLYPHS, VeganLeaf } from './allergen-glyph.tsx';
import { ALLERGEN_COLOURS } from './allergen-palette.ts';

// spec §9: the allergen icon's default size is 200 × 200; badges draw on that grid and scale down.
const VIEW_BOX = '0 0 200 200';

type AllergenBadgeProps = {
  type: AllergenType;
  /** Rendered size in px. */
  size?: number;
  /** Beside a visible name (a checkbox label) the badge is decoration, hidden from assistive technology. */
  decorative?: boolean;
};

/**
 * spec §3: a round badge with an outer and an inner colour; VEGAN is a green leaf. Named in the current
 * language for assistive technology, and by a tooltip (the SVG title) for pointer users.
 */
export function AllergenBadge({ type, size = 24, decorative = false }: AllergenBadgeProps) {
  const { t } = useTranslation('menu');
  const name = t(`allergen.${type}`);
  const { outer, inner } = ALLERGEN_COLOURS[type];
  const style = { color: outer, '--leaf-vein': inner } as CSSProperties;

  return (
    <svg
      className={styles.badge}
      viewBox={VIEW_BOX}
      width={size}
      height={size}
      role={decorative ? undefined : 'img'}
      aria-label={decorative ? undefined : name}
      aria-hidden={decorative || undefined}
      style={style}
      data-allergen={type}
    >
      {decorative ? null : <title>{name}</title>}
      <use href={`#${symbolId(type)}`} />
    </svg>
  );
}

function symbolId(type: AllergenType): string {
  return `allergen-badge-${type}`;
}

/**
 * Each allergen's artwork, once per page, for the badges to `<use>`: a menu shows a few hundred badges, and
 * drawn inline each repeated its paths — about half of the server-rendered page's markup, all parsed, laid
 * out and hydrated on the phone (decision record 036). Rendered by the menu screen, around every badge.
 */
export function AllergenSprite() {
  return (
    <SvgSprite>
      {ALLERGEN_TYPES.map((type) => {
        const { outer, inner } = ALLERGEN_COLOURS[type];
        return (
          <symbol key={type} id={symbolId(type)} viewBox={VIEW_BOX}>
            <BadgeArtwork type={type} outer={outer} inner={inner} />
          </symbol>
        );
      })}
    </SvgSprite>
  );
}

function BadgeArtwork({ type, outer, inner }: { type: AllergenType; outer: string; inner: string }) {
  if (type === 'VEGAN') {
    return <VeganLeaf x={8} y={8} width={184} height={184} fill="currentColor" />;
  }
  const Glyph = ALLERGEN_GLYPHS[type];
  return (
    <>
      <circle cx={100} cy={100} r={100} fill={outer} />
      <circle cx={100} cy={100} r={82} fill={inner} />
      <Glyph x={46} y={46} width={108} height={108} aria-hidden="true" />
    </>
  );
}

import type { AllergenType } from '@tablo/contract/allergens';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './allergen-badge.module.css';
import { ALLERGEN_GLYPHS, VeganLeaf } from './allergen-glyph.tsx';
import { ALLERGEN_COLOURS } from './allergen-palette.ts';

// spec §9: the allergen icon's default size is 200 × 200; badges draw on that grid and scale down.
const VIEW_BOX = 200;

type AllergenBadgeProps = {
  type: AllergenType;
  /** Rendered size in px. */
  size?: number;
};

/** spec §3: a round badge with an outer and an inner colour; VEGAN is a green leaf. */
export function AllergenBadge({ type, size = 24 }: AllergenBadgeProps) {
  const { t } = useTranslation('menu');
  const name = t(`allergen.${type}`);
  const { outer, inner } = ALLERGEN_COLOURS[type];
  const style = { color: outer, '--leaf-vein': inner } as CSSProperties;

  if (type === 'VEGAN') {
    return (
      <svg
        className={styles.badge}
        viewBox={`0 0 ${VIEW_BOX} ${VIEW_BOX}`}
        width={size}
        height={size}
        role="img"
        aria-label={name}
        style={style}
        data-allergen={type}
      >
        <title>{name}</title>
        <VeganLeaf x={8} y={8} width={184} height={184} fill="currentColor" aria-hidden="true" />
      </svg>
    );
  }

  const Glyph = ALLERGEN_GLYPHS[type];
  return (
    <svg
      className={styles.badge}
      viewBox={`0 0 ${VIEW_BOX} ${VIEW_BOX}`}
      width={size}
      height={size}
      role="img"
      aria-label={name}
      style={style}
      data-allergen={type}
    >
      <title>{name}</title>
      <circle cx={100} cy={100} r={100} fill={outer} />
      <circle cx={100} cy={100} r={82} fill={inner} />
      <Glyph x={46} y={46} width={108} height={108} aria-hidden="true" />
    </svg>
  );
}

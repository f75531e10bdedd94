import { ALLERGEN_TYPES } from '@tablo/contract/allergen-order';
import { describe, expect, it } from 'vitest';
import { badgeUrl } from './allergen-badge.tsx';
import { allergenBadgeSvg, BADGE_GRID } from './allergen-badges-svg.tsx';
import { ALLERGEN_COLOURS } from './allergen-palette.ts';

const committed = import.meta.glob<string>('./badges/*.svg', {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe('the badge picture files (badges/<TYPE>.svg)', () => {
  it('are the artwork as drawn now (after a change: npx tsx --tsconfig web/tsconfig.json web/scripts/generate-allergen-badges.tsx)', () => {
    expect(Object.keys(committed).sort()).toEqual(
      ALLERGEN_TYPES.map((type) => `./badges/${type}.svg`).sort(),
    );
    for (const type of ALLERGEN_TYPES) expect(committed[`./badges/${type}.svg`]).toBe(allergenBadgeSvg(type));
  });

  it('each draw one badge on the 200-unit grid in its own colours, and the app names its file', () => {
    for (const type of ALLERGEN_TYPES) {
      const svg = new DOMParser().parseFromString(allergenBadgeSvg(type), 'image/svg+xml').documentElement;
      expect(svg.getAttribute('viewBox')).toBe(`0 0 ${BADGE_GRID} ${BADGE_GRID}`);
      expect(svg.getAttribute('width')).toBe(String(BADGE_GRID));
      expect(svg.getAttribute('style')).toContain(`color:${ALLERGEN_COLOURS[type].outer}`);
      expect(badgeUrl(type)).toMatch(new RegExp(`/${type}[^/]*\\.svg(\\?[^/]*)?$`));
    }
  });
});

import { ALLERGEN_TYPES } from '@tablo/contract/allergen-order';
import { describe, expect, it } from 'vitest';
import { BADGE_GRID } from './allergen-artwork.tsx';
import committed from './allergen-badges.svg?raw';
import { allergenBadgesSvg } from './allergen-badges-svg.tsx';
import { ALLERGEN_COLOURS } from './allergen-palette.ts';

describe('allergen-badges.svg', () => {
  it('is the artwork as drawn now (after a change: npx tsx --tsconfig web/tsconfig.json web/scripts/generate-allergen-badges.tsx)', () => {
    expect(committed).toBe(allergenBadgesSvg());
  });

  it('names a 200 × 200 view per allergen, in display order, each over its own badge in its colours', () => {
    const svg = new DOMParser().parseFromString(committed, 'image/svg+xml');
    const views = [...svg.querySelectorAll('view')];
    expect(views.map((view) => view.id)).toEqual([...ALLERGEN_TYPES]);
    views.forEach((view, index) => {
      expect(view.getAttribute('viewBox')).toBe(`${index * BADGE_GRID} 0 200 200`);
      const badge = view.nextElementSibling;
      expect(badge?.getAttribute('x')).toBe(String(index * BADGE_GRID));
      const type = ALLERGEN_TYPES[index] as keyof typeof ALLERGEN_COLOURS;
      expect(badge?.getAttribute('style')).toContain(`color:${ALLERGEN_COLOURS[type].outer}`);
    });
  });
});

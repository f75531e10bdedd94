import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ALLERGEN_TYPES } from '@tablo/contract/allergen-order';
import { describe, expect, it } from 'vitest';
import { channelsOf } from '../../testing/hex-colour.ts';
import { largestDifference, rgbaPixels } from '../../testing/pixels.ts';
import { badgeUrl } from './allergen-badge.tsx';
import { allergenBadgePicture, BADGE_PIXELS } from './allergen-badge-pictures.ts';
import { allergenBadgeSvg, BADGE_GRID } from './allergen-badges-svg.tsx';
import { ALLERGEN_COLOURS } from './allergen-palette.ts';

const committed = Object.keys(import.meta.glob('./badges/*'));
const badgeFile = (type: string) => join(import.meta.dirname, 'badges', `${type}.webp`);

/** A picture's pixels, RGBA, BADGE_PIXELS square. */
const pixelsOf = (picture: Buffer) => rgbaPixels(picture, BADGE_PIXELS);

describe('the badge picture files (badges/<TYPE>.webp)', () => {
  it('are one per allergen and nothing else', () => {
    expect(committed.sort()).toEqual(ALLERGEN_TYPES.map((type) => `./badges/${type}.webp`).sort());
  });

  it('are the artwork as drawn now (after a change: npx tsx --tsconfig web/tsconfig.json web/scripts/generate-allergen-badges.tsx)', async () => {
    for (const type of ALLERGEN_TYPES) {
      const file = await pixelsOf(readFileSync(badgeFile(type)));
      const drawn = await pixelsOf(await allergenBadgePicture(type));
      // The same encoder gives the same pixels; the margin only allows for another build of libwebp.
      expect(largestDifference(file, drawn), type).toBeLessThanOrEqual(8);
    }
  });

  it('show the badge in its own colours: the outer ring at the edge, the inner colour inside', async () => {
    /** The red, green, blue and alpha channels of the pixel at (x, y). */
    const at = (pixels: Buffer, x: number, y: number) => {
      const i = (y * BADGE_PIXELS + x) * 4;
      return [...pixels.subarray(i, i + 4)];
    };
    const middle = BADGE_PIXELS / 2;
    for (const type of ALLERGEN_TYPES.filter((t) => t !== 'VEGAN')) {
      const pixels = await pixelsOf(readFileSync(badgeFile(type)));
      const { outer, inner } = ALLERGEN_COLOURS[type];
      expect(largestDifference(at(pixels, middle, 3).slice(0, 3), channelsOf(outer)), type).toBeLessThan(24);
      expect(largestDifference(at(pixels, middle, 12).slice(0, 3), channelsOf(inner)), type).toBeLessThan(24);
      expect(at(pixels, 0, 0)[3], `${type}: the corner is transparent`).toBe(0);
    }
  });

  it('show VEGAN as a green leaf: its drawn pixels are green', async () => {
    const pixels = await pixelsOf(readFileSync(badgeFile('VEGAN')));
    let drawn = 0;
    let green = 0;
    for (let i = 0; i < pixels.length; i += 4) {
      const [red = 0, grn = 0, blue = 0, alpha = 0] = pixels.subarray(i, i + 4);
      if (alpha < 200) continue;
      drawn++;
      if (grn > red + 30 && grn > blue + 30) green++;
    }
    expect(drawn).toBeGreaterThan(BADGE_PIXELS * BADGE_PIXELS * 0.2);
    // The leaf is green; its vein (a lighter line) is the rest.
    expect(green / drawn).toBeGreaterThan(0.7);
  });

  it('are drawn from SVG artwork on the 200-unit grid, and the app names each file', () => {
    for (const type of ALLERGEN_TYPES) {
      const svg = new DOMParser().parseFromString(allergenBadgeSvg(type), 'image/svg+xml').documentElement;
      expect(svg.getAttribute('viewBox')).toBe(`0 0 ${BADGE_GRID} ${BADGE_GRID}`);
      expect(svg.getAttribute('style')).toContain(`color:${ALLERGEN_COLOURS[type].outer}`);
      // No CSS variables: the rasteriser does not know them (VEGAN's vein was one, and went missing).
      expect(allergenBadgeSvg(type)).not.toContain('var(');
      expect(badgeUrl(type)).toMatch(new RegExp(`/${type}[^/]*\\.webp(\\?[^/]*)?$`));
    }
  });
});

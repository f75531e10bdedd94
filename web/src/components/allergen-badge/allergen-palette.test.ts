import { ALLERGEN_TYPES } from '@tablo/contract/allergens';
import { describe, expect, it } from 'vitest';
import { channelsOf } from '../../testing/hex-colour.ts';
import { ALLERGEN_COLOURS } from './allergen-palette.ts';

function luminance(hex: string): number {
  const [r, g, b] = channelsOf(hex).map((value) => {
    const channel = value / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe('allergen palette', () => {
  it.each(ALLERGEN_TYPES)('%s stays legible on white and on its inner disc', (type) => {
    const { outer, inner } = ALLERGEN_COLOURS[type];
    expect(contrast(outer, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(outer, inner)).toBeGreaterThanOrEqual(3);
  });

  it('gives every allergen its own colours', () => {
    const outers = new Set(ALLERGEN_TYPES.map((type) => ALLERGEN_COLOURS[type].outer));
    expect(outers.size).toBe(ALLERGEN_TYPES.length);
  });
});

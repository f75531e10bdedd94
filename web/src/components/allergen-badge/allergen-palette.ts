import type { AllergenType } from '@tablo/contract/allergens';

export type AllergenColours = { outer: string; inner: string };

/**
 * spec §3: every allergen is a round badge with an outer and an inner colour. The outer ring and the
 * glyph (drawn in the outer colour) keep at least 4.5:1 against white and 3:1 against the inner disc,
 * so the badge stays legible as a graphic (WCAG 2.2 SC 1.4.11) — checked in allergen-palette.test.ts.
 */
export const ALLERGEN_COLOURS: Record<AllergenType, AllergenColours> = {
  GLUTEN: { outer: '#8a5a00', inner: '#fdf1cf' },
  CRUSTACEANS: { outer: '#b3261e', inner: '#fde4e1' },
  EGGS: { outer: '#a04b00', inner: '#ffe9d1' },
  FISH: { outer: '#0b5cad', inner: '#deecfb' },
  PEANUTS: { outer: '#7c4421', inner: '#f6e5d9' },
  SOYBEANS: { outer: '#4f6500', inner: '#eef5d2' },
  MILK: { outer: '#35597d', inner: '#e7eff8' },
  NUTS: { outer: '#5e3a1c', inner: '#efe2d4' },
  // Not green: only VEGAN may read as "green leaf" (spec §3), or a celery dish could pass for vegan.
  CELERY: { outer: '#4a5562', inner: '#e6eaee' },
  MUSTARD: { outer: '#7a6400', inner: '#fbf3c4' },
  SESAME: { outer: '#675737', inner: '#f2ecdf' },
  SULPHUR_DIOXIDE: { outer: '#7b1f5c', inner: '#f8e1ef' },
  LUPIN: { outer: '#5a3ea1', inner: '#ebe5fa' },
  MOLLUSCS: { outer: '#006a74', inner: '#d9f3f5' },
  VEGAN: { outer: '#1e7a34', inner: '#e0f4e4' },
};

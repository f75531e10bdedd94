import { describe, expect, it } from 'vitest';
import { isValidShortName, suggestShortName } from './short-name.ts';

describe('short names', () => {
  it('suggests one from the restaurant name, accents and signs dropped', () => {
    expect(suggestShortName('Kis Bisztró & Bár')).toBe('kis-bisztro-bar');
    expect(suggestShortName('  Łódź —  Café 21! ')).toBe('lodz-cafe-21');
    expect(suggestShortName('Đurđevac Straße')).toBe('durdevac-strasse');
    expect(suggestShortName('***')).toBe('');
  });

  it('accepts lowercase letters, digits and inner hyphens only', () => {
    for (const good of ['a', 'bistro-21', 'a-b-c']) expect(isValidShortName(good), good).toBe(true);
    for (const bad of ['', 'Bistro', '-a', 'a-', 'a b', 'é', 'a'.repeat(65)]) {
      expect(isValidShortName(bad), bad).toBe(false);
    }
  });
});

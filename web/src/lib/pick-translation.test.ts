import type { Translation } from '@tablo/contract/translation';
import { describe, expect, it } from 'vitest';
import { pickTranslation } from './pick-translation.ts';

const hu: Translation = { id: 1, isoCode: 'hu', title: 'Gulyásleves', description: 'Marhahúsból' };
const en: Translation = { id: 2, isoCode: 'en', title: 'Goulash soup', description: 'With beef' };
const de: Translation = { id: 3, isoCode: 'de', title: 'Gulaschsuppe', description: 'Mit Rindfleisch' };

describe('pickTranslation', () => {
  it('takes the translation of the current language', () => {
    expect(pickTranslation([hu, en, de], 'de', '?')).toEqual({
      title: 'Gulaschsuppe',
      description: 'Mit Rindfleisch',
      isoCode: 'de',
    });
  });

  it('falls back to English', () => {
    expect(pickTranslation([hu, de, en], 'fr', '?').title).toBe('Goulash soup');
  });

  it('falls back to the first translation when there is no English', () => {
    expect(pickTranslation([de, hu], 'fr', '?')).toMatchObject({ title: 'Gulaschsuppe', isoCode: 'de' });
  });

  it('shows the placeholder when there is no translation at all', () => {
    expect(pickTranslation([], 'hu', 'Untitled')).toEqual({
      title: 'Untitled',
      description: '',
      isoCode: null,
    });
  });
});

import { describe, expect, it } from 'vitest';
import { matchesSearch, normalizeSearch } from './normalize-search.ts';

describe('normalizeSearch', () => {
  it('strips Hungarian accents, including the double acute ő and ű', () => {
    expect(normalizeSearch('Gulyásleves')).toBe('gulyasleves');
    expect(normalizeSearch('TÖLTÖTT KÁPOSZTA')).toBe('toltott kaposzta');
    expect(normalizeSearch('Őszibarack fűszerekkel')).toBe('oszibarack fuszerekkel');
  });

  it('folds letters of the other supported languages', () => {
    expect(normalizeSearch('Žemlička s čučoriedkami')).toBe('zemlicka s cucoriedkami');
    expect(normalizeSearch('Złota łódź')).toBe('zlota lodz');
    expect(normalizeSearch('Straße')).toBe('strasse');
    expect(normalizeSearch('Mămăligă cu brânză')).toBe('mamaliga cu branza');
  });

  it('collapses and trims white space', () => {
    expect(normalizeSearch('  rántott   hús ')).toBe('rantott hus');
  });
});

describe('matchesSearch', () => {
  it('matches any of the texts, ignoring accents and case', () => {
    expect(matchesSearch(normalizeSearch('gulyas'), 'Levesek', 'Gulyásleves')).toBe(true);
    expect(matchesSearch(normalizeSearch('toltott'), 'Töltött káposzta')).toBe(true);
    expect(matchesSearch(normalizeSearch('pizza'), 'Töltött káposzta')).toBe(false);
  });

  it('treats an empty query as a match', () => {
    expect(matchesSearch('', 'anything')).toBe(true);
  });
});

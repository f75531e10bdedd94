import { describe, expect, it } from 'vitest';
import { dinerText } from './diner-text.ts';

const texts = [
  { isoCode: 'hu', title: 'Gulyás', description: 'Leves' },
  { isoCode: 'en', title: 'Goulash', description: 'Soup' },
];

describe('dinerText (spec §4)', () => {
  it('is the language’s own text when there is one', () => {
    expect(dinerText(texts, 'hu')).toEqual({ title: 'Gulyás', description: 'Leves', from: 'hu' });
  });
  it('falls back to English, then to the first text, then to nothing', () => {
    expect(dinerText(texts, 'de').from).toBe('en');
    expect(dinerText(texts.slice(0, 1), 'de').from).toBe('hu');
    expect(dinerText([{ isoCode: 'de', title: '  ', description: '' }], 'de').title).toBeNull();
  });
});

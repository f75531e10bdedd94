import { LANGUAGE_CODES } from '@tablo/contract/languages';
import { describe, expect, it } from 'vitest';
import { localeResources } from '../testing/i18n.ts';

const resources = localeResources();
const english = resources.en ?? {};

function keys(texts: unknown, prefix = ''): string[] {
  if (typeof texts !== 'object' || texts === null) return [prefix];
  return Object.entries(texts).flatMap(([key, value]) => keys(value, prefix ? `${prefix}.${key}` : key));
}

function lookup(texts: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], texts);
}

describe('locale files', () => {
  it('only uses the supported language codes as folders', () => {
    for (const language of Object.keys(resources)) expect(LANGUAGE_CODES).toContain(language);
  });

  // Every language present must have every English key, non-empty (spec §2: all ten languages).
  for (const language of Object.keys(resources).filter((l) => l !== 'en')) {
    for (const [namespace, texts] of Object.entries(english)) {
      it(`${language}/${namespace}.json has every key of en/${namespace}.json, none empty`, () => {
        const translated = resources[language]?.[namespace];
        const missing = keys(texts).filter((key) => {
          const value = lookup(translated, key);
          return typeof value !== 'string' || value.trim() === '';
        });
        expect(missing).toEqual([]);
      });
    }
  }

  it('keeps the texts the specification gives verbatim in English', () => {
    const common = english.common as Record<string, string>;
    expect(common.toast_session_failed).toBe('Fatal error: failed to iniate ordering process');
    expect(common.order_placed).toBe('Order placed');
    expect(common.restaurant_not_available).toBe('The restaurant is not available');
    expect(common.cannot_order_at_table).toBe('Orders cannot be placed at this table');
    expect([common.status_PLACED, common.status_ACCEPTED, common.status_SERVED, common.status_PAID]).toEqual([
      'Placed',
      'Accepted',
      'Served',
      'Paid',
    ]);
  });
});

import { LANGUAGE_CODES, type LanguageCode, toBcp47 } from '@tablo/contract/language-list';
import { describe, expect, it } from 'vitest';
import { localeResources } from '../testing/texts.ts';

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

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** A text's {{placeholders}} and <tags> (the Trans component's), sorted, to compare a translation with English. */
function tokens(text: string): string[] {
  return [...text.matchAll(/{{\s*([^}]+?)\s*}}|<\/?[a-z0-9]+>/gi)].map((m) => m[0].replace(/\s/g, '')).sort();
}

describe('locale files', () => {
  it('only uses the supported language codes as folders', () => {
    for (const language of Object.keys(resources)) expect(LANGUAGE_CODES).toContain(language);
  });

  // spec §1/§2: all ten languages ship; a missing folder would silently drop the checks below for it.
  it('has a folder for every supported language', () => {
    const missing = LANGUAGE_CODES.filter((language) => resources[language] === undefined);
    expect(missing).toEqual([]);
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

  // A translation must keep what the code fills in: every {{placeholder}} and <tag> of the English text, no more.
  // Plural forms English lacks (_few, _many, _two) are compared with English _other.
  for (const language of Object.keys(resources).filter((l) => l !== 'en')) {
    it(`${language} keeps the {{placeholders}} and <tags> of every English text`, () => {
      const mismatched: string[] = [];
      for (const [namespace, texts] of Object.entries(english)) {
        const translated = resources[language]?.[namespace];
        for (const key of keys(translated)) {
          const value = lookup(translated, key);
          const reference = lookup(texts, key) ?? lookup(texts, key.replace(PLURAL_SUFFIX, '_other'));
          if (typeof value !== 'string' || typeof reference !== 'string') continue;
          if (tokens(value).join(' ') !== tokens(reference).join(' ')) mismatched.push(`${namespace}:${key}`);
        }
      }
      expect(mismatched).toEqual([]);
    });

    // The texts module picks the form with Intl.PluralRules, so every category the language has must be there.
    it(`${language} has every plural form its language needs`, () => {
      const categories = new Intl.PluralRules(toBcp47(language as LanguageCode)).resolvedOptions()
        .pluralCategories;
      const missing: string[] = [];
      for (const [namespace, texts] of Object.entries(english)) {
        const bases = new Set(
          keys(texts)
            .filter((k) => PLURAL_SUFFIX.test(k))
            .map((k) => k.replace(PLURAL_SUFFIX, '')),
        );
        const translated = resources[language]?.[namespace];
        for (const base of bases) {
          for (const category of categories) {
            const value = lookup(translated, `${base}_${category}`);
            if (typeof value !== 'string' || value.trim() === '')
              missing.push(`${namespace}:${base}_${category}`);
          }
        }
      }
      expect(missing).toEqual([]);
    });
  }

  // A dish name is the restaurant's own text, in any gender and case: a gendered article or an elided
  // preposition right before it is wrong for half the menu ("Ein Dobostorte", "de Omelette").
  const BEFORE_A_NAME: Partial<Record<string, RegExp>> = {
    de: /\b(ein|eine|einen|einem|einer|der|die|das|den|dem|des)\s+{{\s*(title|name)\s*}}/i,
    fr: /\b(un|une|le|la|les|de|du|des)\s+{{\s*(title|name)\s*}}/i,
    ro: /\b(un|o|unui|unei)\s+{{\s*(title|name)\s*}}/i,
    en: /\b(a|an)\s+{{\s*(title|name)\s*}}/i,
  };
  for (const [language, pattern] of Object.entries(BEFORE_A_NAME)) {
    it(`${language} puts no gendered article before a dish name`, () => {
      const wrong = Object.entries(resources[language] ?? {}).flatMap(([namespace, texts]) =>
        keys(texts)
          .filter((key) => pattern?.test(String(lookup(texts, key))))
          .map((key) => `${namespace}:${key}`),
      );
      expect(wrong).toEqual([]);
    });
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

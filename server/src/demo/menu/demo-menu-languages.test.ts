import { LANGUAGE_CODES } from '@tablo/contract/languages';
import { MenuFileSchema } from '@tablo/contract/menu-import';
import { describe, expect, it } from 'vitest';
import { DEMO_MENU } from './demo-menu.ts';

// The demo restaurant is the first menu anyone sees, in whichever of the ten languages they picked
// (docs/decisions/056-demo-menu-in-every-language.md).
const menu = MenuFileSchema.parse(DEMO_MENU);
const entries = menu.categories.flatMap((category) => [
  { name: `category ${category.ref}`, translations: category.translations },
  ...category.items.map((item) => ({ name: `item ${item.ref}`, translations: item.translations })),
]);
/** Issue 27: the choices' groups and options, in all ten languages too ("Sauce" is French as well). */
const choiceEntries = menu.optionGroups.flatMap((group) => [
  { name: `option group ${group.ref}`, translations: group.translations },
  ...group.options.map((option) => ({
    name: `option ${group.ref}/${option.ref}`,
    translations: option.translations,
  })),
]);

/**
 * Names a menu abroad prints as they are, so a translation may equal the English: two Italian coffees, two
 * Hungarian brands, a protected wine designation (Hungarian writes it with a small b), and three Hungarian
 * dishes known by their own name (where a language spells one its own way — Langoš, Lečo — it does).
 */
const PRINTED_UNCHANGED = [
  'Cappuccino',
  'Espresso',
  'Túró Rudi',
  'Unicum',
  'Egri Bikavér',
  'Lángos',
  'Lecsó',
  'Flódni',
  'Pizza Margherita',
];

/** Longer titles no longer fit the dish card's one line on a phone (the longest Hungarian one has 38). */
const TITLE_MAX_LENGTH = 40;

describe('the demo menu in the diner’s language', () => {
  it('titles every category and dish in all ten languages, describing it wherever the English does', () => {
    const problems: string[] = [];
    for (const { name, translations } of [...entries, ...choiceEntries]) {
      const english = translations.find((t) => t.isoCode === 'en');
      for (const code of LANGUAGE_CODES) {
        const text = translations.find((t) => t.isoCode === code);
        if (!text?.title.trim()) problems.push(`${name}: no ${code} title`);
        else if (text.title.length > TITLE_MAX_LENGTH)
          problems.push(`${name}: ${code} title "${text.title}"`);
        if (english?.description.trim() && !text?.description.trim()) {
          problems.push(`${name}: no ${code} description`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('translates rather than copies the English, apart from the names printed unchanged abroad', () => {
    const copies: string[] = [];
    const same = (a: string, b: string) =>
      a.trim() !== '' && a.trim().toLowerCase() === b.trim().toLowerCase();
    for (const { name, translations } of entries) {
      const english = translations.find((t) => t.isoCode === 'en');
      if (!english) continue; // the first test names it
      for (const text of translations) {
        if (text.isoCode === 'en') continue;
        if (same(text.title, english.title) && !PRINTED_UNCHANGED.includes(english.title)) {
          copies.push(`${name}: ${text.isoCode} title "${text.title}"`);
        }
        if (same(text.description, english.description)) {
          copies.push(`${name}: ${text.isoCode} description "${text.description}"`);
        }
      }
    }
    expect(copies).toEqual([]);
  });

  it('writes Romanian with comma-below ș and ț, not the cedilla look-alikes', () => {
    const romanian = entries.flatMap(({ translations }) =>
      translations.filter((t) => t.isoCode === 'ro').map((t) => `${t.title} ${t.description}`),
    );
    expect(romanian.filter((text) => /[şţŞŢ]/.test(text))).toEqual([]);
  });
});

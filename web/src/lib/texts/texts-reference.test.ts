import { FALLBACK_LANGUAGE, LANGUAGE_CODES, type LanguageCode, toBcp47 } from '@tablo/contract/language-list';
import i18next, { type i18n as I18n } from 'i18next';
import { describe, expect, it } from 'vitest';
import { localeResources } from '../../testing/texts.ts';
import { NAMESPACES, Texts } from './texts.ts';

/**
 * The reference (decision record 041): the texts module must give exactly what i18next gave with the options the
 * app had (decision 013's BASE_I18N_OPTIONS) and the BCP 47 plural rules (cz → cs, si → sl). i18next is a
 * devDependency of web for this test only; the app does not load it.
 */
function referenceI18next(): I18n {
  const instance = i18next.createInstance();
  instance.init({
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: LANGUAGE_CODES,
    load: 'currentOnly',
    ns: [...NAMESPACES],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnEmptyString: false,
    lng: FALLBACK_LANGUAGE,
    resources: localeResources(),
    initAsync: false,
  });
  const resolver = instance.services.pluralResolver as {
    getRule: (code: string, options?: object) => Intl.PluralRules | undefined;
  };
  const getRule = resolver.getRule.bind(resolver);
  const supported = new Set<string>(LANGUAGE_CODES);
  resolver.getRule = (code, options) =>
    getRule(supported.has(code) ? toBcp47(code as LanguageCode) : code, options);
  return instance;
}

const resources = localeResources();
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const COUNTS = [0, 1, 2, 3, 5, 11, 21, 22, 101];

/** Every key of a namespace in any language, plural forms as their base key. */
function keysOf(namespace: string): { keys: string[]; plurals: Set<string> } {
  const keys = new Set<string>();
  const plurals = new Set<string>();
  const walk = (node: unknown, prefix: string) => {
    for (const [name, value] of Object.entries(node as Record<string, unknown>)) {
      const path = `${prefix}${name}`;
      if (typeof value === 'object' && value !== null) walk(value, `${path}.`);
      else if (PLURAL_SUFFIX.test(path)) plurals.add(path.replace(PLURAL_SUFFIX, ''));
      else keys.add(path);
    }
  };
  for (const language of Object.values(resources)) walk(language[namespace] ?? {}, '');
  return { keys: [...keys, ...plurals], plurals };
}

/** Every placeholder name in the files, each given a value, as the app passes them (`{count, table, amount}`…). */
const allValues: Record<string, string> = {};
for (const match of JSON.stringify(resources).matchAll(/\{\{(.+?)\}\}/g)) {
  const name = match[1]?.trim() ?? '';
  if (name !== 'count') allValues[name] = `<${name}>`;
}

describe('the texts module against i18next (the reference)', () => {
  const reference = referenceI18next();
  const texts = new Texts(FALLBACK_LANGUAGE, localeResources());

  it('finds placeholders to fill and plural keys to count', () => {
    expect(Object.keys(allValues)).toEqual(expect.arrayContaining(['table', 'amount', 'title']));
    expect(keysOf('menu').plurals.size).toBeGreaterThan(0);
  });

  describe.each(LANGUAGE_CODES)('%s', (language) => {
    it.each(NAMESPACES)('gives every text of %s exactly as i18next did', (namespace) => {
      const expected = reference.getFixedT(language, namespace);
      const t = texts.fixedT(language, namespace);
      const { keys, plurals } = keysOf(namespace);
      const missing = ['no.such.key', `${namespace}:no_such_key`, 'common:no_such_key'];
      let compared = 0;
      for (const key of [...keys, ...missing]) {
        const variants: Record<string, unknown>[] = [{}, allValues];
        if (plurals.has(key)) {
          for (const count of COUNTS) variants.push({ count }, { ...allValues, count });
        }
        for (const options of variants) {
          expect(t(key, options), `${language} ${namespace}:${key} ${JSON.stringify(options)}`).toBe(
            expected(key, options),
          );
          compared++;
        }
        if (!key.includes(':')) expect(t(`common:${key}`)).toBe(expected(`common:${key}`));
      }
      expect(compared).toBeGreaterThan(keys.length);
    });
  });

  it('gives the first key of a list that has a text, and the default value, as i18next did', () => {
    for (const language of LANGUAGE_CODES) {
      const expected = reference.getFixedT(language, 'menu');
      const t = texts.fixedT(language, 'menu');
      for (const keys of [
        ['common:no_results', 'no_results'],
        ['common:none', 'none'],
      ]) {
        expect(t(keys)).toBe(expected(keys));
      }
      expect(t('none', { defaultValue: 'Loading…' })).toBe(expected('none', { defaultValue: 'Loading…' }));
    }
  });
});

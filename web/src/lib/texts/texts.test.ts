import { describe, expect, it, vi } from 'vitest';
import { createTestTexts, localeResources } from '../../testing/texts.ts';
import type { ReadTexts } from './read-texts.ts';
import { Texts } from './texts.ts';

// The specification's language codes cz and si are not BCP 47 (si is Sinhala): plurals must still follow
// Czech and Slovenian grammar.
describe('plural forms by language', () => {
  it('uses Czech plural rules for cz', () => {
    const t = createTestTexts('cz').fixedT('cz', 'menu');
    expect(t('results_count', { count: 1 })).toBe('Nalezeno 1 jídlo');
    expect(t('results_count', { count: 3 })).toBe('Nalezena 3 jídla');
    expect(t('results_count', { count: 5 })).toBe('Nalezeno 5 jídel');
  });

  it('uses Slovenian plural rules for si', () => {
    const t = createTestTexts('si').fixedT('si', 'menu');
    const forms = [1, 2, 3, 5].map((count) => t('results_count', { count }));
    const raw = (form: string) => localeResources().si?.menu?.[`results_count_${form}`] as string;
    expect(forms).toEqual(
      ['one', 'two', 'few', 'other'].map((form, i) =>
        raw(form).replace('{{count}}', String([1, 2, 3, 5][i])),
      ),
    );
  });

  it('keeps English and Hungarian plurals', () => {
    expect(createTestTexts('en').fixedT('en', 'menu')('results_count', { count: 2 })).toBe('2 dishes found');
  });
});

const hu = { menu: { title: 'Étlap', empty: '', nested: { deep: 'Mély {{name}}' } } };
const en = {
  menu: { title: 'Menu', empty: 'Nothing here', only_en: 'Only in English', item_one: '{{count}} item' },
  common: { close: 'Close' },
};

describe('looking up a text', () => {
  const texts = new Texts('hu', { hu, en });
  const t = texts.fixedT('hu', 'menu');

  it('takes the language’s text, by a dotted path', () => {
    expect(t('title')).toBe('Étlap');
    expect(t('nested.deep', { name: 'tál' })).toBe('Mély tál');
  });

  it('falls back to English for a key missing or empty in Hungarian (spec §2)', () => {
    expect(t('only_en')).toBe('Only in English');
    expect(t('empty')).toBe('Nothing here');
    expect(t('item', { count: 1 })).toBe('1 item');
  });

  it('shows the key when no language has the text, or the default value when given', () => {
    expect(t('no.such.key')).toBe('no.such.key');
    expect(t('common:missing')).toBe('missing');
    expect(t('missing', { defaultValue: 'Loading…' })).toBe('Loading…');
  });

  it('reaches another namespace with ns:key, and takes the first key of a list that has a text', () => {
    expect(t('common:close')).toBe('Close');
    expect(t(['common:none', 'title'])).toBe('Étlap');
    expect(t(['common:none', 'nothing'])).toBe('nothing');
  });

  it('fills placeholders; one not given stays, one given as undefined or null is emptied', () => {
    const texts = new Texts('en', { en: { common: { line: '{{a}}-{{ b }}-{{c}}' } } });
    const line = texts.fixedT('en', 'common');
    expect(line('line', { a: 1, b: 'two' })).toBe('1-two-{{c}}');
    expect(line('line', { a: undefined, b: null, c: '$t(common:line) {{a}}' })).toBe(
      '--$t(common:line) {{a}}',
    );
  });
});

describe('loading namespaces', () => {
  /** A reader whose reads the test ends by hand. */
  function manualReader() {
    const reads = new Map<string, (texts: Record<string, string> | undefined) => void>();
    const read: ReadTexts = (language, namespace) =>
      new Promise((resolve) => reads.set(`${language}/${namespace}`, resolve));
    return { read: vi.fn(read), reads };
  }

  it('reads the language’s file and English’s once, and is ready when both have ended', async () => {
    const { read, reads } = manualReader();
    const texts = new Texts('hu', {}, read);
    expect(texts.hasLoaded(['menu'])).toBe(false);
    const loading = texts.loadNamespaces(['menu']);
    void texts.loadNamespaces(['menu']);
    expect(read.mock.calls).toEqual([
      ['hu', 'menu'],
      ['en', 'menu'],
    ]);
    reads.get('en/menu')?.({ title: 'Menu' });
    reads.get('hu/menu')?.(undefined);
    await loading;
    expect(texts.hasLoaded(['menu'])).toBe(true);
    expect(texts.fixedT('hu', 'menu')('title')).toBe('Menu');
  });

  it('is ready at once for a namespace it was given (a server-rendered page’s texts)', () => {
    const texts = new Texts('hu', { hu: { menu: { title: 'Étlap' } } }, manualReader().read);
    expect(texts.hasLoaded(['menu'])).toBe(true);
  });

  it('switches language once the namespaces in use are loaded in it; the last change wins', async () => {
    const { read, reads } = manualReader();
    const texts = new Texts('hu', { hu: { common: { a: 'A' } }, en: { common: { a: 'A' } } }, read);
    const listener = vi.fn();
    texts.subscribe(listener);
    const toGerman = texts.changeLanguage('de');
    const toFrench = texts.changeLanguage('fr');
    expect(texts.language).toBe('hu');
    reads.get('fr/common')?.({ a: 'Fr' });
    await toFrench;
    expect(texts.language).toBe('fr');
    reads.get('de/common')?.({ a: 'De' });
    await toGerman;
    expect(texts.language).toBe('fr');
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

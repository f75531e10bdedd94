import { describe, expect, it } from 'vitest';
import { createTestI18n } from '../testing/i18n.ts';

// The specification's language codes cz and si are not BCP 47 (si is Sinhala): plurals must still follow
// Czech and Slovenian grammar.
describe('plural forms by language', () => {
  it('uses Czech plural rules for cz', () => {
    const t = createTestI18n('cz').getFixedT('cz', 'menu');
    expect(t('results_count', { count: 1 })).toBe('Nalezeno 1 jídlo');
    expect(t('results_count', { count: 3 })).toBe('Nalezena 3 jídla');
    expect(t('results_count', { count: 5 })).toBe('Nalezeno 5 jídel');
  });

  it('uses Slovenian plural rules for si', () => {
    const i18n = createTestI18n('si');
    const t = i18n.getFixedT('si', 'menu');
    const forms = [1, 2, 3, 5].map((count) => t('results_count', { count }));
    const raw = (form: string) => i18n.getResource('si', 'menu', `results_count_${form}`) as string;
    expect(forms).toEqual(
      ['one', 'two', 'few', 'other'].map((form, i) =>
        raw(form).replace('{{count}}', String([1, 2, 3, 5][i])),
      ),
    );
  });

  it('keeps English and Hungarian plurals', () => {
    expect(createTestI18n('en').getFixedT('en', 'menu')('results_count', { count: 2 })).toBe(
      '2 dishes found',
    );
  });
});

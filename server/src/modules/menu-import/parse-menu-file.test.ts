import { describe, expect, it } from 'vitest';
import { sampleMenu } from '../../../test/helpers/sample-menu.ts';
import { parseMenuFile } from './parse-menu-file.ts';

describe('parseMenuFile', () => {
  it('accepts a valid file, as text or as a value, filling in the defaults', () => {
    const fromText = parseMenuFile(JSON.stringify(sampleMenu()));
    const fromValue = parseMenuFile(sampleMenu());
    expect(fromText).toEqual(fromValue);
    expect(fromText.ok && fromText.menu.categories[0]?.items[1]).toMatchObject({
      isActive: true,
      availabilityType: 'AVAILABLE',
      likeCount: 0,
      allergens: [],
      imageUrl: null,
    });
  });

  it('reports every mistake at once, each with its path in the file', () => {
    const file = sampleMenu();
    const soup = file.categories[0]?.items[0];
    const dessert = file.categories[1]?.items[0];
    if (!soup || !dessert) throw new Error('sample menu changed');
    soup.priceGross = -100;
    soup.vatKey = '18';
    Object.assign(dessert, { allergens: ['GLUTEN', 'CHOCOLATE'], colour: 'brown' });
    const result = parseMenuFile(file);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    // In the order they appear in the file.
    expect(result.problems.map((p) => p.path)).toEqual([
      'categories[0].items[0].priceGross',
      'categories[0].items[0].vatKey',
      'categories[1].items[0].allergens[1]',
      'categories[1].items[0].colour',
    ]);
    expect(result.problems).toContainEqual({
      path: 'categories[0].items[0].vatKey',
      message: 'unknown VAT key "18"',
    });
    expect(result.problems).toContainEqual({
      path: 'categories[1].items[0].colour',
      message: 'unknown field',
    });
  });

  it('reports duplicate refs and a second translation in one language', () => {
    const file = sampleMenu();
    const [soup, stew] = file.categories[0]?.items ?? [];
    if (!soup || !stew) throw new Error('sample menu changed');
    stew.ref = soup.ref;
    soup.translations.push({ isoCode: 'hu', title: 'Megint' });
    const result = parseMenuFile(file);
    expect(result).toEqual({
      ok: false,
      problems: [
        { path: 'categories[0].items[0].translations[2].isoCode', message: 'second translation for "hu"' },
        { path: 'categories[0].items[1].ref', message: 'duplicate ref "gulyas"' },
      ],
    });
  });

  it('takes a picture only from a path on the site or an http(s) URL, never a script or data URL', () => {
    const withImages = (urls: string[]) => {
      const file = sampleMenu();
      const items = file.categories[0]?.items ?? [];
      urls.forEach((url, i) => {
        const item = items[i % items.length];
        if (item) item.imageUrl = url;
      });
      return parseMenuFile(file);
    };
    expect(withImages(['/images/menu/a.webp', 'https://cdn.example/b.jpg']).ok).toBe(true);
    for (const bad of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'data:image/svg+xml,<svg onload=alert(1)>',
      '//evil.example/x.png',
      'vbscript:msgbox(1)',
      '/images/a.webp\nx',
      'images/relative.webp',
    ]) {
      const result = withImages([bad]);
      expect(result.ok, bad).toBe(false);
      if (!result.ok)
        expect(result.problems, bad).toEqual([
          {
            path: 'categories[0].items[0].imageUrl',
            message: 'must be a path on this site (/images/…) or an http:// or https:// URL',
          },
        ]);
    }
  });

  it('points at the line and column of a JSON syntax error', () => {
    const text = '{\n  "vatKeys": [],\n  "categories": [\n    { "ref": "a", }\n  ]\n}';
    expect(parseMenuFile(text)).toEqual({
      ok: false,
      problems: [{ path: 'line 4, column 19', message: expect.stringMatching(/^invalid JSON: /) }],
    });
    const cut = parseMenuFile('{\n  "vatKeys": [');
    expect(cut.ok === false && cut.problems[0]?.path).toBe('line 2, column 15');
  });

  it('says what is wrong with a file that is not a menu at all', () => {
    expect(parseMenuFile('[]')).toEqual({
      ok: false,
      problems: [{ path: '(file)', message: expect.stringContaining('expected object') }],
    });
  });
});

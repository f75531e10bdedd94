import { describe, expect, it } from 'vitest';
import { HERO_SIZES, PICTURE_KINDS, pictureKindOf, pictureSrcSet, variantPath } from './picture-variants.ts';

describe('pictureSrcSet', () => {
  it("offers a dish picture's copies at the dish widths, then the original", () => {
    expect(pictureSrcSet('/images/menu/gulyasleves.webp')).toBe(
      '/images/variants/menu/gulyasleves-320w.webp 320w, /images/variants/menu/gulyasleves-520w.webp 520w, ' +
        '/images/menu/gulyasleves.webp 800w',
    );
  });

  it("offers a hero's copies at the hero widths, and the default picture's at its own width", () => {
    expect(pictureSrcSet('/images/demo/restaurant.webp')).toBe(
      '/images/variants/demo/restaurant-480w.webp 480w, /images/variants/demo/restaurant-750w.webp 750w, ' +
        '/images/variants/demo/restaurant-828w.webp 828w, ' +
        '/images/demo/restaurant.webp 1280w',
    );
    expect(pictureSrcSet('/images/default-main.webp')).toBe(
      '/images/variants/default-main-480w.webp 480w, /images/variants/default-main-750w.webp 750w, ' +
        '/images/variants/default-main-828w.webp 828w, ' +
        '/images/default-main.webp 1600w',
    );
    expect(HERO_SIZES).toBe('100vw');
  });

  it('names every width of the shared definition, each at its copy', () => {
    const examples: Record<string, string> = {
      dish: 'menu/x.webp',
      hero: 'demo/x.webp',
      'default hero': 'default-main.webp',
      'uploaded dish': 'uploads/dish/0f3a.webp',
      'uploaded hero': 'uploads/hero/0f3a.webp',
    };
    for (const kind of PICTURE_KINDS) {
      const path = examples[kind.name] ?? '';
      expect(pictureKindOf(path)).toBe(kind);
      expect(pictureSrcSet(`/images/${path}`)?.split(', ')).toEqual([
        ...kind.widths.map((width) => `/images/${variantPath(path, width)} ${width}w`),
        `/images/${path} ${kind.sourceWidth}w`,
      ]);
    }
  });

  it.each([
    ['no picture', null],
    ['an empty address', ''],
    ['another host', 'https://cdn.example.com/images/menu/gulyasleves.webp'],
    ['a protocol-relative address', '//cdn.example.com/images/menu/gulyasleves.webp'],
    ['a data URL', 'data:image/webp;base64,UklGRg=='],
    ['a relative address', 'images/menu/gulyasleves.webp'],
    ['a path climbing out', '/images/menu/../../secret.webp'],
    ['an escaped climb', '/images/menu/%2e%2e/x.webp'],
    ['a dotted name', '/images/menu/..webp'],
    ['a query', '/images/menu/gulyasleves.webp?v=2'],
    ['another format', '/images/menu/gulyasleves.jpg'],
    ['a picture in a folder without copies', '/images/other/x.webp'],
    ['a picture deeper down', '/images/menu/more/x.webp'],
    ['a copy itself', '/images/variants/menu/gulyasleves-320w.webp'],
    ['a root-level picture other than the default', '/images/restaurant.webp'],
  ])('gives %s no srcset (shown from src alone)', (_case, url) => {
    expect(pictureSrcSet(url)).toBeUndefined();
  });
});

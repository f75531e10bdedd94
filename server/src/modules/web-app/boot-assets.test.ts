import { describe, expect, it } from 'vitest';
import { bootAssetsFor, type ViteManifest } from './boot-assets.ts';
import { heroPageTemplate } from './boot-loader.ts';

const template = heroPageTemplate(
  '<head><script type="module" crossorigin src="/assets/main.js"></script>\n' +
    '<link rel="modulepreload" crossorigin href="/assets/react.js">\n</head><body></body>',
);
const manifest: ViteManifest = {
  'index.html': { file: 'assets/main.js', isEntry: true, imports: ['_react.js'], css: ['assets/main.css'] },
  '_react.js': { file: 'assets/react.js' },
  'src/app/routes/menu-route.tsx': {
    file: 'assets/menu-route.js',
    imports: ['index.html', '_react.js', '_price.js'],
    css: ['assets/menu-route.css'],
  },
  '_price.js': { file: 'assets/price.js', css: ['assets/price.css'] },
  'src/app/routes/order-route.tsx': { file: 'assets/order-route.js', imports: ['_price.js'] },
};

describe('heroPageTemplate', () => {
  it("takes the page's module scripts and module preloads out of the markup", () => {
    expect(template).toEqual({
      html: '<head></head><body></body>',
      modules: ['/assets/main.js'],
      preloads: ['/assets/react.js'],
    });
  });
});

describe('bootAssetsFor', () => {
  it("starts a menu page's lazy chunks, their styles, its texts and its restaurant and menu answers", () => {
    expect(bootAssetsFor(template, manifest, '/menu/demo/hu', 'demo')).toEqual({
      modules: ['/assets/main.js'],
      // The entry's own chunks are not repeated; the entry itself and its stylesheet are already on the page.
      preloads: ['/assets/react.js', '/assets/menu-route.js', '/assets/price.js'],
      styles: ['/assets/menu-route.css', '/assets/price.css'],
      texts: [
        '/locales/hu/common.json',
        '/locales/hu/menu.json',
        '/locales/en/common.json',
        '/locales/en/menu.json',
      ],
      answers: ['/api/restaurant/one/demo', '/api/menu/current/demo'],
    });
  });

  it('reads the language as the app does: any case, missing or unsupported is Hungarian, English alone', () => {
    const texts = (path: string) =>
      bootAssetsFor(template, manifest, path, 'demo').texts.map((t) => t.split('/')[2]);
    expect(texts('/menu/demo/DE')).toEqual(['de', 'de', 'en', 'en']);
    expect(texts('/menu/demo')).toEqual(['hu', 'hu', 'en', 'en']);
    expect(texts('/menu/demo/xx')).toEqual(['hu', 'hu', 'en', 'en']);
    expect(texts('/menu/demo/en')).toEqual(['en', 'en']);
    // /order/:shortName/:table/:lang
    expect(texts('/order/demo/5/cz')).toEqual(['cz', 'cz', 'en', 'en']);
    expect(bootAssetsFor(template, manifest, '/order/demo/5/cz', 'demo').preloads).toEqual([
      '/assets/react.js',
      '/assets/order-route.js',
      '/assets/price.js',
    ]);
  });

  it('encodes the short name in the answers, and starts only the scripts on other restaurant pages', () => {
    expect(bootAssetsFor(template, manifest, '/menu/caf%C3%A9/hu', 'café').answers).toEqual([
      '/api/restaurant/one/caf%C3%A9',
      '/api/menu/current/caf%C3%A9',
    ]);
    for (const path of ['/terms-and-conditions/demo/1/hu', '/table/demo/1/hu']) {
      expect(bootAssetsFor(template, manifest, path, 'demo')).toEqual({
        modules: ['/assets/main.js'],
        preloads: ['/assets/react.js'],
        styles: [],
        texts: [],
        answers: [],
      });
    }
    // Without a build manifest the lazy chunks are left to the app, everything else is still started.
    expect(bootAssetsFor(template, null, '/menu/demo/hu', 'demo').preloads).toEqual(['/assets/react.js']);
  });
});

import { execFileSync } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BISTRO, type InsertedRestaurant, insertRestaurant } from '../../../test/helpers/fixtures.ts';
import {
  createTempWebDist,
  createTestApp,
  type TestContext,
  testConfig,
} from '../../../test/helpers/test-app.ts';
import { notifyMenuChanged } from '../../db/channels.ts';
import { menuItem } from '../../db/schema.ts';
import { BOOT_LOADER_SCRIPT } from './boot-loader.ts';
import { BOOT_DATA_ID } from './menu-page.ts';

const REPO = join(import.meta.dirname, '..', '..', '..', '..');
const WEB = join(REPO, 'web');

/** The real server renderer (`vite build --ssr`, as `npm run build` makes it) in a test web dist. */
function buildRenderer(webDist: string): void {
  cpSync(join(WEB, 'public', 'locales'), join(webDist, 'locales'), { recursive: true });
  execFileSync(
    join(REPO, 'node_modules', '.bin', 'vite'),
    [
      'build',
      '--ssr',
      'src/entry-server.tsx',
      '--outDir',
      join(webDist, '.server'),
      '--emptyOutDir',
      '--logLevel',
      'error',
    ],
    // As `npm run build` runs it: vitest's NODE_ENV=test would make the JSX dev runtime's calls.
    { cwd: WEB, stdio: 'pipe', env: { ...process.env, NODE_ENV: 'production' } },
  );
}

const texts = (lang: string, ns: string) =>
  JSON.parse(readFileSync(join(WEB, 'public', 'locales', lang, `${ns}.json`), 'utf8')) as Record<
    string,
    unknown
  > & { allergen: Record<string, string> };

function rootOf(html: string): string {
  const start = html.indexOf('<div id="root">');
  const end = html.indexOf(`<script type="application/json" id="${BOOT_DATA_ID}">`);
  expect(start).toBeGreaterThan(-1);
  expect(end).toBeGreaterThan(start);
  return html.slice(start, end);
}

function dataOf(html: string): {
  restaurant: { shortName: string };
  menu: { menuItems: { id: number }[] }[];
  resources: Record<string, Record<string, unknown>>;
  language: string;
} {
  const match = html.match(
    new RegExp(`<script type="application/json" id="${BOOT_DATA_ID}">([^<]*)</script>`),
  );
  if (!match?.[1]) throw new Error('no data block');
  return JSON.parse(match[1]);
}

const SCRIPT_TITLE = '</script><script>alert("menu")</script>';

describe('server-rendered menu pages', () => {
  const web = createTempWebDist();
  let ctx: TestContext;
  let bistro: InsertedRestaurant;
  const get = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    buildRenderer(web.dir);
    writeFileSync(join(web.dir, 'assets', 'menu-route.css'), '.menu{color:#123}');
    ctx = await createTestApp('pglite', { config: testConfig({ WEB_DIST: web.dir }) });
    bistro = await insertRestaurant(ctx.database.db, BISTRO);
    await insertRestaurant(ctx.database.db, {
      shortName: 'tricky',
      categories: [
        {
          ref: 'mains',
          titles: { en: 'Mains & <b>more</b>' },
          items: [{ ref: 'evil', priceGross: 1000, titles: { en: SCRIPT_TITLE } }],
        },
      ],
    });
    await insertRestaurant(ctx.database.db, { shortName: 'closed', isEnabled: false, categories: [] });
    await insertRestaurant(ctx.database.db, {
      shortName: 'pictures',
      imageUrl: '/images/demo/restaurant.webp',
      categories: [
        {
          ref: 'mains',
          titles: { en: 'Mains' },
          items: [
            {
              ref: 'own',
              priceGross: 1000,
              titles: { en: 'Own' },
              imageUrl: '/images/menu/gulyasleves.webp',
            },
            {
              ref: 'foreign',
              priceGross: 1000,
              titles: { en: 'Foreign' },
              imageUrl: 'https://cdn.example/x.webp',
            },
          ],
        },
      ],
    });
  }, 180_000);
  afterAll(async () => {
    await ctx?.close();
    web.remove();
  });

  it('renders every category and dish with prices, allergen names and ratings into #root', async () => {
    const response = await get('/menu/bistro/en');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = response.body;
    expect(html).toContain('<html lang="en">');
    const root = rootOf(html);
    // The header, the strip (as links to the sections) and both active categories with their dishes.
    expect(root).toContain('Kis Bisztró');
    expect(root).toMatch(/<a href="#category-\d+"[^>]*>Soups<\/a>/);
    expect(root).toMatch(/<a href="#category-\d+"[^>]*>Drinks<\/a>/);
    expect(root).toMatch(/<h2[^>]*>Soups<\/h2>/);
    expect(root).toMatch(/<h2[^>]*>Drinks<\/h2>/);
    expect(root).toContain('Goulash soup');
    expect(root).toContain('2,490');
    expect(root).toContain('1,800');
    // Inactive dishes and categories are not shown.
    expect(root).not.toContain('hidden-soup');
    expect(root).not.toContain('old-dish');
    // Allergen badges carry their names for assistive technology, in the page's language.
    const names = texts('en', 'menu').allergen;
    for (const type of ['VEGAN', 'CELERY', 'GLUTEN', 'FISH']) {
      expect(root).toMatch(new RegExp(`<img [^>]*alt="${names[type]}"`));
    }
    // Read-only like/dislike counts (no session on the server) and the sold-out note.
    expect(root).toContain(`>${String(texts('en', 'menu').sold_out)}<`);
    expect(root).toMatch(/<span aria-hidden="true">10<\/span>/);
  });

  it('says without JavaScript that ordering and ratings need it, and links every language', async () => {
    const root = rootOf((await get('/menu/bistro/en')).body);
    expect(root).toContain('<noscript>');
    expect(root).toContain(String(texts('en', 'common').noscript_note));
    for (const lang of ['hu', 'en', 'de', 'fr', 'hr', 'pl', 'ro', 'cz', 'si', 'sk']) {
      expect(root).toContain(`href="/menu/bistro/${lang}"`);
    }
    const hu = rootOf((await get('/menu/bistro/hu')).body);
    expect(hu).toContain(String(texts('hu', 'common').noscript_note));
  });

  it('falls back to English, then to what there is, per text (spec translation fallback)', async () => {
    const root = rootOf((await get('/menu/bistro/de')).body);
    expect(root).toMatch(/<h2[^>]*lang="de"[^>]*>Suppen<\/h2>|<h2[^>]*>Suppen<\/h2>/);
    expect(root).toMatch(/lang="en"[^>]*>Drinks</);
    expect(root).toContain('Goulash soup');
    expect(root).toContain('Pálinka');
    // The page's own texts are German.
    expect(root).toContain(`alt="${texts('de', 'menu').allergen.GLUTEN}"`);
  });

  it('carries the answers and texts it was rendered from in a data block the browser hydrates from', async () => {
    const html = (await get('/menu/bistro/de')).body;
    const data = dataOf(html);
    expect(data.language).toBe('de');
    expect(data.restaurant.shortName).toBe('bistro');
    const menu = JSON.parse((await get('/api/menu/current/bistro')).body);
    expect(data.menu).toEqual(menu);
    expect(Object.keys(data.resources).sort()).toEqual(['de', 'en']);
    expect(data.resources.de?.menu).toEqual(texts('de', 'menu'));
    // Nothing the loader would fetch again: no answers, no texts; the scripts still start.
    const loader = html.match(/<script type="application\/json" id="boot-assets">([^<]*)<\/script>/)?.[1];
    const assets = JSON.parse(loader ?? '{}');
    expect(assets.answers).toEqual([]);
    expect(assets.texts).toEqual([]);
    expect(assets.modules.length).toBeGreaterThan(0);
    expect(html).toContain(`<script>${BOOT_LOADER_SCRIPT}</script>`);
  });

  it("puts the screen's stylesheets into the page (no round trip before the first paint)", async () => {
    const html = (await get('/menu/bistro/en')).body;
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<style>.menu{color:#123}</style>');
    // Kept as a disabled link (not fetched), so the app's code-splitting sees the stylesheet is there.
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/menu-route.css" disabled>');
  });

  it("preloads the hero with the same srcset and sizes as the header's picture, so one file is fetched", async () => {
    const html = (await get('/menu/pictures/en')).body;
    // HTML attribute names are case-insensitive (React writes srcSet).
    const attribute = (tag: string, name: string) => tag.match(new RegExp(` ${name}="([^"]*)"`, 'i'))?.[1];
    const preloads = html.match(/<link rel="preload" as="image"[^>]*>/g) ?? [];
    // One preload, at the top of the head right after the viewport's meta tag (before it a phone would size
    // 100vw by a 980 px layout); React's own image preloads are not left inside #root.
    expect(preloads).toHaveLength(1);
    expect(html).toMatch(/<meta name="viewport"[^>]*><link rel="preload" as="image"/);
    expect(rootOf(html)).not.toContain('rel="preload"');
    const preload = preloads[0] ?? '';
    expect(attribute(preload, 'href')).toBe('/images/demo/restaurant.webp');
    expect(attribute(preload, 'imagesrcset')).toBe(
      '/images/variants/demo/restaurant-480w.webp 480w, /images/variants/demo/restaurant-750w.webp 750w, ' +
        '/images/variants/demo/restaurant-828w.webp 828w, ' +
        '/images/demo/restaurant.webp 1280w',
    );
    expect(attribute(preload, 'imagesizes')).toBe('100vw');
    // Both headers (phone and desktop, one hidden by CSS) carry exactly that.
    const heroes = rootOf(html).match(/<img[^>]*data-hero-image[^>]*>/g) ?? [];
    expect(heroes).toHaveLength(2);
    for (const hero of heroes) {
      expect(attribute(hero, 'src')).toBe('/images/demo/restaurant.webp');
      expect(attribute(hero, 'srcset')).toBe(attribute(preload, 'imagesrcset'));
      expect(attribute(hero, 'sizes')).toBe(attribute(preload, 'imagesizes'));
    }
    // A dish's own picture offers its copies at the square's drawn width; a picture elsewhere only itself.
    const own = rootOf(html).match(/<img[^>]*src="\/images\/menu\/gulyasleves.webp"[^>]*>/)?.[0] ?? '';
    expect(attribute(own, 'src')).toBe('/images/menu/gulyasleves.webp');
    expect(attribute(own, 'srcset')).toBe(
      '/images/variants/menu/gulyasleves-320w.webp 320w, /images/variants/menu/gulyasleves-520w.webp 520w, ' +
        '/images/menu/gulyasleves.webp 800w',
    );
    expect(attribute(own, 'sizes')).toBe('171px');
    const foreign = rootOf(html).match(/<img[^>]*src="https:\/\/cdn.example\/x.webp"[^>]*>/)?.[0] ?? '';
    expect(attribute(foreign, 'src')).toBe('https://cdn.example/x.webp');
    expect(foreign).not.toMatch(/srcset|sizes/i);
  });

  it('escapes menu texts: a title holding </script> cannot end a block or add a script', async () => {
    const html = (await get('/menu/tricky/en')).body;
    // Exactly the two blocks, the JSON-LD and the loader are scripts; the title is text in the markup and data.
    expect(html.match(/<script/g)).toHaveLength(4);
    expect(html.match(/<script type="application\/ld\+json">/g)).toHaveLength(1);
    expect(html).not.toContain('alert("menu")</script>');
    expect(rootOf(html)).toContain('&lt;/script&gt;&lt;script&gt;alert(&quot;menu&quot;)&lt;/script&gt;');
    expect(rootOf(html)).toContain('Mains &amp; &lt;b&gt;more&lt;/b&gt;');
    // The data block gives the browser the title exactly as it is.
    const data = dataOf(html) as unknown as {
      menu: { menuItems: { translations: { title: string }[] }[] }[];
    };
    expect(data.menu[0]?.menuItems[0]?.translations[0]?.title).toBe(SCRIPT_TITLE);
  });

  it('is built once and sent compressed, with an ETag the browser can revalidate', async () => {
    const first = await get('/menu/bistro/en', { 'accept-encoding': 'br, gzip' });
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers.vary).toBe('Accept-Encoding');
    expect(first.headers['cache-control']).toBe('no-cache');
    const plain = await get('/menu/bistro/en');
    expect(brotliDecompressSync(first.rawPayload).toString('utf8')).toBe(plain.body);
    const again = await get('/menu/bistro/en', {
      'accept-encoding': 'br',
      'if-none-match': String(first.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    expect(again.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('is rebuilt when the menu changes (the NOTIFY that rebuilds the menu answer)', async () => {
    expect(rootOf((await get('/menu/bistro/en')).body)).toContain('2,490');
    await ctx.database.db
      .update(menuItem)
      .set({ priceGross: 2590 })
      .where(eq(menuItem.id, bistro.items.goulash ?? 0));
    // Not announced yet: the cached page stays, like the cached answer.
    expect(rootOf((await get('/menu/bistro/en')).body)).toContain('2,490');
    await notifyMenuChanged(ctx.database, 'bistro');
    await expect.poll(async () => rootOf((await get('/menu/bistro/en')).body)).toContain('2,590');
    expect(rootOf((await get('/menu/bistro/en')).body)).not.toContain('2,490');
  });

  it('is rendered again as soon as the menu changes, not when the next diner asks', async () => {
    const price = (priceGross: number) =>
      ctx.database.db
        .update(menuItem)
        .set({ priceGross })
        .where(eq(menuItem.id, bistro.items.goulash ?? 0));
    await price(2690);
    await notifyMenuChanged(ctx.database, 'bistro');
    // Rendered in the background from the announced price (well under a second here) …
    await new Promise((resolve) => setTimeout(resolve, 2000));
    // … so the next diner gets that page at once: a change nobody announced is not in it.
    await price(2790);
    const page = rootOf((await get('/menu/bistro/en')).body);
    expect(page).toContain('2,690');
    expect(page).not.toContain('2,790');
  });

  it.each([
    '/menu/nobody/en',
    '/menu/closed/en',
    '/menu/bistro/xx',
    '/menu/bistro/en/',
    '/order/bistro/3/en',
  ])('leaves %s to the app (no server rendering)', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain(BOOT_DATA_ID);
    expect(response.body).toContain('<div id="root"></div>');
  });
});

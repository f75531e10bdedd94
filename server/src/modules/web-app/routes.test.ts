import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { APP_CONFIG_META_NAME, AppConfigSchema } from '@tablo/contract/config';
import { ErrorBodySchema } from '@tablo/contract/errors';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { insertRestaurant } from '../../../test/helpers/fixtures.ts';
import {
  createTempWebDist,
  createTestApp,
  type TestContext,
  testConfig,
} from '../../../test/helpers/test-app.ts';
import { escapeHtml } from '../../lib/html-escape.ts';
import { BOOT_LOADER_CSP_SOURCE, BOOT_LOADER_SCRIPT } from './boot-loader.ts';
import { configMetaTag } from './index-html.ts';
import { withBootHero } from './routes.ts';

function readConfigMeta(html: string): unknown {
  const match = html.match(new RegExp(`<meta name="${APP_CONFIG_META_NAME}" content="([^"]*)">`));
  if (!match?.[1]) throw new Error('no config meta tag');
  const decoded = match[1]
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
  return JSON.parse(decoded);
}

describe('the built web app', () => {
  const web = createTempWebDist();
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp('pglite', {
      config: testConfig({
        WEB_DIST: web.dir,
        ADMIN_URL: 'https://admin.example.com',
        POWERED_BY_NAME: 'Foglalj <&> "Co"',
      }),
    });
  });
  afterAll(async () => {
    await ctx.close();
    web.remove();
  });

  it.each(['/', '/hu', '/menu/demo/hu', '/order/demo/3/en?t=abc', '/index.html'])(
    'answers %s with index.html carrying the runtime config',
    async (url) => {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).not.toContain('<!--tablo-config-->');
      expect(AppConfigSchema.parse(readConfigMeta(response.body))).toEqual({
        adminUrl: 'https://admin.example.com',
        publicUrl: 'http://localhost:3000',
        poweredByName: 'Foglalj <&> "Co"',
        poweredByUrl: 'http://localhost:3000',
        analyticsId: null,
      });
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    },
  );

  it('serves hashed assets as immutable and other files with a short cache', async () => {
    const asset = await ctx.app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const robots = await ctx.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['cache-control']).toBe('public, max-age=300');
  });

  it('serves the service worker at /sw.js for revalidation on every visit, and lets pages register it', async () => {
    writeFileSync(join(web.dir, 'sw.js'), 'self.addEventListener("fetch", () => {});\n');
    const worker = await ctx.app.inject({ method: 'GET', url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache');
    const page = await ctx.app.inject({ method: 'GET', url: '/menu/demo/en' });
    expect(page.headers['content-security-policy']).toContain("worker-src 'self'");
  });

  it('answers a missing asset with index.html but an unknown API path with a JSON 404', async () => {
    const api = await ctx.app.inject({ method: 'GET', url: '/api/restaurants' });
    expect(api.statusCode).toBe(404);
    ErrorBodySchema.parse(api.json());
    const post = await ctx.app.inject({ method: 'POST', url: '/menu/demo/hu' });
    expect(post.statusCode).toBe(404);
    ErrorBodySchema.parse(post.json());
  });

  it("paints an enabled restaurant's hero image from the HTML of its pages, and nothing elsewhere", async () => {
    await insertRestaurant(ctx.database.db, { shortName: 'hero' });
    await insertRestaurant(ctx.database.db, { shortName: 'hero-closed', isEnabled: false });
    const hero = '<img src="/images/restaurant.webp" alt="" fetchpriority="high">';
    for (const url of ['/menu/hero/hu', '/order/hero/3/en?t=abc', '/terms-and-conditions/hero/1']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body, url).toMatch(/<body[^>]*><div id="boot-hero"/);
      expect(response.body, url).toContain(hero);
    }
    for (const url of ['/menu/hero-closed/hu', '/menu/nowhere/hu', '/hu']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body, url).not.toContain('boot-hero');
    }
  });

  it("starts a restaurant page's scripts from the loader, which the page's CSP lets run by its hash", async () => {
    await insertRestaurant(ctx.database.db, { shortName: 'loader' });
    const page = await ctx.app.inject({ method: 'GET', url: '/menu/loader/de' });
    expect(page.body).not.toMatch(/<script type="module"|rel="modulepreload"/);
    const data = page.body.match(/<script type="application\/json" id="boot-assets">([^<]*)<\/script>/)?.[1];
    expect(JSON.parse(data ?? 'null')).toEqual({
      modules: ['/assets/main-abc123.js'],
      preloads: ['/assets/react-abc123.js', '/assets/menu-route-abc123.js', '/assets/format-price-abc123.js'],
      styles: ['/assets/menu-route.css'],
      texts: [
        '/locales/de/common.json',
        '/locales/de/menu.json',
        '/locales/en/common.json',
        '/locales/en/menu.json',
      ],
      answers: ['/api/restaurant/one/loader', '/api/menu/current/loader'],
    });
    // The loader ends the page's own markup; only the JSON-LD follows it, at the end of the body.
    expect(page.body).toContain(`<script>${BOOT_LOADER_SCRIPT}</script><script type="application/ld+json">`);
    expect(page.body.slice(page.body.indexOf('<body>'))).toMatch(/^<body>.*<\/script><\/body><\/html>$/s);
    expect(page.headers['content-security-policy']).toContain(`script-src 'self' ${BOOT_LOADER_CSP_SOURCE};`);
    // Pages without a hero keep the build's own script tags; the build manifest is not served.
    const landing = await ctx.app.inject({ method: 'GET', url: '/hu' });
    expect(landing.body).toContain(
      '<script type="module" crossorigin src="/assets/main-abc123.js"></script>',
    );
    expect(landing.body).not.toContain('boot-assets');
    const manifest = await ctx.app.inject({ method: 'GET', url: '/.vite/manifest.json' });
    expect(manifest.body).not.toContain('menu-route');
  });

  it('escapes the hero image address', () => {
    expect(withBootHero('<body class="x"></body>', '/a"b.webp')).toBe(
      '<body class="x"><div id="boot-hero" class="boot-hero" aria-hidden="true">' +
        '<img src="/a&quot;b.webp" alt="" fetchpriority="high"><div class="boot-hero-scrim"></div></div></body>',
    );
  });

  it("paints and preloads the app's own hero with its smaller copies, with the same srcset and sizes", () => {
    const html = withBootHero(
      '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>x</title></head><body></body>',
      '/images/demo/restaurant.webp',
    );
    const srcset =
      '/images/variants/demo/restaurant-480w.webp 480w, /images/variants/demo/restaurant-750w.webp 750w, ' +
      '/images/variants/demo/restaurant-828w.webp 828w, ' +
      '/images/demo/restaurant.webp 1280w';
    // Right after the viewport's meta tag: before it a phone sizes 100vw by a 980 px layout (the widest file).
    expect(html).toContain(
      `<meta name="viewport" content="width=device-width"><link rel="preload" as="image" href="/images/demo/restaurant.webp" imagesrcset="${srcset}" imagesizes="100vw" fetchpriority="high"><title>`,
    );
    expect(html).toContain(
      `<img src="/images/demo/restaurant.webp" srcset="${srcset}" sizes="100vw" alt="" fetchpriority="high">`,
    );
  });

  it('never serves files outside the build folder', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/../../etc/passwd' });
    expect(response.body).not.toContain('root:');
  });
});

describe('without a web build', () => {
  let ctx: TestContext | undefined;
  afterEach(async () => {
    await ctx?.close();
  });

  it('answers pages with 503 saying how to build, and the API still works', async () => {
    ctx = await createTestApp('pglite');
    const page = await ctx.app.inject({ method: 'GET', url: '/menu/demo/hu' });
    expect(page.statusCode).toBe(503);
    expect(page.body).toContain('npm run build');
    const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
  });
});

describe('configMetaTag', () => {
  it('escapes everything that could end the attribute or open a tag', () => {
    expect(escapeHtml(`"'<>&`)).toBe('&quot;&#39;&lt;&gt;&amp;');
    const tag = configMetaTag({
      adminUrl: 'https://a.example',
      publicUrl: 'https://p.example',
      poweredByName: '"><script>alert(1)</script>',
      poweredByUrl: 'https://p.example',
      analyticsId: null,
    });
    expect(tag).not.toContain('<script>');
    expect(tag.match(/"/g)).toHaveLength(4);
  });
});

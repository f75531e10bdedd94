import { LANGUAGES } from '@tablo/contract/languages';
import { eq } from 'drizzle-orm';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRestaurant } from '../../../test/helpers/fixtures.ts';
import {
  createTempWebDist,
  createTestApp,
  type TestContext,
  testConfig,
} from '../../../test/helpers/test-app.ts';
import { restaurant } from '../../db/schema.ts';

const PUBLIC_URL = 'https://tablo.example';

interface SitemapUrl {
  loc: string;
  'xhtml:link': { '@_hreflang': string; '@_href': string; '@_rel': string }[];
}

describe('sitemap.xml and robots.txt', () => {
  // A web build with its own robots.txt: the route, not the static file, must answer.
  const web = createTempWebDist();
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp('pglite', { config: testConfig({ WEB_DIST: web.dir, PUBLIC_URL }) });
    await insertRestaurant(ctx.database.db, { shortName: 'alpha' });
    await insertRestaurant(ctx.database.db, { shortName: 'beta' });
    await insertRestaurant(ctx.database.db, { shortName: 'gamma-closed', isEnabled: false });
  });
  afterAll(async () => {
    await ctx.close();
    web.remove();
  });

  it("lists every enabled restaurant's menu in the ten languages, each with its alternates", async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(XMLValidator.validate(response.body)).toBe(true);
    const xml = new XMLParser({
      ignoreAttributes: false,
      isArray: (name) => name === 'url' || name === 'xhtml:link',
    }).parse(response.body) as { urlset: { '@_xmlns': string; url: SitemapUrl[] } };
    expect(xml.urlset['@_xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const locs = xml.urlset.url.map((url) => url.loc);
    const menus = locs.filter((loc) => loc.includes('/menu/'));
    expect(menus.sort()).toEqual(
      ['alpha', 'beta']
        .flatMap((name) => LANGUAGES.map((l) => `${PUBLIC_URL}/menu/${name}/${l.code}`))
        .sort(),
    );
    expect(locs.filter((loc) => !loc.includes('/menu/'))).toEqual(
      LANGUAGES.map((l) => `${PUBLIC_URL}/${l.code}`),
    );
    expect(response.body).not.toContain('gamma-closed');
    for (const url of xml.urlset.url) {
      const links = Object.fromEntries(url['xhtml:link'].map((link) => [link['@_hreflang'], link['@_href']]));
      expect(Object.keys(links)).toEqual([...LANGUAGES.map((l) => l.bcp47), 'x-default']);
      expect(Object.values(links)).toContain(url.loc);
    }
  });

  it('drops a restaurant from the sitemap once it is disabled', async () => {
    await ctx.database.db
      .update(restaurant)
      .set({ isEnabled: false })
      .where(eq(restaurant.shortName, 'beta'));
    const response = await ctx.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.body).not.toContain('/menu/beta/');
    expect(response.body).toContain('/menu/alpha/');
  });

  it('points robots at the sitemap and keeps crawlers out of the API, staff and table screens', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = response.body.split('\n');
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    for (const path of ['/api/', '/staff', '/order/', '/table/', '/payment-success/']) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).not.toContain('Disallow: /menu/');
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BISTRO, insertRestaurant } from '../../../test/helpers/fixtures.ts';
import {
  createTempWebDist,
  createTestApp,
  type TestContext,
  testConfig,
} from '../../../test/helpers/test-app.ts';
import { MENU_CHANGED_CHANNEL } from '../../db/channels.ts';
import { restaurant } from '../../db/schema.ts';

// Over a real socket: the hot path only runs in the Node server, not in app.inject.
describe('the menu page, kept built and compressed', () => {
  const web = createTempWebDist();
  let ctx: TestContext;
  let base: string;
  beforeAll(async () => {
    ctx = await createTestApp('pglite', { config: testConfig({ WEB_DIST: web.dir }) });
    await insertRestaurant(ctx.database.db, BISTRO);
    base = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await ctx.close();
    web.remove();
  });

  function comparable(response: Response): Record<string, string> {
    const headers = Object.fromEntries(response.headers);
    delete headers.date;
    delete headers['keep-alive'];
    return headers;
  }

  it('answers the same bytes and headers from the cache as when it was built, in every coding', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const init = { headers: { 'accept-encoding': encoding } };
      const url = `${base}/menu/bistro/${encoding === 'br' ? 'de' : encoding === 'gzip' ? 'fr' : 'pl'}`;
      const built = await fetch(url, init);
      const builtBody = await built.text();
      const hot = await fetch(url, init);
      expect(hot.status).toBe(200);
      expect(comparable(hot)).toEqual(comparable(built));
      expect(hot.headers.get('content-encoding')).toBe(encoding === 'identity' ? null : encoding);
      expect(hot.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(hot.headers.get('vary')).toBe('Accept-Encoding');
      expect(await hot.text()).toBe(builtBody);
      expect(builtBody).toContain('<title>Kis Bisztró');
      const revalidated = await fetch(url, {
        headers: { ...init.headers, 'if-none-match': String(hot.headers.get('etag')) },
      });
      expect(revalidated.status).toBe(304);
    }
  });

  it('is rebuilt as soon as the restaurant changes, before anyone asks for it again', async () => {
    await insertRestaurant(ctx.database.db, { ...BISTRO, shortName: 'warm', name: 'Meleg' });
    expect(await (await fetch(`${base}/menu/warm/en`)).text()).toContain('Meleg');
    const rename = (name: string) =>
      ctx.database.db.update(restaurant).set({ name }).where(eq(restaurant.shortName, 'warm'));
    await rename('Forró');
    await ctx.database.notify(MENU_CHANGED_CHANNEL, 'warm');
    // The page is rendered again in the background from the changed data (a rendering takes well under
    // a second here) …
    await new Promise((resolve) => setTimeout(resolve, 2000));
    // … so a change nobody announced is not in it: the next diner got the page built before it.
    await rename('Langyos');
    const page = await (await fetch(`${base}/menu/warm/en`)).text();
    expect(page).toContain('Forró');
    expect(page).not.toContain('Langyos');
  });

  it('is rebuilt when the restaurant changes, and a page that is not shown is never kept', async () => {
    expect(await (await fetch(`${base}/menu/bistro/en`)).text()).toContain('Kis Bisztró');
    await ctx.database.db
      .update(restaurant)
      .set({ name: 'Nagy Bisztró' })
      .where(eq(restaurant.shortName, 'bistro'));
    await ctx.database.notify(MENU_CHANGED_CHANNEL, 'bistro');
    await expect.poll(async () => (await fetch(`${base}/menu/bistro/en`)).text()).toContain('Nagy Bisztró');

    await ctx.database.db
      .update(restaurant)
      .set({ isEnabled: false })
      .where(eq(restaurant.shortName, 'bistro'));
    await ctx.database.notify(MENU_CHANGED_CHANNEL, 'bistro');
    await expect
      .poll(async () => (await fetch(`${base}/menu/bistro/en`)).text())
      .toContain('<meta name="robots" content="noindex">');
    const page = await fetch(`${base}/menu/bistro/en`);
    expect(page.headers.get('etag')).toBeNull();
    expect(await page.text()).not.toContain('ld+json');
  });
});

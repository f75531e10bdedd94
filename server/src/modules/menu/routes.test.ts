import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { ERROR_TEXTS, ErrorBodySchema } from '@tablo/contract/errors';
import { MenuSchema } from '@tablo/contract/menu';
import { SessionUuidResponseSchema } from '@tablo/contract/session';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BISTRO, type InsertedRestaurant, insertRestaurant } from '../../../test/helpers/fixtures.ts';
import { countStatements, type StatementCounter } from '../../../test/helpers/statement-counter.ts';
import { createTestApp, type TestContext, testConfig } from '../../../test/helpers/test-app.ts';
import { createPostgresTestDatabaseUrl, testDatabaseKinds } from '../../../test/helpers/test-database.ts';
import { buildApp } from '../../app.ts';
import { notifyMenuChanged } from '../../db/channels.ts';
import { openPostgres } from '../../db/postgres.ts';
import { menuItem } from '../../db/schema.ts';

describe.each(testDatabaseKinds())('GET /api/menu/current/:shortName on %s', (kind) => {
  let ctx: TestContext;
  let bistro: InsertedRestaurant;
  let counter: StatementCounter;
  beforeEach(async () => {
    counter = countStatements(kind);
    ctx = await createTestApp(kind);
    bistro = await insertRestaurant(ctx.database.db, BISTRO);
  });
  afterEach(async () => {
    counter.restore();
    await ctx.close();
  });

  const getMenu = (headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url: '/api/menu/current/bistro', headers });

  it('answers active categories and active items in order, with every field', async () => {
    const response = await getMenu();
    expect(response.statusCode).toBe(200);
    const menu = MenuSchema.parse(response.json());
    expect(menu.map((c) => c.id)).toEqual([bistro.categories.soups, bistro.categories.drinks]);
    const [soups, drinks] = menu;
    expect(soups).toMatchObject({ restaurantShortName: 'bistro', isActive: true, order: 10 });
    expect(soups?.translations.map((t) => [t.isoCode, t.title])).toEqual([
      ['hu', 'Levesek'],
      ['en', 'Soups'],
      ['de', 'Suppen'],
    ]);
    expect(soups?.menuItems.map((i) => i.id)).toEqual([bistro.items.goulash, bistro.items.fishsoup]);
    expect(soups?.menuItems[0]).toMatchObject({
      priceGross: 2490,
      isActive: true,
      imageUrl: '/images/goulash.webp',
      availabilityType: 'AVAILABLE',
      vatKey: { code: 'C', valuePercent: 5 },
      order: 10,
      // spec §3: allergens always in display order, whatever order they were stored in.
      allergens: [{ type: 'GLUTEN' }, { type: 'CELERY' }, { type: 'VEGAN' }],
      likeCount: 10,
      dislikeCount: 2,
    });
    expect(soups?.menuItems[0]?.translations[0]).toMatchObject({
      title: 'Gulyásleves',
      description: 'Gulyásleves description',
      isoCode: 'hu',
    });
    expect(soups?.menuItems[1]).toMatchObject({ availabilityType: 'SOLD_OUT', imageUrl: null });
    expect(drinks?.menuItems[0]).toMatchObject({ vatKey: { code: 'A', valuePercent: 27 }, likeCount: 0 });
  });

  it('answers 404 for an unknown restaurant and for a disabled one', async () => {
    await insertRestaurant(ctx.database.db, { shortName: 'closed', isEnabled: false });
    const unknown = await ctx.app.inject({ method: 'GET', url: '/api/menu/current/nope' });
    expect(unknown.statusCode).toBe(404);
    expect(ErrorBodySchema.parse(unknown.json()).message).toBe(ERROR_TEXTS.restaurantNotFound);
    const closed = await ctx.app.inject({ method: 'GET', url: '/api/menu/current/closed' });
    expect(closed.statusCode).toBe(404);
    expect(ErrorBodySchema.parse(closed.json()).message).toBe(ERROR_TEXTS.restaurantNotAvailable);
  });

  it('answers an empty list for a restaurant without a menu', async () => {
    await insertRestaurant(ctx.database.db, { shortName: 'empty' });
    const response = await ctx.app.inject({ method: 'GET', url: '/api/menu/current/empty' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it('negotiates brotli and gzip; every coding carries the same JSON', async () => {
    const plain = await getMenu();
    const br = await getMenu({ 'accept-encoding': 'gzip, deflate, br' });
    const gz = await getMenu({ 'accept-encoding': 'gzip' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    for (const response of [plain, br, gz]) {
      expect(response.headers.vary).toMatch(/Accept-Encoding/);
      expect(response.headers['cache-control']).toBe('no-cache');
    }
    expect(new Set([plain.headers.etag, br.headers.etag, gz.headers.etag]).size).toBe(3);
  });

  it('answers 304 without a body when the ETag matches, 200 when it does not', async () => {
    const first = await getMenu({ 'accept-encoding': 'br' });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await getMenu({ 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    const stale = await getMenu({ 'accept-encoding': 'br', 'if-none-match': '"something-else"' });
    expect(stale.statusCode).toBe(200);
  });

  it('is rebuilt after a change is announced with notifyMenuChanged', async () => {
    const before = MenuSchema.parse((await getMenu()).json());
    expect(before[0]?.menuItems[0]?.priceGross).toBe(2490);
    await ctx.database.db
      .update(menuItem)
      .set({ priceGross: 2590 })
      .where(eq(menuItem.id, bistro.items.goulash ?? 0));
    // Not announced yet: the cached answer stays.
    expect(MenuSchema.parse((await getMenu()).json())[0]?.menuItems[0]?.priceGross).toBe(2490);
    await notifyMenuChanged(ctx.database, 'bistro');
    await expect
      .poll(async () => MenuSchema.parse((await getMenu()).json())[0]?.menuItems[0]?.priceGross)
      .toBe(2590);
  });

  it('a change rebuilds the menu once, before anyone asks; diners reading meanwhile share that one build', async () => {
    const first = counter.count;
    await getMenu();
    // What one build of the answer costs (the first read builds it).
    const oneBuild = counter.count - first;
    expect(oneBuild).toBeGreaterThan(0);
    const setPrice = (priceGross: number) =>
      ctx.database.db
        .update(menuItem)
        .set({ priceGross })
        .where(eq(menuItem.id, bistro.items.goulash ?? 0));

    // Nobody reads: the change alone rebuilds it, once.
    await setPrice(2590);
    const changed = counter.count;
    await notifyMenuChanged(ctx.database, 'bistro');
    await expect.poll(() => counter.count - changed).toBe(oneBuild);
    const built = counter.count;
    expect(MenuSchema.parse((await getMenu()).json())[0]?.menuItems[0]?.priceGross).toBe(2590);
    expect(counter.count).toBe(built);

    // Fifty diners read at once, again and again, from the change on: still one build between them all.
    await new Promise((resolve) => setTimeout(resolve, 60)); // past the coalescing window
    await setPrice(2690);
    const again = counter.count;
    await notifyMenuChanged(ctx.database, 'bistro');
    const seen = new Set<string>();
    await expect
      .poll(async () => {
        const answers = await Promise.all(Array.from({ length: 50 }, () => getMenu()));
        for (const answer of answers) seen.add(answer.body);
        return answers.every(
          (answer) => MenuSchema.parse(answer.json())[0]?.menuItems[0]?.priceGross === 2690,
        );
      })
      .toBe(true);
    expect(counter.count - again).toBe(oneBuild);
    // Each diner read either the old menu or the new one, nothing else.
    expect(seen.size).toBeLessThanOrEqual(2);
  });
});

const url = process.env.TEST_DATABASE_URL;

// Two instances on one PostgreSQL: a rating through one refreshes the cached menu of the other (NOTIFY).
// Defined only when a PostgreSQL is configured: PGlite is one process by design.
if (url) {
  describe('menu cache across instances on postgres', () => {
    it('drops the other instance’s cached menu when a rating lands on this one', async () => {
      const fresh = await createPostgresTestDatabaseUrl(url);
      const databases = [
        await openPostgres({ url: fresh.url, poolSize: 4 }),
        await openPostgres({ url: fresh.url, poolSize: 4 }),
      ];
      const [a, b] = await Promise.all(
        databases.map((database) =>
          buildApp({ database, config: testConfig(), logger: false, cacheCoalesceMs: 20 }),
        ),
      );
      try {
        if (!a || !b || !databases[0]) throw new Error('setup failed');
        const bistro = await insertRestaurant(databases[0].db, BISTRO);
        const likesOnB = async () => {
          const menu = MenuSchema.parse(
            (await b.inject({ method: 'GET', url: '/api/menu/current/bistro' })).json(),
          );
          return menu[0]?.menuItems[0]?.likeCount;
        };
        expect(await likesOnB()).toBe(10);
        const { uuid } = SessionUuidResponseSchema.parse(
          (await a.inject({ method: 'GET', url: '/api/order/uuid' })).json(),
        );
        const rated = await a.inject({
          method: 'POST',
          url: '/api/menu-item-ratings',
          payload: { sessionId: uuid, menuItemId: bistro.items.goulash, rating: 'LIKE' },
        });
        expect(rated.statusCode).toBe(200);
        await expect.poll(likesOnB, { timeout: 5_000 }).toBe(11);
      } finally {
        await a?.close();
        await b?.close();
        for (const database of databases) await database.close();
        await fresh.drop();
      }
    });
  });
}

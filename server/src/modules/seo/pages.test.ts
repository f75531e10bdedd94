import { LANGUAGES } from '@tablo/contract/languages';
import { eq } from 'drizzle-orm';
import { Window } from 'happy-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { insertOptionGroup } from '../../../test/helpers/choices.ts';
import { insertRestaurant } from '../../../test/helpers/fixtures.ts';
import {
  createTempWebDist,
  createTestApp,
  type TestContext,
  testConfig,
} from '../../../test/helpers/test-app.ts';
import { MENU_CHANGED_CHANNEL } from '../../db/channels.ts';
import { menuItemTranslation, menuOptionTranslation } from '../../db/schema.ts';

const PUBLIC_URL = 'https://tablo.example';
const XSS = '</script><script>alert(1)</script><!--';

/** The schema.org properties search engines need (schema.org/Restaurant, /Menu, /MenuSection, /MenuItem). */
const OfferLd = z.object({
  '@type': z.literal('Offer'),
  price: z.number().nonnegative(),
  priceCurrency: z.literal('HUF'),
});
const AvailabilityLd = z.enum(['https://schema.org/InStock', 'https://schema.org/SoldOut']);
/** Issue 27: a choice is a `MenuItem` offered at what it adds, in a `MenuSection` per group (`menuAddOn`). */
const AddOnSectionLd = z.object({
  '@type': z.literal('MenuSection'),
  name: z.string().min(1),
  hasMenuItem: z
    .array(
      z.object({
        '@type': z.literal('MenuItem'),
        name: z.string().min(1),
        offers: OfferLd.extend({ availability: AvailabilityLd }),
      }),
    )
    .min(1),
});
const MenuItemLd = z.object({
  '@type': z.literal('MenuItem'),
  name: z.string().min(1),
  description: z.string().optional(),
  image: z.url().optional(),
  offers: OfferLd,
  suitableForDiet: z.literal('https://schema.org/VeganDiet').optional(),
  menuAddOn: z.array(AddOnSectionLd).min(1).optional(),
});
const MenuSectionLd = z.object({
  '@type': z.literal('MenuSection'),
  name: z.string().min(1).optional(),
  hasMenuItem: z.array(MenuItemLd).min(1),
});
const RestaurantLd = z.object({
  '@context': z.literal('https://schema.org'),
  '@type': z.literal('Restaurant'),
  name: z.string().min(1),
  url: z.url(),
  image: z.url(),
  address: z.unknown().optional(),
  servesCuisine: z.unknown().optional(),
  hasMenu: z.object({
    '@type': z.literal('Menu'),
    hasMenuSection: z.array(MenuSectionLd).min(1),
  }),
});

function parse(html: string) {
  const window = new Window();
  const document = new window.DOMParser().parseFromString(html, 'text/html');
  const attr = (selector: string, name: string) =>
    document.querySelector(selector)?.getAttribute(name) ?? null;
  return { document, attr };
}

describe('page heads: title, description, links, og: and JSON-LD', () => {
  const web = createTempWebDist();
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp('pglite', { config: testConfig({ WEB_DIST: web.dir, PUBLIC_URL }) });
    const paprika = await insertRestaurant(ctx.database.db, {
      shortName: 'paprika',
      name: 'Paprika & Co',
      tables: [1, 2],
      categories: [
        {
          ref: 'soups',
          titles: { hu: 'Levesek', en: 'Soups', de: 'Suppen' },
          items: [
            {
              ref: 'goulash',
              priceGross: 2490,
              allergens: ['VEGAN', 'CELERY'],
              titles: { hu: 'Gulyás', en: 'Goulash' },
            },
            { ref: 'fish', priceGross: 3290, imageUrl: null, titles: { en: XSS } },
          ],
        },
      ],
    });
    const goulash = paprika.items.goulash ?? 0;
    await insertOptionGroup(
      ctx.database.db,
      paprika.id,
      {
        ref: 'bread',
        kind: 'SINGLE',
        maxChoices: 1,
        titles: { hu: 'Kenyér', en: 'Bread' },
        options: [
          { ref: 'white', titles: { hu: 'Fehér', en: 'White' } },
          { ref: 'rye', priceDelta: 150, availabilityType: 'SOLD_OUT', titles: { en: 'Rye' } },
        ],
      },
      [goulash],
    );
    await insertOptionGroup(
      ctx.database.db,
      paprika.id,
      {
        ref: 'extras',
        kind: 'MULTIPLE',
        maxChoices: 2,
        titles: { de: 'Extras' },
        options: [{ ref: 'cream', priceDelta: 200, titles: { de: 'Sauerrahm' } }],
      },
      [goulash],
      1,
    );
    await insertRestaurant(ctx.database.db, { shortName: 'closed', isEnabled: false });
  });
  afterAll(async () => {
    await ctx.close();
    web.remove();
  });

  it.each(LANGUAGES)(
    "gives the menu page in $label its language's head and JSON-LD",
    async ({ code, bcp47 }) => {
      const response = await ctx.app.inject({ method: 'GET', url: `/menu/paprika/${code}` });
      expect(response.statusCode).toBe(200);
      const { document, attr } = parse(response.body);
      const url = `${PUBLIC_URL}/menu/paprika/${code}`;

      const titles = document.querySelectorAll('title');
      expect(titles).toHaveLength(1);
      expect(titles[0]?.textContent).toContain('Paprika & Co');
      expect(titles[0]?.textContent).not.toBe('Tablo test');
      const description = attr('meta[name="description"]', 'content');
      expect(description).toEqual(
        code === 'hu'
          ? 'Magyar leírás'
          : code === 'en'
            ? 'English description'
            : expect.stringContaining('Paprika & Co'),
      );
      expect(document.querySelectorAll('meta[name="description"]')).toHaveLength(1);
      expect(document.querySelector('meta[name="robots"]')).toBeNull();
      expect(attr('link[rel="canonical"]', 'href')).toBe(url);

      const alternates = Object.fromEntries(
        [...document.querySelectorAll('link[rel="alternate"][hreflang]')].map((l) => [
          l.getAttribute('hreflang'),
          l.getAttribute('href'),
        ]),
      );
      expect(alternates).toEqual({
        ...Object.fromEntries(LANGUAGES.map((l) => [l.bcp47, `${PUBLIC_URL}/menu/paprika/${l.code}`])),
        'x-default': `${PUBLIC_URL}/menu/paprika/hu`,
      });

      expect(attr('meta[property="og:title"]', 'content')).toBe(titles[0]?.textContent);
      expect(attr('meta[property="og:description"]', 'content')).toBe(description);
      expect(attr('meta[property="og:image"]', 'content')).toBe(`${PUBLIC_URL}/images/restaurant.webp`);
      expect(attr('meta[property="og:url"]', 'content')).toBe(url);
      expect(attr('meta[property="og:type"]', 'content')).toBe('website');
      expect(attr('meta[property="og:locale"]', 'content')?.startsWith(bcp47)).toBe(true);

      const blocks = document.querySelectorAll('script[type="application/ld+json"]');
      expect(blocks).toHaveLength(1);
      // At the end of the body, after the menu's markup: its bytes never delay the first dish (issue 27).
      expect(blocks[0]?.parentElement?.tagName).toBe('BODY');
      expect(response.body.indexOf('application/ld+json')).toBeGreaterThan(response.body.indexOf('<body'));
      const ld = RestaurantLd.parse(JSON.parse(blocks[0]?.textContent ?? ''));
      expect(ld.name).toBe('Paprika & Co');
      expect(ld.image).toBe(`${PUBLIC_URL}/images/restaurant.webp`);
      const [soups] = ld.hasMenu.hasMenuSection;
      // spec §4: the page's language → en → the first translation.
      expect(soups?.name).toBe(code === 'hu' ? 'Levesek' : code === 'de' ? 'Suppen' : 'Soups');
      expect(soups?.hasMenuItem.map((item) => [item.name, item.offers.price, item.suitableForDiet])).toEqual([
        [code === 'hu' ? 'Gulyás' : 'Goulash', 2490, 'https://schema.org/VeganDiet'],
        [XSS, 3290, undefined],
      ]);
      expect(soups?.hasMenuItem[0]?.image).toBe(`${PUBLIC_URL}/images/goulash.webp`);
      // Issue 27: the goulash's choices by group in its order, each at what it adds, in the page's language
      // → en → the first translation; the dish without choices names none.
      const addOns = soups?.hasMenuItem[0]?.menuAddOn?.map((section) => [
        section.name,
        section.hasMenuItem.map((option) => [option.name, option.offers.price, option.offers.availability]),
      ]);
      expect(addOns).toEqual([
        [
          code === 'hu' ? 'Kenyér' : 'Bread',
          [
            [code === 'hu' ? 'Fehér' : 'White', 0, 'https://schema.org/InStock'],
            ['Rye', 150, 'https://schema.org/SoldOut'],
          ],
        ],
        ['Extras', [['Sauerrahm', 200, 'https://schema.org/InStock']]],
      ]);
      expect(soups?.hasMenuItem[1]?.menuAddOn).toBeUndefined();
    },
  );

  it('keeps a dish named like markup inert: one data block, no other script, the name read back intact', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/menu/paprika/en' });
    expect(response.body).not.toContain('<script>alert(1)');
    expect(response.body).not.toContain(XSS);
    const { document } = parse(response.body);
    const scripts = [...document.querySelectorAll('script')];
    expect(scripts.filter((s) => s.textContent?.includes('alert'))).toHaveLength(1);
    expect(scripts.find((s) => s.textContent?.includes('alert'))?.getAttribute('type')).toBe(
      'application/ld+json',
    );
    const block = scripts.find((s) => s.getAttribute('type') === 'application/ld+json')?.textContent ?? '';
    expect(block).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.stringify(JSON.parse(block))).toContain(JSON.stringify(XSS).slice(1, -1));
  });

  it('marks table screens not to be indexed, without JSON-LD, with their own links', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/order/paprika/2/de?t=secret' });
    const { document, attr } = parse(response.body);
    expect(attr('meta[name="robots"]', 'content')).toBe('noindex');
    expect(document.querySelector('title')?.textContent).toBe('Paprika & Co – Speisekarte');
    expect(attr('link[rel="canonical"]', 'href')).toBe(`${PUBLIC_URL}/order/paprika/2/de`);
    expect(response.body).not.toContain('secret');
    expect(document.querySelectorAll('script[type="application/ld+json"]')).toHaveLength(0);
  });

  it.each(['/menu/closed/en', '/menu/nowhere/de', '/staff/login/en', '/nowhere/at/all'])(
    'gives %s no JSON-LD and noindex',
    async (url) => {
      const response = await ctx.app.inject({ method: 'GET', url });
      const { document, attr } = parse(response.body);
      expect(attr('meta[name="robots"]', 'content')).toBe('noindex');
      expect(document.querySelectorAll('title')).toHaveLength(1);
      expect(document.querySelectorAll('script[type="application/ld+json"]')).toHaveLength(0);
      expect(response.body).not.toContain('og:image');
    },
  );

  it.each(LANGUAGES)(
    'gives the landing page in $label its head and WebSite JSON-LD',
    async ({ code, bcp47 }) => {
      const response = await ctx.app.inject({ method: 'GET', url: `/${code}` });
      const { document, attr } = parse(response.body);
      expect(document.querySelector('title')?.textContent).toContain('Tablo');
      expect(attr('link[rel="canonical"]', 'href')).toBe(`${PUBLIC_URL}/${code}`);
      expect(document.querySelectorAll('link[rel="alternate"][hreflang]')).toHaveLength(11);
      expect(attr('meta[property="og:locale"]', 'content')?.startsWith(bcp47)).toBe(true);
      const ld = JSON.parse(document.querySelector('script[type="application/ld+json"]')?.textContent ?? '');
      expect(ld['@graph'].map((node: { '@type': string }) => node['@type'])).toEqual([
        'Organization',
        'WebSite',
      ]);
      expect(ld['@graph'][1].inLanguage).toBe(bcp47);
    },
  );

  it('rebuilds the JSON-LD when the menu changes (the cache invalidation path)', async () => {
    const before = await ctx.app.inject({ method: 'GET', url: '/menu/paprika/en' });
    expect(before.body).toContain('Goulash');
    await ctx.database.db
      .update(menuItemTranslation)
      .set({ title: 'Beef goulash' })
      .where(eq(menuItemTranslation.title, 'Goulash'));
    await ctx.database.notify(MENU_CHANGED_CHANNEL, 'paprika');
    await expect
      .poll(async () => (await ctx.app.inject({ method: 'GET', url: '/menu/paprika/en' })).body)
      .toContain('Beef goulash');
  });

  it("rebuilds the JSON-LD's choices when an option changes", async () => {
    const before = await ctx.app.inject({ method: 'GET', url: '/menu/paprika/en' });
    expect(before.body).toContain('"White"');
    await ctx.database.db
      .update(menuOptionTranslation)
      .set({ title: 'White sourdough' })
      .where(eq(menuOptionTranslation.title, 'White'));
    await ctx.database.notify(MENU_CHANGED_CHANNEL, 'paprika');
    await expect
      .poll(async () => (await ctx.app.inject({ method: 'GET', url: '/menu/paprika/en' })).body)
      .toContain('"White sourdough"');
  });
});

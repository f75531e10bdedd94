import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { finishJourney, startJourney } from './support/journey.ts';

// Issue 10 "findable": the menu page carries schema.org JSON-LD in a data block, which the page's strict CSP
// must not refuse; the browser reads it, the sitemap and the head tags as a crawler's renderer would.
const baseUrl = inject('baseUrl');

describe('the menu page as search engines read it', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('parses the JSON-LD and reports no CSP violation while the app runs', async () => {
    const journey = await startJourney(browser, 'phone', baseUrl);
    const { page, context } = journey;
    await context.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) => {
        seen.push(
          `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
        );
      });
    });
    await page.goto('/menu/demo/en');
    await expect.poll(() => page.getByRole('heading', { name: 'Paprika Bisztró' }).isVisible()).toBe(true);

    expect(await page.title()).toBe('Paprika Bisztró – menu');
    const head = await page.evaluate(() => {
      const content = (selector: string) => document.querySelector(selector)?.getAttribute('content') ?? null;
      const blocks = [...document.querySelectorAll('script[type="application/ld+json"]')];
      return {
        description: content('meta[name="description"]'),
        ogImage: content('meta[property="og:image"]'),
        hreflangs: [...document.querySelectorAll('link[rel="alternate"][hreflang]')].map((l) =>
          l.getAttribute('hreflang'),
        ),
        ld: blocks.map((block) => JSON.parse(block.textContent ?? 'null')),
        violations: (window as unknown as { cspViolations: string[] }).cspViolations,
      };
    });
    expect(head.description).toBeTruthy();
    expect(head.ogImage).toMatch(/^https?:\/\/.+\/images\/demo\/restaurant\.webp$/);
    expect(head.hreflangs).toEqual(['hu', 'en', 'sk', 'cs', 'de', 'fr', 'pl', 'sl', 'hr', 'ro', 'x-default']);
    expect(head.ld).toHaveLength(1);
    const [restaurant] = head.ld;
    expect(restaurant['@type']).toBe('Restaurant');
    expect(restaurant.name).toBe('Paprika Bisztró');
    expect(restaurant.hasMenu['@type']).toBe('Menu');
    const items = restaurant.hasMenu.hasMenuSection.flatMap(
      (section: { hasMenuItem: unknown[] }) => section.hasMenuItem,
    );
    expect(items.length).toBeGreaterThan(5);
    expect(items[0].offers).toMatchObject({ '@type': 'Offer', priceCurrency: 'HUF' });
    // Issue 27: the steak names its choices (schema.org menuAddOn): a section per group, each choice offered
    // at what it adds to the dish.
    const steak = items.find((item: { name: string }) => item.name === 'Beef tenderloin steak');
    expect(steak.menuAddOn.map((section: { name: string }) => section.name)).toEqual(['Doneness', 'Sauce']);
    expect(steak.menuAddOn[0].hasMenuItem).toContainEqual({
      '@type': 'MenuItem',
      name: 'Medium rare',
      offers: {
        '@type': 'Offer',
        price: 0,
        priceCurrency: 'HUF',
        availability: 'https://schema.org/InStock',
      },
    });
    expect(head.violations).toEqual([]);
    await finishJourney(journey);
  });

  it('reads the sitemap as XML, with the demo menu in ten languages', async () => {
    const journey = await startJourney(browser, 'desktop', baseUrl);
    const { page } = journey;
    await page.goto('/en');
    const sitemap = await page.evaluate(async () => {
      const text = await (await fetch('/sitemap.xml')).text();
      const xml = new DOMParser().parseFromString(text, 'application/xml');
      return {
        error: xml.querySelector('parsererror')?.textContent ?? null,
        locs: [...xml.getElementsByTagName('loc')].map((loc) => new URL(loc.textContent ?? '').pathname),
      };
    });
    expect(sitemap.error).toBeNull();
    expect(sitemap.locs.filter((path) => path.startsWith('/menu/demo/'))).toHaveLength(10);
    expect(sitemap.locs).not.toContain('/menu/demo-closed/en');
    await finishJourney(journey);
  });
});

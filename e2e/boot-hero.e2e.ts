import type { Browser, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshot } from './support/browser.ts';
import { loadedRubikFaces } from './support/fonts.ts';
import { finishJourney, startJourney, VIEWPORT_NAMES, waitForHydration } from './support/journey.ts';

// The server paints the restaurant's hero from the HTML (decision record 013): a diner on a slow connection
// sees the restaurant before any script has run, and the app's header takes over without a trace. The menu
// page has the whole header (and the menu) in its HTML instead (decision record 022); the other restaurant
// pages, such as the terms, keep the painted hero.
const baseUrl = inject('baseUrl');
const HEADER_HEIGHT = { phone: 156, desktop: 240 };

describe.each(VIEWPORT_NAMES)('the hero painted from the HTML (%s)', (viewport) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('shows the restaurant picture at the header size before any script has run', async () => {
    const journey = await startJourney(browser, viewport, baseUrl, { expectedErrors: [/.*/] });
    await journey.page.route('**/assets/*.js', (route) => route.abort());
    await journey.page.goto('/terms-and-conditions/demo/hu');
    const hero = journey.page.locator('#boot-hero img');
    await expect
      .poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    expect(await hero.getAttribute('src')).toBe('/images/demo/restaurant.webp');
    expect((await journey.page.locator('#boot-hero').boundingBox())?.height).toBe(HEADER_HEIGHT[viewport]);
    await screenshot(journey.page, `${viewport}-boot-hero-without-scripts`);
    await journey.close();
  });

  it("is replaced by the app's header, and never painted for a restaurant that is not shown", async () => {
    const journey = await startJourney(browser, viewport, baseUrl, { expectedErrors: [/404/] });
    const { page } = journey;
    await page.goto('/terms-and-conditions/demo/hu');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Paprika Bisztró' }).isVisible(), { timeout: 10_000 })
      .toBe(true);
    await expect.poll(() => page.locator('#boot-hero').count()).toBe(0);
    expect(await page.locator('header img').first().getAttribute('src')).toBe('/images/demo/restaurant.webp');

    for (const path of ['/menu/demo-closed/hu', '/menu/nowhere/hu']) {
      const response = await page.request.get(path);
      expect(await response.text()).not.toContain('boot-hero');
    }
    expect(journey.errors()).toEqual([]);
    await journey.close();
  });
});

// Decision record 014: on a restaurant's page the scripts start once the hero is painted, together with the
// menu screen's code; an inline loader does it, allowed by the page's CSP through its hash. The menu page
// carries its answers and texts in the HTML (decision record 022): nothing of them is asked for again.
describe('the scripts started after the hero', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('asks for the scripts and the web font after the picture, and never for the restaurant, the menu or their texts', async () => {
    const journey = await startJourney(browser, 'phone', baseUrl);
    const { page } = journey;
    const requests: string[] = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    await page.goto('/menu/demo/hu');
    await expect.poll(() => page.getByRole('heading', { name: 'Gulyásleves' }).isVisible()).toBe(true);
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');

    const timing = await page.evaluate(() => {
      const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      // The file the header's picture shows: from its srcset (decision record 039).
      const hero = [...document.querySelectorAll<HTMLImageElement>('img[data-hero-image]')].find(
        (img) => img.getClientRects().length > 0,
      );
      const picture = entries.find((entry) => entry.name === hero?.currentSrc);
      const scripts = entries.filter(
        (entry) => entry.initiatorType === 'script' || entry.name.endsWith('.js'),
      );
      return {
        pictureEnd: picture?.responseEnd ?? Number.NaN,
        firstScript: Math.min(...scripts.map((s) => s.startTime)),
        firstFont: Math.min(
          ...entries.filter((entry) => entry.name.endsWith('.woff2')).map((entry) => entry.startTime),
        ),
      };
    });
    expect(timing.firstScript).toBeGreaterThanOrEqual(timing.pictureEnd);
    // The web font waits for the picture too: the app asks for it (decision record 040), and then the page
    // is in Rubik — both of its files loaded and in use.
    expect(timing.firstFont).toBeGreaterThanOrEqual(timing.firstScript);
    await expect.poll(() => loadedRubikFaces(page)).toBe(2);
    expect(requests.filter((path) => path === '/api/restaurant/one/demo')).toHaveLength(0);
    expect(requests.filter((path) => path === '/api/menu/current/demo')).toHaveLength(0);
    expect(requests.filter((path) => path === '/locales/hu/menu.json')).toHaveLength(0);
    // A script the CSP refused would be a console error here.
    await finishJourney(journey);
  });

  // Decision record 039: Lighthouse's phone (412 px at 1.75) gets the hero's 750 w copy from its srcset, and the
  // dishes' 320 w copies. The painted file is then not the img's src: the loader must still know it is the
  // hero (by currentSrc), and start the scripts then, not only when its one-second fallback runs out (disabled
  // here).
  it("starts the scripts when the hero's smaller copy is painted, fetched once for the preload and the picture", async () => {
    const context = await browser.newContext({
      baseURL: baseUrl,
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    });
    await context.addInitScript(() => {
      const later = window.setTimeout;
      window.setTimeout = ((handler: TimerHandler, delay?: number, ...rest: unknown[]) =>
        delay === 1000 ? 0 : later(handler, delay, ...rest)) as typeof window.setTimeout;
    });
    const page = await context.newPage();
    const pictures: string[] = [];
    const dishes: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (/restaurant.*\.webp$/.test(path)) pictures.push(path);
      if (/\/menu\/[^/]+\.webp$/.test(path)) dishes.push(path);
    });
    for (const path of ['/menu/demo/hu', '/terms-and-conditions/demo/hu']) {
      pictures.length = 0;
      await page.goto(path);
      await waitForHydration(page);
      const hero = page.locator('header img').filter({ visible: true }).first();
      expect(await hero.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname)).toBe(
        '/images/variants/demo/restaurant-750w.webp',
      );
      expect(pictures).toEqual(['/images/variants/demo/restaurant-750w.webp']);
    }
    // The dishes on the menu page: their small copies only, never an original.
    expect(dishes.length).toBeGreaterThan(4);
    expect(dishes.filter((path) => !/^\/images\/variants\/menu\/[\w-]+-320w\.webp$/.test(path))).toEqual([]);
    await context.close();
  });

  it.each([
    ['fails', (route: Route) => route.abort()],
    ['never arrives', () => undefined],
  ])('starts the app anyway when the picture %s', async (_case, answer) => {
    const journey = await startJourney(browser, 'phone', baseUrl, {
      expectedErrors: [/restaurant\.webp|net::/],
    });
    const { page } = journey;
    // The picture and its smaller copies (decision record 039).
    await page.route(/\/images\/.*restaurant.*\.webp$/, answer);
    await page.goto('/menu/demo/hu', { waitUntil: 'commit' });
    await waitForHydration(page);
    await journey.close();
  });
});

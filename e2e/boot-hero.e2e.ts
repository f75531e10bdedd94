import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshot } from './support/browser.ts';
import { startJourney, VIEWPORT_NAMES } from './support/journey.ts';

// The server paints the restaurant's hero from the HTML (decision record 013): a diner on a slow connection
// sees the restaurant before any script has run, and the app's header takes over without a trace.
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
    await journey.page.goto('/menu/demo/hu');
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
    await page.goto('/menu/demo/hu');
    await expect.poll(() => page.getByRole('heading', { name: 'Paprika Bisztró' }).isVisible()).toBe(true);
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

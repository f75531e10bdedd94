// The specification's measures (§1, §2, §9) as a diner's browser lays them out: the ten languages' labels in
// order, the category drawer's width, the tab strip's height and its arrows' step, and where a toast shows
// and when it goes.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import {
  eventually,
  failedResource,
  finishJourney,
  startJourney,
  texts,
  VIEWPORT_NAMES,
  waitForHydration,
} from './support/journey.ts';

const baseUrl = inject('baseUrl');
const t = texts('en', 'menu');

/** spec §1: the supported languages, code and label, in the specification's order. */
const SPEC_LANGUAGES = [
  'Magyar',
  'English',
  'Slovenský',
  'Čeština',
  'Deutsch',
  'Français',
  'Polski',
  'Slovenščina',
  'Hrvatski',
  'Română',
];

function strip(page: Page) {
  return page.getByRole('navigation', { name: t('categories') }).locator('ul');
}

describe.each(VIEWPORT_NAMES)("the specification's measures (%s)", (viewport) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('lists the ten languages with their labels in order, and a 1.8rem tab strip', async () => {
    const journey = await startJourney(browser, viewport, baseUrl);
    const { page } = journey;
    await page.goto('/menu/demo/en');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Language: English' }).click();
    const options = page.getByRole('listbox').getByRole('option');
    await options.first().waitFor();
    expect(await options.allTextContents()).toEqual(SPEC_LANGUAGES);
    await page.keyboard.press('Escape');

    // spec §9: the tab strip is 1.8rem high (28.8 px at the root's 16 px).
    const tab = strip(page).getByRole('link').first();
    expect((await tab.boundingBox())?.height).toBeCloseTo(28.8, 0);
    await finishJourney(journey);
  });

  it('opens the category drawer at 80 % of the window, at most 400 px', async () => {
    const journey = await startJourney(browser, viewport, baseUrl);
    const { page } = journey;
    await page.goto('/menu/demo/en');
    await waitForHydration(page);
    await page.getByRole('button', { name: t('open_categories') }).click();
    const drawer = page.getByRole('dialog', { name: t('available_categories') });
    await drawer.waitFor();
    const width = page.viewportSize()?.width ?? 0;
    await eventually(
      async () => {
        const box = await drawer.boundingBox();
        // Opened from the left, fully slid in.
        return box !== null && Math.abs(box.x) < 1 && Math.abs(box.width - Math.min(width * 0.8, 400)) < 1;
      },
      `drawer ${Math.min(width * 0.8, 400)} px wide at the left edge`,
    );
    await finishJourney(journey);
  });

  it('shows a toast at the top centre and hides it after 6 seconds', async () => {
    const journey = await startJourney(browser, viewport, baseUrl, { expectedErrors: [failedResource(503)] });
    const { page, context } = journey;
    await context.route('**/api/menu-item-ratings', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 503, error: 'Service Unavailable', message: 'Try again later' }),
      }),
    );
    await page.goto('/menu/demo/en');
    await waitForHydration(page);
    const card = page.getByRole('article', { name: 'Goulash soup' });
    await card.getByRole('button', { name: /^I like it, / }).click();
    const toast = page.locator('[data-sonner-toast]').first();
    await toast.waitFor();
    const shownAt = Date.now();
    const box = await toast.boundingBox();
    const width = page.viewportSize()?.width ?? 0;
    expect(box).not.toBeNull();
    if (box) {
      expect(Math.abs(box.x + box.width / 2 - width / 2)).toBeLessThan(2);
      expect(box.y).toBeLessThan(80);
    }
    await toast.waitFor({ state: 'detached', timeout: 12_000 });
    const shownFor = Date.now() - shownAt;
    // 6000 ms, then its exit animation; the page's clock and ours differ by the polling, and a loaded machine
    // delays timers (sonner's own default, 4000 ms, would fail the first bound).
    expect(shownFor).toBeGreaterThan(5_500);
    expect(shownFor).toBeLessThan(9_000);
    await finishJourney(journey);
  });
});

describe('the tab strip on a desktop', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('scrolls 200 px with each arrow', async () => {
    const journey = await startJourney(browser, 'desktop', baseUrl);
    const { page } = journey;
    // Narrow enough that the eleven categories overflow the strip.
    await page.setViewportSize({ width: 900, height: 768 });
    await page.goto('/menu/demo/en');
    await waitForHydration(page);
    const scrollLeft = () => strip(page).evaluate((element) => element.scrollLeft);
    expect(await scrollLeft()).toBe(0);
    await page.getByRole('button', { name: t('scroll_right') }).click();
    await eventually(async () => (await scrollLeft()) === 200, 'scrolled 200 px right');
    await page.getByRole('button', { name: t('scroll_right') }).click();
    await eventually(async () => (await scrollLeft()) === 400, 'scrolled 400 px right');
    await page.getByRole('button', { name: t('scroll_left') }).click();
    await eventually(async () => (await scrollLeft()) === 200, 'back to 200 px');
    await finishJourney(journey);
  });
});

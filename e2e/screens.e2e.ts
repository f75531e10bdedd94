// The other screens: the landing page in two languages with the admin links, terms and conditions, the
// first-use guide (on the first ordering screen, once per device) and the fatal error toast when no ordering session can be had.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations, launchBrowser, screenshot } from './support/browser.ts';
import {
  failedResource,
  finishJourney,
  isFocused,
  startJourney,
  texts,
  VIEWPORT_NAMES,
} from './support/journey.ts';

const baseUrl = inject('baseUrl');
const tableUrls = inject('tableUrls');
/** ADMIN_URL's default (server/src/env.ts); the journeys' server does not set it. */
const ADMIN_URL = 'https://admin.tablo.example';

describe.each(VIEWPORT_NAMES)('other screens (%s)', (viewport) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it.each(['hu', 'en'])(
    'shows the landing page in %s with admin links carrying the language',
    async (lang) => {
      const journey = await startJourney(browser, viewport, baseUrl);
      const { page } = journey;
      const t = texts(lang, 'landing');
      await page.goto(`/${lang}`);
      await page.getByRole('heading', { level: 1, name: t('hero_title') }).waitFor();
      expect(await page.getByRole('link', { name: t('register'), exact: true }).getAttribute('href')).toBe(
        `${ADMIN_URL}/register?lang=${lang}`,
      );
      expect(await page.getByRole('link', { name: t('login'), exact: true }).getAttribute('href')).toBe(
        `${ADMIN_URL}/login?lang=${lang}`,
      );
      expect(await page.getAttribute('html', 'lang')).toBe(lang);
      await page.getByRole('contentinfo').waitFor();
      await screenshot(page, `${viewport}-landing-${lang}`);
      await expectNoAxeViolations(page);
      await finishJourney(journey);
    },
  );

  it('shows the terms and conditions with a link back to the orders', async () => {
    const journey = await startJourney(browser, viewport, baseUrl);
    const { page } = journey;
    const common = texts('hu', 'common');
    await page.goto('/terms-and-conditions/demo/1/hu');
    await page.getByRole('heading', { level: 2, name: common('terms_and_conditions') }).waitFor();
    expect(await page.getByRole('link', { name: common('close_page') }).getAttribute('href')).toBe(
      '/order/demo/1/hu',
    );
    expect(await page.getByRole('heading', { level: 3 }).count()).toBeGreaterThanOrEqual(5);
    await screenshot(page, `${viewport}-terms`);
    await expectNoAxeViolations(page);
    await finishJourney(journey);
  });

  it('shows the first-use guide on the first ordering screen only, beside the dishes, once', async () => {
    const journey = await startJourney(browser, viewport, baseUrl, { guideSeen: false });
    const { page } = journey;
    const t = texts('en', 'guide');
    const guide = page.getByRole('dialog', { name: t('title') });

    // Decision record 026: a diner who only reads the menu never meets it.
    await page.goto('/menu/demo/en');
    await page.getByRole('article', { name: 'Goulash soup' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await guide.count()).toBe(0);

    // On the ordering screen it opens as a sheet, takes focus, and leaves the dishes visible and usable.
    await page.goto(tableUrls['2'] as string);
    await guide.waitFor();
    expect(await guide.getByRole('listitem').count()).toBe(3);
    expect(await isFocused(guide.getByRole('heading', { level: 2 }))).toBe(true);
    await screenshot(page, `${viewport}-guide`);
    // The first dish's title is in view above the sheet, and the menu behind it scrolls and works.
    const firstDish = page.getByRole('article').first().getByRole('heading');
    const guideBox = await guide.boundingBox();
    const dishBox = await firstDish.boundingBox();
    expect(
      dishBox &&
        guideBox &&
        (dishBox.y + dishBox.height <= guideBox.y || dishBox.x + dishBox.width <= guideBox.x),
    ).toBe(true);
    await page.mouse.wheel(0, 600);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    expect(await guide.isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    await guide.getByRole('button', { name: t('continue') }).click();
    await guide.waitFor({ state: 'hidden' });
    expect(await isFocused(page.locator('#main'))).toBe(true);

    await page.reload();
    await page.getByRole('article', { name: 'Goulash soup' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await guide.count()).toBe(0);
    await finishJourney(journey);
  });

  it('shows the fatal error toast when no ordering session can be obtained, and still shows the menu', async () => {
    const journey = await startJourney(browser, viewport, baseUrl, { expectedErrors: [failedResource(500)] });
    const { page, context } = journey;
    await context.route('**/api/order/uuid', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 500, error: 'Internal Server Error', message: 'boom' }),
      }),
    );
    await page.goto('/menu/demo/en');
    await page.evaluate(() => localStorage.removeItem('sessionId'));
    await page.reload();
    // spec §8, spelling included.
    await page.getByText('Fatal error: failed to iniate ordering process').waitFor();
    await page.getByRole('article', { name: 'Goulash soup' }).waitFor();
    // Without a session the counts are shown, but cannot be pressed.
    expect(await page.getByRole('button', { name: /^I like it/ }).count()).toBe(0);
    await screenshot(page, `${viewport}-toast-session-failed`);
    await expectNoAxeViolations(page);
    await finishJourney(journey);
  });
});

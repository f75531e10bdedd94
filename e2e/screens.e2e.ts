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
  waitForHydration,
} from './support/journey.ts';

const baseUrl = inject('baseUrl');
const tableUrls = inject('tableUrls');
/** ADMIN_URL defaults to the server's own address (PUBLIC_URL, server/src/env.ts): Tablo's own sign-up. */
const ADMIN_URL = baseUrl;

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

  // spec §2, §9: the header shrinks from 240 (phone: 156) to 136 (88) px over the first 104 (68) px of scroll;
  // on desktop the description stays until 150 px. Nothing in it may leave the screen or run into another.
  it('keeps the header\'s name, description, "Powered by" line and language menu on screen and apart as it shrinks', async () => {
    const journey = await startJourney(browser, viewport, baseUrl);
    const { page } = journey;
    await page.goto('/menu/demo/en');
    await waitForHydration(page);
    const problems: string[] = [];
    for (const scrollY of [0, 30, 60, 100, 140, 149, 150, 300, 800]) {
      await page.evaluate((y) => window.scrollTo(0, y), scrollY);
      // The header follows the scroll once per animation frame (web/src/lib/use-scroll.ts).
      await page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
      );
      const boxes = await page.evaluate(() => {
        const header = [...document.querySelectorAll('header')].find((h) => h.getClientRects().length > 0);
        const box = (element: Element | Range | null | undefined) => {
          if (!element) return null;
          const { top, bottom, left, right } = element.getBoundingClientRect();
          return { top, bottom, left, right };
        };
        const lines = [...(header?.querySelectorAll('p') ?? [])];
        const poweredBy = lines.find((p) => p.querySelector('a'));
        const description = lines.find((p) => p !== poweredBy);
        // The name's text, not its box: the box is as wide as the header.
        const text = document.createRange();
        text.selectNodeContents(header?.querySelector('h1') ?? document.body);
        return {
          scrollY: window.scrollY,
          name: box(header?.querySelector('h1')),
          nameText: box(text),
          description: box(description),
          descriptionOpacity: description ? getComputedStyle(description).opacity : null,
          poweredBy: box(poweredBy),
          language: box(header?.querySelector('button[aria-haspopup="listbox"]')),
          slider: box(header?.querySelector('nav')),
        };
      });
      const { name, nameText, description, poweredBy, language, slider } = boxes;
      const at = `at ${scrollY} px`;
      if (!name || !nameText || !poweredBy || !language || !slider) {
        problems.push(`${at}: part of the header is missing`);
        continue;
      }
      expect(boxes.scrollY).toBe(scrollY);
      type Box = NonNullable<typeof name>;
      const apart = (a: Box, b: Box) => a.bottom <= b.top + 0.5 || b.bottom <= a.top + 0.5;
      const side = (a: Box, b: Box) => a.right <= b.left || b.right <= a.left;
      const parts = { name, description, 'Powered by': poweredBy, language };
      for (const [part, box] of Object.entries(parts)) {
        if (!box) continue;
        if (box.top < 0) problems.push(`${at}: the ${part} starts at ${box.top.toFixed(1)} px`);
        if (box.bottom > slider.top + 0.5) problems.push(`${at}: the ${part} reaches under the categories`);
      }
      if (!apart(name, poweredBy)) problems.push(`${at}: the name runs into the "Powered by" line`);
      if (description && !apart(name, description))
        problems.push(`${at}: the name runs into the description`);
      if (description && !apart(description, poweredBy))
        problems.push(`${at}: the description runs into "Powered by"`);
      if (!apart(name, language) && !side(nameText, language))
        problems.push(`${at}: the name runs into the language menu`);
      const descriptionShown = viewport === 'desktop' && scrollY < 150;
      if (Boolean(description) !== descriptionShown)
        problems.push(`${at}: the description is ${description ? '' : 'not '}shown`);
      if (description && boxes.descriptionOpacity !== '1')
        problems.push(`${at}: the description is see-through`);
      await screenshot(page, `${viewport}-header-at-${scrollY}`);
    }
    expect(problems).toEqual([]);
    await finishJourney(journey);
  });

  // spec §2: the restaurant's picture falls back to the default one. The picture of the server's page fails
  // before the scripts run (the loader starts them on that error): React never sees the error event.
  it("falls back to the default picture when the server's page has a broken one", async () => {
    const journey = await startJourney(browser, viewport, baseUrl, {
      expectedErrors: [/restaurant.*\.webp/],
    });
    const { page } = journey;
    await page.route(/\/images\/.*restaurant.*\.webp$/, (route) => route.fulfill({ status: 404 }));
    await page.goto('/menu/demo/en');
    await waitForHydration(page);
    const picture = page.locator('header img').filter({ visible: true });
    await expect
      .poll(() =>
        picture.evaluate((img: HTMLImageElement) => [img.getAttribute('src'), img.naturalWidth > 0]),
      )
      .toEqual(['/images/default-main.webp', true]);
    // In the same box: no layout shift moved the picture (or a box holding it), the header keeps its height.
    const pictureShifts = await page.evaluate(
      () =>
        new Promise<number>((done) => {
          const img = document.querySelector('header img');
          new PerformanceObserver((list, observer) => {
            observer.disconnect();
            const sources = list
              .getEntries()
              .flatMap((entry) => (entry as PerformanceEntry & { sources: { node?: Node }[] }).sources);
            done(sources.filter((source) => img && source.node?.contains(img)).length);
          }).observe({ type: 'layout-shift', buffered: true });
          setTimeout(() => done(0), 500);
        }),
    );
    expect(pictureShifts).toBe(0);
    expect((await page.locator('header').filter({ visible: true }).boundingBox())?.height).toBe(
      viewport === 'phone' ? 156 : 240,
    );
    await screenshot(page, `${viewport}-header-default-picture`);
    await finishJourney(journey);
  });
});

// Phones from 320 px wide: the longest log-in and sign-up texts of the ten languages must fit beside the picker.
describe('the landing page on narrow phones', () => {
  const viewport = 'phone';
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('fits the landing top bar on narrow phones in every language, the language picker on screen', async () => {
    const journey = await startJourney(browser, viewport, baseUrl);
    const { page } = journey;
    // Every language (contract/src/language-list.ts): their log-in and sign-up texts differ in length.
    const languages = ['hu', 'en', 'sk', 'cz', 'de', 'fr', 'pl', 'si', 'hr', 'ro'];
    const problems: string[] = [];
    for (const width of [320, 360]) {
      await page.setViewportSize({ width, height: 740 });
      for (const lang of languages) {
        const t = texts(lang, 'landing');
        const common = texts(lang, 'common');
        await page.goto(`/${lang}`);
        await page.getByRole('heading', { level: 1, name: t('hero_title') }).waitFor();
        await page.evaluate(() => document.fonts.ready);
        // A phone widens its layout viewport to the content, so the page is measured against the screen.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
        if (overflow > width) problems.push(`${lang} at ${width}: page is ${overflow} px wide`);
        // Fully on screen and big enough to tap: the picker keeps its own 40 px, the links get 44.
        const controls = [
          { minHeight: 40, locator: page.getByRole('button', { name: `${common('language')}: ` }) },
          { minHeight: 44, locator: page.getByRole('link', { name: t('login'), exact: true }) },
          { minHeight: 44, locator: page.getByRole('link', { name: t('register'), exact: true }) },
        ];
        for (const { minHeight, locator } of controls) {
          const box = await locator.evaluate((element) => {
            const { left, right, top, height } = element.getBoundingClientRect();
            return { left, right, top, height, label: element.textContent?.trim() };
          });
          if (box.left < 0 || box.right > width || box.top < 0 || box.height < minHeight) {
            problems.push(
              `${lang} at ${width}: "${box.label}" at ${Math.round(box.left)}–${Math.round(box.right)} px, ${Math.round(box.height)} px tall`,
            );
          }
        }
      }
      await screenshot(page, `${viewport}-landing-${width}-ro`);
    }
    expect(problems).toEqual([]);
    await finishJourney(journey);
  });
});

// The menu as a document (issue 10, decision record 022): /menu/:shortName/:lang arrives rendered by the
// server. Without JavaScript it reads whole and its category and language links work; with JavaScript the
// app takes the page over without asking for the menu again, without a layout shift, and everything works.
import type { Menu } from '@tablo/contract/menu';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  expectNoAxeViolations,
  launchBrowser,
  PENDING_SECTIONS,
  screenshot,
  VIEWPORTS,
} from './support/browser.ts';
import { loadedRubikFaces } from './support/fonts.ts';
import { finishJourney, startJourney, texts, waitForHydration } from './support/journey.ts';

const baseUrl = inject('baseUrl');
const tableUrls = inject('tableUrls');
const en = texts('en', 'menu');
/** A smooth scroll across the menu takes 1.0-1.3 s on this machine (measured), over expect.poll's 1 s. */
const SCROLL_WAIT = { timeout: 5000 };
/** The idle layout of the sections: one per idle moment, each waiting up to 2 s on a busy machine. */
const LAYOUT_WAIT = { timeout: 30_000 };
const enCommon = texts('en', 'common');

/** The menu as the page shows it: active categories and dishes by order, titles in `language` → en → first. */
async function shownMenu(language: string): Promise<{ title: string; dishes: string[] }[]> {
  const menu = (await (await fetch(`${baseUrl}/api/menu/current/demo`)).json()) as Menu;
  const title = (translations: Menu[number]['translations']) =>
    (
      translations.find((t) => t.isoCode === language) ??
      translations.find((t) => t.isoCode === 'en') ??
      translations[0]
    )?.title ?? '';
  return menu
    .filter((category) => category.isActive)
    .sort((a, b) => a.order - b.order)
    .map((category) => ({
      title: title(category.translations),
      dishes: category.menuItems
        .filter((item) => item.isActive)
        .sort((a, b) => a.order - b.order)
        .map((item) => title(item.translations)),
    }));
}

/** Layout shifts from the start of the page, summed (as CLS counts them: not right after an input). */
async function watchLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { layoutShift: number };
    w.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
        if (!entry.hadRecentInput) w.layoutShift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

describe('the server-rendered menu', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('reads whole without JavaScript, and its category and language links work', async () => {
    const context = await browser.newContext({
      baseURL: baseUrl,
      viewport: VIEWPORTS.phone,
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    await page.goto('/menu/demo/en');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await page.getByRole('heading', { level: 1, name: 'Paprika Bisztró' }).waitFor();

    // Every category and every dish, in order, in English.
    const menu = await shownMenu('en');
    expect(menu.length).toBeGreaterThan(3);
    const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
    expect(headings).toEqual(menu.map((category) => category.title));
    const dishes = await page
      .getByRole('article')
      .evaluateAll((cards) => cards.map((card) => card.querySelector('h3')?.textContent ?? ''));
    expect(dishes).toEqual(menu.flatMap((category) => category.dishes));
    // Prices and named allergen badges are in the document.
    const soup = page.getByRole('article', { name: 'Goulash soup' });
    expect(await soup.textContent()).toMatch(/2,890\s*Ft/);
    expect(await soup.getByRole('img', { name: en('allergen.GLUTEN') }).count()).toBe(1);

    // The specification's typeface without scripts too: the stylesheet declares it (decision record 040).
    await expect.poll(() => loadedRubikFaces(page)).toBe(2);

    // Ordering and ratings say they need JavaScript; search and the filter (script-only) are not offered.
    // (Playwright's text and role selectors skip <noscript>; what the browser renders is its innerText.)
    const rendered = () => page.evaluate(() => document.body.innerText);
    expect(await rendered()).toContain(enCommon('noscript_note'));
    expect(await page.getByPlaceholder(en('search_menu_placeholder')).isVisible()).toBe(false);
    await screenshot(page, 'phone-menu-without-javascript');

    // The category strip: links to the sections; the last category's heading comes into view below the header.
    const last = menu.at(-1)?.title ?? '';
    await page
      .getByRole('navigation', { name: en('categories') })
      .getByRole('link', { name: last, exact: true })
      .click();
    await page.waitForURL(/#category-\d+$/);
    await expect
      .poll(
        () =>
          page.getByRole('heading', { level: 2, name: last, exact: true }).evaluate((heading) => {
            const top = heading.getBoundingClientRect().top;
            const header = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
            return top >= header && top < window.innerHeight;
          }),
        SCROLL_WAIT,
      )
      .toBe(true);
    await screenshot(page, 'phone-menu-without-javascript-category-link');

    // The language picker: links to the same page in every language.
    const languages = page.locator(`nav[aria-label="${enCommon('language')}"] a`);
    expect(await languages.evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual(
      ['hu', 'en', 'sk', 'cz', 'de', 'fr', 'pl', 'si', 'hr', 'ro'].map((code) => `/menu/demo/${code}`),
    );
    await languages.and(page.locator('[lang="hu"]')).click();
    await page.waitForURL('**/menu/demo/hu');
    expect(await page.locator('html').getAttribute('lang')).toBe('hu');
    const hu = await shownMenu('hu');
    expect(await page.getByRole('heading', { level: 2 }).allTextContents()).toEqual(hu.map((c) => c.title));
    expect(await rendered()).toContain(texts('hu', 'common')('noscript_note'));
    await context.close();
  });

  it('lays out the first screen first: the categories below stand in at an estimated height', async () => {
    // A browser with scripts whose scripts have not come yet (here: never), as on a slow link.
    const context = await browser.newContext({ baseURL: baseUrl, viewport: VIEWPORTS.phone });
    const page = await context.newPage();
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/menu/demo/en');
    await page.getByRole('heading', { level: 1, name: 'Paprika Bisztró' }).waitFor();
    // Skipped sections are drawn at an estimate of their height: within a fifth of the real one (decision 043).
    const heights = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('section[data-category-id]')].map((section) => {
        // A skipped section's own box is drawn (at its estimate); what is inside it is not.
        const skipped = !section.querySelector('h2')?.checkVisibility({ contentVisibilityAuto: true });
        const estimated = section.getBoundingClientRect().height;
        section.style.contentVisibility = 'visible';
        const real = section.getBoundingClientRect().height;
        section.style.contentVisibility = '';
        return { skipped, estimated, real };
      }),
    );
    expect(heights[0]?.skipped).toBe(false);
    expect(heights.filter((height) => height.skipped).length).toBeGreaterThan(heights.length / 2);
    for (const { estimated, real } of heights) expect(Math.abs(estimated - real) / real).toBeLessThan(0.2);
    // Their text is still in the page for find-in-page and screen readers.
    await page
      .getByRole('heading', { level: 2, name: 'Desserts', exact: true })
      .waitFor({ state: 'attached' });
    await context.close();
  });

  it('is taken over by the app without asking for the menu again, without a layout shift, and works', async () => {
    const journey = await startJourney(browser, 'phone', baseUrl);
    const { page } = journey;
    const requests: string[] = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    await watchLayoutShifts(page);

    await page.goto('/menu/demo/en');
    // The dishes are in the first response: visible before any script has run.
    const html = await (await page.request.get('/menu/demo/en')).text();
    expect(html).toContain('Goulash soup');
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');

    // Nothing the page came with is asked for again: the restaurant, the menu, the screen's texts.
    for (const path of [
      '/api/restaurant/one/demo',
      '/api/menu/current/demo',
      '/locales/en/menu.json',
      '/locales/en/common.json',
    ]) {
      expect(
        requests.filter((request) => request === path),
        path,
      ).toEqual([]);
    }
    // The page's content did not move while the app took it over (a session id arriving included).
    expect(
      await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift),
    ).toBeLessThanOrEqual(0.01);

    // The sections the first frame skipped are laid out while the phone is idle (decision 043).
    await expect.poll(() => page.locator(PENDING_SECTIONS).count(), LAYOUT_WAIT).toBe(0);

    // The interactions: the category strip scrolls and marks the category, its heading under the header …
    const strip = page.getByRole('navigation', { name: en('categories') });
    await strip.getByRole('link', { name: 'Desserts', exact: true }).click();
    await expect.poll(() => strip.locator('[aria-current="true"]').textContent()).toBe('Desserts');
    expect(new URL(page.url()).hash).toBe('');
    await expect
      .poll(
        () =>
          page.getByRole('heading', { level: 2, name: 'Desserts', exact: true }).evaluate((heading) => {
            const below =
              heading.getBoundingClientRect().top -
              (document.querySelector('header')?.getBoundingClientRect().bottom ?? 0);
            return below >= 0 && below < 40;
          }),
        SCROLL_WAIT,
      )
      .toBe(true);
    // … the search …
    await page.getByPlaceholder(en('search_menu_placeholder')).fill('goulash');
    await page.getByRole('article', { name: 'Goulash soup' }).waitFor();
    expect(await page.getByRole('article').count()).toBe(1);
    await page.getByRole('button', { name: en('clear_search') }).click();
    // … the dietary filter …
    await page.getByRole('button', { name: en('dietary_filter'), exact: true }).click();
    const filter = page.getByRole('dialog', { name: en('dietary_filter') });
    await filter.getByRole('checkbox', { name: en('allergen.FISH'), exact: true }).check();
    await filter.getByRole('button', { name: en('done') }).click();
    await filter.waitFor({ state: 'detached' });
    await page
      .getByText(`Contains: ${en('allergen.FISH')}`)
      .first()
      .waitFor();
    // … a dish's details …
    const soup = page.getByRole('article', { name: 'Goulash soup' });
    await soup.getByRole('button', { name: 'Goulash soup' }).click();
    const dialog = page.getByRole('dialog', { name: 'Goulash soup' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // … a like (the session came after the page) …
    const like = soup.getByRole('button', { name: new RegExp(`^${en('like')}, `) });
    await like.click();
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true');
    await like.click();
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('false');
    // … and the language picker, which now switches without a reload.
    await page.getByRole('button', { name: `${enCommon('language')}: English` }).click();
    await page.getByRole('option', { name: 'Deutsch' }).click();
    await page.waitForURL('**/menu/demo/de');
    await page.getByRole('heading', { level: 2, name: 'Suppen' }).waitFor();
    expect(requests.filter((request) => request === '/api/menu/current/demo')).toEqual([]);
    await expectNoAxeViolations(page);
    await finishJourney(journey);
  });

  it('opens a shared link to a category at that category, and keeps it there while the app takes over', async () => {
    const journey = await startJourney(browser, 'phone', baseUrl);
    const { page } = journey;
    const menu = await shownMenu('en');
    const target = menu.at(-2)?.title ?? '';
    const html = await (await page.request.get('/menu/demo/en')).text();
    const id = new RegExp(`id="(category-\\d+)-title"[^>]*>${target}<`).exec(html)?.[1];
    expect(id, target).toBeDefined();

    await page.goto(`/menu/demo/en#${id}`);
    await waitForHydration(page);
    const heading = page.getByRole('heading', { level: 2, name: target, exact: true });
    const underHeader = () =>
      heading.evaluate((element) => {
        const top = element.getBoundingClientRect().top;
        const header = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
        return top >= header && top < header + 40;
      });
    await expect.poll(underHeader, SCROLL_WAIT).toBe(true);
    // The app put it where a tap on the strip would (right under the shrunk header), with every section above
    // it at its real height: it stays there.
    await expect.poll(() => page.locator(PENDING_SECTIONS).count(), LAYOUT_WAIT).toBe(0);
    await page.waitForTimeout(300);
    expect(await underHeader()).toBe(true);
    await finishJourney(journey);
  });

  it('hands over to ordering: a dish is added to the cart at a table', async () => {
    const journey = await startJourney(browser, 'phone', baseUrl);
    const { page } = journey;
    await page.goto('/menu/demo/en');
    await waitForHydration(page);
    await page.goto(tableUrls['2'] as string);
    await page.waitForURL((url) => url.pathname === '/order/demo/2/en' && !url.searchParams.has('t'));
    await page.getByRole('button', { name: 'Add Goulash soup to the cart' }).click();
    await expect.poll(() => page.getByRole('button', { name: /View cart/ }).textContent()).toMatch(/1/);
    await finishJourney(journey);
  });
});

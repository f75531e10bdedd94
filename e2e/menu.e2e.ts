// The menu screen (spec §2, §3): categories, dishes, prices in forints, allergen badges, a dish's dialog, the
// menu search and the category drawer's search (accents ignored), scroll-selection and click-scroll.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations, launchBrowser, screenshot } from './support/browser.ts';
import {
  eventually,
  finishJourney,
  startJourney,
  texts,
  VIEWPORT_NAMES,
  waitForHydration,
} from './support/journey.ts';

const baseUrl = inject('baseUrl');
const t = texts('hu', 'menu');
const common = texts('hu', 'common');

function categoryTab(page: Page, name: string) {
  return page.getByRole('navigation', { name: t('categories') }).getByRole('link', { name, exact: true });
}

async function selectedTab(page: Page): Promise<string | null> {
  const selected = page.getByRole('navigation', { name: t('categories') }).locator('[aria-current="true"]');
  return (await selected.count()) === 1 ? selected.textContent() : null;
}

/** How far the category's heading is below the bottom edge of the sticky header, in px. */
function headingBelowHeader(page: Page, name: string): Promise<number> {
  return page
    .getByRole('heading', { level: 2, name, exact: true })
    .evaluate(
      (heading) =>
        heading.getBoundingClientRect().top -
        (document.querySelector('header')?.getBoundingClientRect().bottom ?? 0),
    );
}

describe.each(VIEWPORT_NAMES)('the menu (%s)', (viewport) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('shows categories and dishes with prices in forints and named allergen badges', async () => {
    const journey = await startJourney(browser, viewport, baseUrl);
    const { page } = journey;
    await page.goto('/menu/demo/hu');
    await waitForHydration(page);
    await page.getByRole('heading', { level: 1, name: 'Paprika Bisztró' }).waitFor();
    for (const category of ['Előételek', 'Levesek', 'Főételek', 'Desszertek']) {
      await page.getByRole('heading', { level: 2, name: category, exact: true }).waitFor();
      expect(await categoryTab(page, category).count(), category).toBe(1);
    }
    const soup = page.getByRole('article', { name: 'Gulyásleves' });
    expect(await soup.textContent()).toMatch(/2\s?890\s*Ft/);
    // spec §3: badges in display order — gluten, eggs, celery — each named in the current language.
    const badges = soup.getByRole('img');
    expect(await badges.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('alt')))).toEqual([
      t('allergen.GLUTEN'),
      t('allergen.EGGS'),
      t('allergen.CELERY'),
    ]);
    expect(await page.getByRole('article').count()).toBeGreaterThan(50);
    await screenshot(page, `${viewport}-menu`);
    await expectNoAxeViolations(page);

    // A dish's dialog names the allergens in words; Escape closes it and focus returns to the dish.
    const open = soup.getByRole('button', { name: 'Gulyásleves' });
    await open.click();
    const dialog = page.getByRole('dialog', { name: 'Gulyásleves' });
    await dialog.waitFor();
    for (const type of ['GLUTEN', 'EGGS', 'CELERY']) {
      await dialog
        .getByRole('listitem')
        .filter({ hasText: t(`allergen.${type}`) })
        .waitFor();
    }
    expect(await dialog.textContent()).toMatch(/2\s?890\s*Ft/);
    await screenshot(page, `${viewport}-dish-dialog`);
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await eventually(() => open.evaluate((el) => el === document.activeElement), 'focus back on the dish');
    await finishJourney(journey);
  });

  it('searches the menu without accents, and says when nothing matches', async () => {
    const journey = await startJourney(browser, viewport, baseUrl);
    const { page } = journey;
    await page.goto('/menu/demo/hu');
    await waitForHydration(page);
    const search = page.getByRole('searchbox', { name: t('search_menu_placeholder') });
    await search.fill('gulyas');
    await page.getByRole('article', { name: 'Gulyásleves' }).waitFor();
    await eventually(async () => (await page.getByRole('article').count()) === 1, 'only the goulash left');
    expect(await page.getByRole('heading', { level: 2, name: 'Főételek' }).count()).toBe(0);
    await screenshot(page, `${viewport}-menu-search`);

    await search.fill('xyzzy');
    await page.getByText(t('no_results'), { exact: true }).waitFor();
    expect(await page.getByRole('article').count()).toBe(0);
    await screenshot(page, `${viewport}-menu-search-empty`);
    await expectNoAxeViolations(page);
    await finishJourney(journey);
  });

  it('finds a category in the drawer by a dish title typed without accents', async () => {
    const journey = await startJourney(browser, viewport, baseUrl);
    const { page } = journey;
    await page.goto('/menu/demo/hu');
    await waitForHydration(page);
    await page.getByRole('button', { name: t('open_categories') }).click();
    const drawer = page.getByRole('dialog', { name: t('available_categories') });
    await drawer.waitFor();
    expect(await drawer.getByRole('listitem').count()).toBe(11);
    await screenshot(page, `${viewport}-category-drawer`);
    await expectNoAxeViolations(page);

    const search = drawer.getByRole('searchbox', { name: t('search_menu_placeholder') });
    expect(await search.evaluate((el) => el === document.activeElement)).toBe(true);
    await search.fill('xyzzy');
    // spec §2: the drawer's empty result text is common.no_results.
    await drawer.getByText(common('no_results'), { exact: true }).waitFor();
    await search.fill('GULYAS');
    await drawer.getByRole('button', { name: 'Levesek' }).waitFor();
    expect(await drawer.getByRole('listitem').count()).toBe(1);
    await screenshot(page, `${viewport}-category-drawer-search`);

    await drawer.getByRole('button', { name: 'Levesek' }).click();
    await drawer.waitFor({ state: 'detached' });
    await eventually(async () => (await selectedTab(page)) === 'Levesek', 'Levesek selected');
    await eventually(
      async () => Math.abs(await headingBelowHeader(page, 'Levesek')) < 60,
      'Levesek at the top',
    );
    await finishJourney(journey);
  });

  it('selects the category scrolled to, and scrolls to the category clicked', async () => {
    const journey = await startJourney(browser, viewport, baseUrl);
    const { page } = journey;
    await page.goto('/menu/demo/hu');
    await waitForHydration(page);
    await page.getByRole('heading', { level: 2, name: 'Főételek' }).waitFor();
    expect(await selectedTab(page)).toBe('Előételek');

    // Scroll by hand until the heading of "Főételek" has passed under the header (it shrinks meanwhile).
    for (let i = 0; i < 3; i++) {
      const below = await headingBelowHeader(page, 'Főételek');
      await page.mouse.wheel(0, below + 20);
      await page.waitForTimeout(250);
    }
    await eventually(async () => (await selectedTab(page)) === 'Főételek', 'Főételek selected by scrolling');
    await screenshot(page, `${viewport}-menu-scrolled`);

    // A click selects at once; the smooth scroll passes other categories without taking the selection.
    await categoryTab(page, 'Desszertek').click();
    const seen = new Set<string | null>();
    for (let i = 0; i < 8; i++) {
      seen.add(await selectedTab(page));
      await page.waitForTimeout(100);
    }
    expect([...seen]).toEqual(['Desszertek']);
    await eventually(
      async () => Math.abs(await headingBelowHeader(page, 'Desszertek')) < 60,
      'Desszertek at the top',
    );
    await page.waitForTimeout(600);
    expect(await selectedTab(page)).toBe('Desszertek');
    await screenshot(page, `${viewport}-menu-click-scrolled`);
    await expectNoAxeViolations(page);
    await finishJourney(journey);
  });
});

// On a phone the strip shows three or four of the eleven tabs: the selected one must be among them.
describe('the category strip on a phone', () => {
  const viewport = 'phone';
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('keeps the selected tab in view in the strip, whether the page is scrolled or the drawer is used', async () => {
    const journey = await startJourney(browser, viewport, baseUrl);
    const { page } = journey;
    await page.goto('/menu/demo/hu');
    await waitForHydration(page);
    const nav = page.getByRole('navigation', { name: t('categories') });
    const names = await nav.getByRole('link').allTextContents();
    const first = names[0] as string;
    const last = names[names.length - 1] as string;
    /** Where the tab is against the strip's visible box, e.g. "1254–1417 in 40–390". */
    const tabPlace = (name: string) =>
      categoryTab(page, name).evaluate((tab) => {
        const strip = tab.closest('ul') as HTMLElement;
        const box = strip.getBoundingClientRect();
        const place = tab.getBoundingClientRect();
        const inside = place.left >= box.left - 1 && place.right <= box.right + 1;
        const where = `${Math.round(place.left)}–${Math.round(place.right)} in ${Math.round(box.left)}–${Math.round(box.right)}`;
        return { inside, where };
      });
    const expectInView = async (name: string) => {
      let seen = '';
      await eventually(async () => {
        const { inside, where } = await tabPlace(name);
        seen = where;
        return inside;
      }, `the tab of ${name} in the strip's view`).catch(() => {
        throw new Error(`the tab of ${name} is not in the strip's view: ${seen}`);
      });
    };
    expect((await tabPlace(last)).inside).toBe(false);

    // Scrolled by hand to the end of the menu: the last category is selected, and its tab is shown.
    await eventually(async () => {
      await page.mouse.wheel(0, 2000);
      return (await selectedTab(page)) === last;
    }, `${last} selected by scrolling`);
    await expectInView(last);
    await screenshot(page, `${viewport}-menu-last-tab-in-view`);

    // The drawer picks the first category: the strip goes back to its start; the page follows the drawer only.
    await page.getByRole('button', { name: t('open_categories') }).click();
    const drawer = page.getByRole('dialog', { name: t('available_categories') });
    await drawer.getByRole('button', { name: first }).click();
    await eventually(async () => (await selectedTab(page)) === first, `${first} selected in the drawer`);
    await expectInView(first);
    await eventually(async () => Math.abs(await headingBelowHeader(page, first)) < 60, `${first} at the top`);

    // …and one far to the right ("Borok és sörök"): its tab comes into view and its heading to the top.
    const far = names[names.length - 2] as string;
    await page.getByRole('button', { name: t('open_categories') }).click();
    await drawer.getByRole('button', { name: far }).click();
    await expectInView(far);
    await eventually(async () => Math.abs(await headingBelowHeader(page, far)) < 60, `${far} at the top`);
    expect(await selectedTab(page)).toBe(far);
    await finishJourney(journey);
  });
});

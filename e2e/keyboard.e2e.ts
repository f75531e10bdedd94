// Everything with the keyboard alone (issue 3): the skip link, the header's language menu, the category strip
// (one tab stop, arrow keys), the category drawer, a dish's dialog — Escape closes it and focus comes back.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshot } from './support/browser.ts';
import {
  eventually,
  finishJourney,
  focusedLabel,
  isFocused,
  startJourney,
  tabTo,
  texts,
  VIEWPORT_NAMES,
  waitForHydration,
} from './support/journey.ts';

const baseUrl = inject('baseUrl');
const t = texts('hu', 'menu');
const common = texts('hu', 'common');

async function expectFocus(page: Page, locator: ReturnType<Page['locator']>, what: string): Promise<void> {
  await eventually(() => isFocused(locator), `focus on ${what} (it is on ${await focusedLabel(page)})`);
}

describe.each(VIEWPORT_NAMES)('keyboard only (%s)', (viewport) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('reaches the language menu, the category strip, the drawer and a dish, and gets focus back', async () => {
    const journey = await startJourney(browser, viewport, baseUrl);
    const { page } = journey;
    await page.goto('/menu/demo/en');
    await waitForHydration(page);
    await page.getByRole('article', { name: 'Goulash soup' }).waitFor();

    // The first stop is the skip link.
    await page.keyboard.press('Tab');
    await expectFocus(
      page,
      page.getByRole('link', { name: texts('en', 'common')('skip_to_content') }),
      'skip link',
    );

    // Language menu: open with the keyboard, move up to Magyar, choose it; focus returns to the button.
    await tabTo(page, page.getByRole('button', { name: 'Language: English' }));
    await page.keyboard.press('Enter');
    const list = page.getByRole('listbox');
    await expectFocus(page, list, 'the language list');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/menu\/demo\/hu$/);
    const languageButton = page.getByRole('button', { name: `${common('language')}: Magyar` });
    await expectFocus(page, languageButton, 'the language button');

    // Category strip: one tab stop on the current category; arrows move; Enter scrolls and focuses the section.
    const strip = page.getByRole('navigation', { name: t('categories') });
    await tabTo(page, strip.getByRole('link', { name: 'Előételek', exact: true }));
    await page.keyboard.press('ArrowRight');
    await expectFocus(page, strip.getByRole('link', { name: 'Levesek', exact: true }), 'the Levesek tab');
    await page.keyboard.press('Enter');
    await expectFocus(page, page.getByRole('region', { name: 'Levesek' }), 'the Levesek section');

    // The first dish of the section, its dialog, Escape, focus back on the dish.
    const dish = page.getByRole('button', { name: 'Gulyásleves', exact: true });
    await tabTo(page, dish, 5);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Gulyásleves' });
    await dialog.waitFor();
    await screenshot(page, `${viewport}-keyboard-dish-dialog`);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expectFocus(page, dish, 'the dish it was opened from');

    // Back up (Shift+Tab) to the dietary filter; tick an allergen with Space; Escape; focus back on the button.
    const filterButton = page.getByRole('button', { name: t('dietary_filter'), exact: true });
    await tabTo(page, filterButton, 40, true);
    await page.keyboard.press('Enter');
    const filter = page.getByRole('dialog', { name: t('dietary_filter') });
    await filter.waitFor();
    const fish = filter.getByRole('checkbox', { name: t('allergen.FISH'), exact: true });
    await tabTo(page, fish, 20);
    await page.keyboard.press('Space');
    expect(await fish.isChecked()).toBe(true);
    await page.keyboard.press('Escape');
    await filter.waitFor({ state: 'detached' });
    await expectFocus(
      page,
      page.getByRole('button', { name: 'Étrendi szűrő, 1 beállítás' }),
      'the filter button',
    );

    // Further back to the drawer button. Escape closes the drawer and focus returns to the button.
    const drawerButton = page.getByRole('button', { name: t('open_categories') });
    await tabTo(page, drawerButton, 10, true);
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: t('available_categories') });
    await drawer.waitFor();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    await expectFocus(page, drawerButton, 'the drawer button');

    // Open it again: focus starts in its search; find a category and choose it with the keyboard.
    await page.keyboard.press('Enter');
    await drawer.waitFor();
    await expectFocus(page, drawer.getByRole('searchbox'), 'the drawer search');
    await page.keyboard.type('desszert');
    await tabTo(page, drawer.getByRole('button', { name: 'Desszertek' }), 5);
    await screenshot(page, `${viewport}-keyboard-drawer`);
    await page.keyboard.press('Enter');
    await drawer.waitFor({ state: 'detached' });
    await expectFocus(page, page.getByRole('region', { name: 'Desszertek' }), 'the Desszertek section');
    await finishJourney(journey);
  });
});

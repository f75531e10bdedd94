// Routing and language (spec §2, §5): the redirect of `/`, the lang segment in any case / unsupported /
// missing, switching language without a reload, and the not-found screen — at phone and desktop size.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations, launchBrowser, screenshot } from './support/browser.ts';
import {
  failedResource,
  finishJourney,
  startJourney,
  texts,
  VIEWPORT_NAMES,
  waitForHydration,
} from './support/journey.ts';

const baseUrl = inject('baseUrl');
const hu = texts('hu', 'menu');
const en = texts('en', 'menu');
const cz = texts('cz', 'menu');

describe.each(VIEWPORT_NAMES)('routing and language (%s)', (viewport) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('redirects / to /hu, replacing the history entry', async () => {
    const journey = await startJourney(browser, viewport, baseUrl);
    const { page } = journey;
    await page.goto('/en');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const before = await page.evaluate(() => history.length);
    await page.goto('/');
    await page.waitForURL(/\/hu$/);
    // One new entry (for "/"), replaced by /hu: going back skips "/" and returns to the page before it.
    expect(await page.evaluate(() => history.length)).toBe(before + 1);
    expect(await page.getAttribute('html', 'lang')).toBe('hu');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await screenshot(page, `${viewport}-landing-hu`);
    await page.goBack();
    await page.waitForURL(/\/en$/);
    await finishJourney(journey);
  });

  it('applies the lang segment in any case; unsupported or missing means Hungarian', async () => {
    const journey = await startJourney(browser, viewport, baseUrl);
    const { page } = journey;
    const cases = [
      { path: '/menu/demo/EN', search: en('search_menu_placeholder'), html: 'en' },
      { path: '/menu/demo/Cz', search: cz('search_menu_placeholder'), html: 'cs' },
      { path: '/menu/demo/xx', search: hu('search_menu_placeholder'), html: 'hu' },
      { path: '/menu/demo', search: hu('search_menu_placeholder'), html: 'hu' },
    ];
    for (const { path, search, html } of cases) {
      await page.goto(path);
      await page.getByRole('searchbox', { name: search, exact: true }).waitFor();
      expect(await page.getAttribute('html', 'lang'), path).toBe(html);
      // The URL is left as it was typed.
      expect(new URL(page.url()).pathname).toBe(path);
    }
    await finishJourney(journey);
  });

  it('switches language with the picker without reloading the page', async () => {
    const journey = await startJourney(browser, viewport, baseUrl);
    const { page } = journey;
    await page.goto('/menu/demo/hu?from=qr');
    await waitForHydration(page);
    await page.getByRole('heading', { level: 2, name: 'Levesek' }).waitFor();
    await page.evaluate(() => {
      (window as unknown as { e2eMarker: string }).e2eMarker = 'still here';
    });

    await page.getByRole('button', { name: 'Nyelv: Magyar' }).click();
    await page.getByRole('listbox').waitFor();
    await screenshot(page, `${viewport}-language-menu`);
    await expectNoAxeViolations(page);
    await page.getByRole('option', { name: 'English' }).click();

    await page.getByRole('heading', { level: 2, name: 'Soups' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/menu/demo/en');
    expect(new URL(page.url()).search).toBe('?from=qr');
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    await page.getByRole('searchbox', { name: en('search_menu_placeholder') }).waitFor();
    expect(await page.getByRole('heading', { level: 2, name: 'Levesek' }).count()).toBe(0);

    // cz is the specification's code; the page's language tag is the BCP 47 one, cs.
    await page.getByRole('button', { name: 'Language: English' }).click();
    await page.getByRole('option', { name: 'Čeština' }).click();
    await page.getByRole('searchbox', { name: cz('search_menu_placeholder') }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/menu/demo/cz');
    expect(await page.getAttribute('html', 'lang')).toBe('cs');

    expect(await page.evaluate(() => (window as unknown as { e2eMarker?: string }).e2eMarker)).toBe(
      'still here',
    );
    await finishJourney(journey);
  });

  it('shows the not-found screen for an unknown restaurant', async () => {
    const journey = await startJourney(browser, viewport, baseUrl, { expectedErrors: [failedResource(404)] });
    const { page } = journey;
    await page.goto('/menu/nowhere/en');
    await page.getByRole('heading', { name: texts('en', 'common')('restaurant_not_found') }).waitFor();
    const home = page.getByRole('link', { name: texts('en', 'common')('go_home') });
    expect(await home.getAttribute('href')).toBe('/en');
    expect(await page.getByRole('banner').count()).toBe(0);
    await screenshot(page, `${viewport}-not-found`);
    await expectNoAxeViolations(page);
    await finishJourney(journey);
  });

  it('shows the same screen for a restaurant that is not enabled', async () => {
    const journey = await startJourney(browser, viewport, baseUrl, {
      expectedErrors: [failedResource(403), failedResource(404)],
    });
    const { page } = journey;
    await page.goto('/menu/demo-closed/hu');
    await page.getByRole('heading', { name: texts('hu', 'common')('restaurant_not_found') }).waitFor();
    expect(await page.getByRole('searchbox').count()).toBe(0);
    await screenshot(page, `${viewport}-not-found-disabled`);
    await expectNoAxeViolations(page);
    await finishJourney(journey);
  });
});

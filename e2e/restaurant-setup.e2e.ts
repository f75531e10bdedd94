// Issue 26: a restaurant sets itself up in the browser. The owner (a restaurant made disabled with the CLI,
// its menu imported with the CLI, as the menu editor is another screen) signs in, fills in the details, adds
// 6 tables, previews the menu as guests will see it (decision 069) and opens for guests; diners then see the
// menu. The set-up screen and the preview banner have no WCAG 2.2 AA violation.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logInToConsole } from './support/accounts.ts';
import { expectNoAxeViolations, launchBrowser, screenshot } from './support/browser.ts';
import { failedResource, finishJourney, startJourney, texts } from './support/journey.ts';
import { type RunningServer, runCli, startServer } from './support/server-process.ts';

const staff = texts('en', 'staff');
const setup = texts('en', 'setup');
const preview = texts('en', 'preview');
const common = texts('en', 'common');
const OWNER = { email: 'owner@napfeny.test', password: 'a long owner password' };

const MENU = {
  vatKeys: [{ code: 'C', valuePercent: 5 }],
  categories: [
    {
      ref: 'soups',
      translations: [
        { isoCode: 'hu', title: 'Levesek' },
        { isoCode: 'en', title: 'Soups' },
      ],
      items: [
        {
          ref: 'goulash',
          priceGross: 2490,
          vatKey: 'C',
          translations: [
            { isoCode: 'hu', title: 'Gulyásleves' },
            { isoCode: 'en', title: 'Goulash soup' },
          ],
        },
      ],
    },
  ],
};

describe('setting a restaurant up in the browser', () => {
  let browser: Browser;
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ SEED_DEMO: 'false' }, async (dataDir) => {
      const env = { DATA_DIR: dataDir, PUBLIC_URL: 'http://e2e.invalid' };
      await runCli(['create-restaurant', 'napfeny', '--name', 'Napfény Bisztró', '--disabled'], env);
      await runCli(['create-staff', 'napfeny', OWNER.email, '--role', 'OWNER'], {
        ...env,
        TABLO_STAFF_PASSWORD: OWNER.password,
      });
      const menuFile = join(dataDir, 'menu.json');
      writeFileSync(menuFile, JSON.stringify(MENU));
      await runCli(['import-menu', 'napfeny', menuFile], env);
    });
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('the owner fills in the details, adds 6 tables and opens for guests', async () => {
    const diner = await fetch(`${server.baseUrl}/api/menu/current/napfeny`);
    expect(diner.status).toBe(404);

    const owner = await startJourney(browser, 'desktop', server.baseUrl);
    const { page } = owner;
    await logInToConsole(page, OWNER);
    await page
      .getByRole('navigation', { name: staff('navigation') })
      .getByRole('link', { name: staff('nav_setup') })
      .click();
    await page.getByRole('heading', { level: 1, name: setup('title') }).waitFor();
    await page.getByLabel(setup('field_phone')).waitFor();
    await expectNoAxeViolations(page);

    // By keyboard: focus a field, type, and Enter submits its form.
    await page.getByLabel(setup('field_phone')).focus();
    await page.keyboard.type('+36 1 234 5678');
    await page.getByLabel(setup('field_descriptionEn')).focus();
    await page.keyboard.type('Home cooking by the Danube.');
    await page.getByRole('button', { name: setup('save') }).focus();
    await page.keyboard.press('Enter');
    await page.getByText(setup('saved')).waitFor();

    // The picture: a phone photo, stored resized and served by the server itself.
    const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#c0622b' } })
      .jpeg()
      .toBuffer();
    await page.getByLabel(setup('picture'), { exact: true }).setInputFiles({
      name: 'terrace.jpg',
      mimeType: 'image/jpeg',
      buffer: photo,
    });
    await page.getByRole('button', { name: setup('picture_upload') }).click();
    await page.getByText(setup('picture_saved')).waitFor();
    await page.getByRole('img', { name: setup('picture_current') }).waitFor();

    await page.getByLabel(setup('add_count')).focus();
    await page.keyboard.type('6');
    await page.keyboard.press('Enter');
    await page.getByText(setup('tables_added')).waitFor();
    await expect
      .poll(() =>
        page
          .getByRole('list', { name: setup('table_list') })
          .getByRole('listitem')
          .count(),
      )
      .toBe(6);
    await expectNoAxeViolations(page);
    await screenshot(page, 'desktop-restaurant-setup');

    // Before opening, the owner sees the menu as guests will, under the preview banner (decision 069).
    await page.getByRole('link', { name: setup('preview_menu') }).click();
    await page.waitForURL((url) => url.pathname === '/menu/napfeny/en' && url.search === '?preview');
    const banner = page.getByRole('complementary', { name: new RegExp(preview('title')) });
    await banner.waitFor();
    await page.getByText('Goulash soup').first().waitFor();
    // The restaurant's contact below the menu, as guests will see it.
    await page.getByText('+36 1 234 5678').waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'desktop-owner-preview');
    // Anyone else gets today's not-found screen at the same address, and the public menu stays 404.
    const stranger = await startJourney(browser, 'phone', server.baseUrl, {
      // The preview route refuses a browser without the owner's session; the page shows not-found.
      expectedErrors: [failedResource(401)],
    });
    await stranger.page.goto('/menu/napfeny/en?preview');
    await stranger.page.getByRole('heading', { name: common('restaurant_not_found') }).waitFor();
    expect(await stranger.page.getByText('Goulash soup').count()).toBe(0);
    await finishJourney(stranger);
    expect((await fetch(`${server.baseUrl}/api/menu/current/napfeny`)).status).toBe(404);
    await banner.getByRole('link', { name: preview('back_to_setup') }).click();
    await page.getByRole('heading', { level: 1, name: setup('title') }).waitFor();

    await page.getByRole('button', { name: setup('open_button') }).focus();
    await page.keyboard.press('Enter');
    await page.getByText(setup('opened')).waitFor();
    await page.getByRole('link', { name: setup('see_menu') }).waitFor();
    await expectNoAxeViolations(page);
    await finishJourney(owner);

    await expect
      .poll(async () => (await fetch(`${server.baseUrl}/api/menu/current/napfeny`)).status, {
        timeout: 10_000,
      })
      .toBe(200);
    const restaurant = await (await fetch(`${server.baseUrl}/api/restaurant/one/napfeny`)).json();
    expect(restaurant).toMatchObject({ isEnabled: true, phone: '+36 1 234 5678' });
    expect(restaurant.tables).toHaveLength(6);
    expect(restaurant.image).toMatch(/^\/images\/uploads\/hero\/[0-9a-f]+\.webp$/);

    // A diner's page shows the uploaded picture and its resized copies, from the server, cached for a year.
    const guest = await startJourney(browser, 'phone', server.baseUrl);
    const scripts = new Set<string>();
    guest.page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.add(new URL(response.url()).pathname);
    });
    await guest.page.goto('/menu/napfeny/en');
    await guest.page.getByText('Goulash soup').first().waitFor();
    const copy = restaurant.image.replace('/images/', '/images/variants/').replace('.webp', '-750w.webp');
    const served = await fetch(`${server.baseUrl}${copy}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    await expect
      .poll(() =>
        guest.page.evaluate(
          (src) => [...document.images].some((img) => img.currentSrc.includes(src) && img.naturalWidth > 0),
          restaurant.image.replace('.webp', '').replace('/images/', ''),
        ),
      )
      .toBe(true);
    // The preview's banner is code of its own: a guest's phone never loads it. The server's page shows the
    // menu before its scripts start (decision 014): wait for them, and for the screen's own chunks.
    await expect.poll(() => scripts.size, { timeout: 10_000 }).toBeGreaterThan(0);
    await guest.page.waitForLoadState('networkidle');
    const bodies = await Promise.all(
      [...scripts].map(async (path) => ({
        path,
        body: await (await fetch(`${server.baseUrl}${path}`)).text(),
      })),
    );
    expect(
      bodies.filter(({ path, body }) => /preview/.test(path) || body.includes('preview-banner-title')),
    ).toEqual([]);
    await finishJourney(guest);
  });
});

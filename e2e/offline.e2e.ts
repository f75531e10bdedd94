// Issue 10: the menu is the one thing a diner must always be able to read. After a first visit the service
// worker keeps the app, its texts, the restaurant and the menu; reopened offline the menu shows with a quiet
// notice; an order attempted offline is kept and placed exactly once when the network is back (decision 025).
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { TableOrdersResponseSchema } from '@tablo/contract/order';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations, launchBrowser, screenshot } from './support/browser.ts';
import { eventually, finishJourney, startJourney, texts } from './support/journey.ts';
import { REPO_ROOT } from './support/server-process.ts';

const baseUrl = inject('baseUrl');
const tableUrls = inject('tableUrls');
const menu = texts('en', 'menu');
/**
 * What Chromium logs while offline: the live requests that fail (join, ratings, the live channel) and the
 * pictures of dishes never scrolled to on the first visit (the menu shows its placeholder for them).
 */
const OFFLINE_ERRORS = [/net::ERR_INTERNET_DISCONNECTED/, /net::ERR_FAILED/, /WebSocket connection/];
const orders = texts('en', 'orders');

/**
 * The first visit has left everything the page needs in the worker's caches: the page, and the restaurant and
 * menu answers when the page asks for them (the server-rendered menu page carries them inside: decision 022).
 */
async function keptForOffline(page: Page, pagePath: string, withAnswers = true): Promise<void> {
  await eventually(
    () =>
      page.evaluate(
        async ({ path, answers }) => {
          if (!navigator.serviceWorker.controller) return false;
          const [menuAnswer, restaurant, document] = await Promise.all([
            caches.match('/api/menu/current/demo'),
            caches.match('/api/restaurant/one/demo'),
            caches.match(location.origin + path),
          ]);
          return Boolean(document && (!answers || (menuAnswer && restaurant)));
        },
        { path: pagePath, answers: withAnswers },
      ),
    'the service worker controls the page and keeps its page, restaurant and menu',
    20_000,
  );
}

/**
 * Puts a worker of another version into the served build, as a deploy does (the journeys run one file at a
 * time against one server); `restore` puts the built one back.
 */
function deployWorker(oldVersion: string, newVersion: string): { restore: () => void } {
  const file = join(REPO_ROOT, 'web', 'dist', 'sw.js');
  const original = readFileSync(file);
  const compressed = ['.br', '.gz'].map((ext) => [`${file}${ext}`, readFileSync(`${file}${ext}`)] as const);
  writeFileSync(file, original.toString('utf8').replaceAll(oldVersion, newVersion));
  // Without its precompressed copies the server sends the new file itself.
  for (const [path] of compressed) rmSync(path);
  return {
    restore() {
      writeFileSync(file, original);
      for (const [path, bytes] of compressed) writeFileSync(path, bytes);
    },
  };
}

async function tableOrders(page: Page, table: number) {
  const sessionId = await page.evaluate(() => localStorage.getItem('sessionId'));
  const response = await fetch(`${baseUrl}/api/tables/${table}/orders`, {
    headers: { 'x-session-id': sessionId ?? '' },
  });
  expect(response.status).toBe(200);
  return TableOrdersResponseSchema.parse(await response.json()).orders;
}

/** The Idempotency-Key of every order request the page sends. */
function recordOrderKeys(page: Page): string[] {
  const keys: string[] = [];
  page.on('request', (request: Request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/orders') {
      void request.allHeaders().then((headers) => keys.push(headers['idempotency-key'] ?? '(none)'));
    }
  });
  return keys;
}

async function scanAndWait(page: Page, table: number): Promise<void> {
  await page.goto(tableUrls[String(table)] as string);
  await page.waitForURL((url) => url.pathname === `/order/demo/${table}/en` && !url.searchParams.has('t'));
  await page.getByRole('button', { name: 'Add Goulash soup to the cart' }).waitFor();
}

async function confirmCart(page: Page): Promise<void> {
  await page.getByRole('button', { name: /View cart/ }).click();
  await page.getByRole('dialog', { name: 'Your cart' }).getByRole('button', { name: 'Continue' }).click();
}

describe('offline (phone)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('reopens the menu offline with the notice, keeps an offline order, and places it once when back online', async () => {
    const table = 7;
    const journey = await startJourney(browser, 'phone', baseUrl, { expectedErrors: OFFLINE_ERRORS });
    const { page, context } = journey;
    const keys = recordOrderKeys(page);

    // First visits: the read-only menu, then the table's ordering page from its QR code.
    await page.goto('/menu/demo/en');
    await page.getByRole('article', { name: 'Goulash soup' }).waitFor();
    await keptForOffline(page, '/menu/demo/en', false);
    await scanAndWait(page, table);
    await keptForOffline(page, `/order/demo/${table}/en`);
    expect(await page.getByText(menu('offline_notice')).count()).toBe(0);

    // Offline, the ordering page reloads from the phone: the menu with the quiet notice.
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('article', { name: 'Goulash soup' }).waitFor();
    const notice = page.getByRole('status').filter({ hasText: menu('offline_notice') });
    await notice.waitFor();
    // A dish's picture the first visit showed is there too: the smaller copy the page fetched (decision 039).
    const picture = page.getByRole('article', { name: 'Goulash soup' }).locator('img:not([data-allergen])');
    await expect
      .poll(() =>
        picture.evaluate((img: HTMLImageElement) =>
          img.complete && img.naturalWidth > 0 ? new URL(img.currentSrc).pathname : 'not shown',
        ),
      )
      .toBe('/images/variants/menu/gulyasleves-520w.webp');
    // And its allergen badges, the badge pictures the first visit fetched (decision 048).
    const gluten = page
      .getByRole('article', { name: 'Goulash soup' })
      .getByRole('img', { name: menu('allergen.GLUTEN') });
    await expect
      .poll(() => gluten.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    await screenshot(page, 'phone-offline-menu');
    await expectNoAxeViolations(page);

    // The read-only menu reopens offline as well.
    await page.goto('/menu/demo/en');
    await page.getByRole('article', { name: 'Lángos' }).waitFor();
    await notice.waitFor();
    await page.goto(`/order/demo/${table}/en`);

    // The cart fills offline; placing says plainly that it needs the network, and sends nothing.
    await page.getByRole('button', { name: 'Add Goulash soup to the cart' }).click();
    await confirmCart(page);
    const confirm = page.getByRole('dialog', { name: 'Confirm your order' });
    await confirm.getByRole('button', { name: 'Place order' }).click();
    await confirm
      .getByRole('alert')
      .filter({ hasText: orders('needs_network') })
      .waitFor();
    await screenshot(page, 'phone-offline-order');
    expect(keys).toEqual([]);
    const kept = await page.evaluate(
      (key) =>
        JSON.parse(localStorage.getItem(key) ?? 'null') as { lines: unknown[]; idempotencyKey: string },
      `tablo.cart.demo.${table}`,
    );
    expect(kept.lines).toHaveLength(1);
    expect(await tableOrders(page, table)).toEqual([]);

    // Back online: the notice goes, the dialog says what to do, and one tap places the order once.
    await context.setOffline(false);
    await confirm
      .getByRole('alert')
      .filter({ hasText: orders('back_online') })
      .waitFor();
    // (The first request right after the network returns may still end at the kept copy: the menu is asked
    // for again every 3 s until a fresh one comes.)
    await eventually(
      async () => (await notice.count()) === 0,
      'the offline notice disappears when online',
      12_000,
    );
    await confirm.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL((url) => url.searchParams.has('placed'));
    const placedId = Number(new URL(page.url()).searchParams.get('placed'));

    const stored = await tableOrders(page, table);
    expect(stored.map((order) => order.id)).toEqual([placedId]);
    expect(stored[0]?.items.map((item) => item.quantity)).toEqual([1]);
    expect(keys).toEqual([kept.idempotencyKey]);
    await finishJourney(journey);
  });

  it('when the answer is lost after the server stored the order, the retry sends the same key and nothing is doubled', async () => {
    const table = 8;
    const journey = await startJourney(browser, 'phone', baseUrl, {
      expectedErrors: [/ERR_CONNECTION_RESET/, /Failed to load resource/],
    });
    const { page, context } = journey;
    const keys = recordOrderKeys(page);
    await scanAndWait(page, table);

    // The first order request reaches the server (which stores the order); its answer never arrives.
    let lost = 0;
    await context.route('**/api/orders', async (route) => {
      if (lost > 0) return route.continue();
      lost += 1;
      await route.fetch();
      await route.abort('connectionreset');
    });

    await page.getByRole('button', { name: 'Add Lángos to the cart' }).click();
    await confirmCart(page);
    await page
      .getByRole('dialog', { name: 'Confirm your order' })
      .getByRole('button', { name: 'Place order' })
      .click();
    await page.waitForURL((url) => url.searchParams.has('placed'));
    const placedId = Number(new URL(page.url()).searchParams.get('placed'));

    expect(lost).toBe(1);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    const stored = await tableOrders(page, table);
    expect(stored.map((order) => order.id)).toEqual([placedId]);
    await finishJourney(journey);
  });

  it('a new deploy takes over: the new worker drops the old code cache, keeps the menu, and pages come fresh', async () => {
    const table = 12;
    const journey = await startJourney(browser, 'phone', baseUrl, { expectedErrors: OFFLINE_ERRORS });
    const { page, context } = journey;
    await scanAndWait(page, table);
    await keptForOffline(page, `/order/demo/${table}/en`);
    const before = await page.evaluate(() => caches.keys());
    const oldBuild = before.find((name) => name.startsWith('tablo-build-'));
    expect(oldBuild).toBeDefined();
    const oldVersion = (oldBuild as string).slice('tablo-build-'.length);

    // The deploy: the build folder gets a worker of another version, as a new build writes one.
    const newVersion = 'f'.repeat(oldVersion.length);
    const deployed = deployWorker(oldVersion, newVersion);
    try {
      await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
      await eventually(
        () =>
          page.evaluate(
            async (version) => (await caches.keys()).includes(`tablo-build-${version}`),
            newVersion,
          ),
        'the new worker installs',
        20_000,
      );
      await eventually(
        async () => !(await page.evaluate(() => caches.keys())).includes(oldBuild as string),
        'the old build cache is deleted on activate',
        20_000,
      );
    } finally {
      deployed.restore();
    }
    const after = await page.evaluate(() => caches.keys());
    expect(after).toEqual(expect.arrayContaining(['tablo-data-v1', `tablo-build-${newVersion}`]));

    // The page kept by the old build was fetched again for the new one. Marked here, it must not come back
    // online: pages are network first, so a new page (naming new scripts) always wins over a kept one.
    const pagePath = `/order/demo/${table}/en`;
    const carried = await page.evaluate(
      async ({ cacheName, path }) => {
        const cache = await caches.open(cacheName);
        const key = location.origin + path;
        const kept = await cache.match(key);
        if (!kept) return false;
        const html = (await kept.text()).replace('<head>', '<head><meta name="tablo-kept" content="old">');
        await cache.put(key, new Response(html, { headers: kept.headers }));
        return true;
      },
      { cacheName: `tablo-build-${newVersion}`, path: pagePath },
    );
    expect(carried).toBe(true);
    await page.reload();
    await page.getByRole('article', { name: 'Goulash soup' }).waitFor();
    expect(await page.locator('meta[name="tablo-kept"]').count()).toBe(0);

    // The new worker alone serves the page offline: its code cache is complete.
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('article', { name: 'Goulash soup' }).waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: menu('offline_notice') })
      .waitFor();
    expect(await page.locator('meta[name="tablo-kept"]').count()).toBe(0);
    await context.setOffline(false);
    await finishJourney(journey);
  });
});

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli as runCliInProcess } from '../server/src/cli/run-cli.ts';
import { createPgliteDataDir } from '../server/test/helpers/test-database.ts';
import { launchBrowser, screenshot } from './support/browser.ts';
import { joinTable, placeOrder } from './support/diner-api.ts';
import { type Journey, startJourney, texts } from './support/journey.ts';
import { type RunningServer, startServer } from './support/server-process.ts';
import { staffLogin } from './support/staff.ts';
import { expectInert, inspectSource, PAYLOADS, watchForXss, type XssWatch } from './support/xss.ts';

// Issue 11 §9: hostile text everywhere a restaurant, its menu, its diners and its staff can put text — the
// restaurant's name and descriptions, category and dish titles and descriptions, a picture's address
// (created through the CLI and a menu import), order notes and line notes typed on the phone, a reject
// reason typed on the staff board — renders as text on every diner and staff screen, in the page source
// the server renders, in its JSON-LD, on the hosted checkout page and on the receipt. Any dialog, CSP
// violation or injected element fails it.
const P = PAYLOADS;
const SHORT = 'xss';
const RESTAURANT_NAME = `Bistro ${P.doubleQuote} ${P.endScriptInJson}`;
const STAFF_ACCOUNT = { email: 'manager@xss.example', password: 'xss-staff-password' };
const orderText = texts('en', 'orders');
const payText = texts('en', 'payment');
const staffText = texts('en', 'staff');
const commonText = texts('en', 'common');
const LIVE = { timeout: 10_000 };

/** Dish titles (snapshotted into orders: they reach the board, the kitchen, the payment and the receipt). */
const DISHES = [
  { ref: 'one', title: `Soup ${P.imgOnerror}`, description: P.mutation, price: 1000 },
  { ref: 'two', title: `Stew ${P.iframe}`, description: `${P.comment} ${P.lineSeparators}`, price: 2000 },
  { ref: 'three', title: `Cake ${P.zeroWidth} ${P.fullwidth}`, description: P.anchor, price: 3000 },
  { ref: 'four', title: `Tea ${P.singleQuote} ${P.template}`, description: P.rtlOverride, price: 500 },
];
/** A path on the site with markup in its query: escaped in the page's attributes, the picture still loads. */
const IMAGE = '/images/demo/restaurant.webp?x="><svg/onload=alert(30)/data-xss>';
const ORDER_NOTE = `${P.autofocus} ${P.styleImport}`;
const LINE_NOTE = `${P.scriptTag} ${P.i18nNesting}`;
const API_NOTE = `${P.preEscaped} ${P.nulEntity}`;
const API_LINE_NOTE = P.svgScript;
const REJECT_REASON = `${P.details} ${P.endTitle}`;

function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
}

/** The restaurant, its menu, a table and a manager, through the CLI's own code on the server's data folder. */
async function seed(dataDir: string): Promise<string> {
  const out: string[] = [];
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://e2e.invalid',
    SEED_DEMO: 'false',
  };
  const cli = async (args: string[]) => {
    const errors: string[] = [];
    const code = await runCliInProcess(args, {
      out: (line) => out.push(line),
      err: (line) => errors.push(line),
      env,
      cwd: dataDir,
    });
    if (code !== 0) throw new Error(`tablo ${args[0]}: ${errors.join('\n')}`);
  };
  // The migrated snapshot the server tests start from: a fresh folder would spend seconds in initdb.
  await createPgliteDataDir(dataDir);
  const menuFile = join(dataDir, 'menu.json');
  const translations = (title: string, description: string) => [
    { isoCode: 'en', title, description },
    { isoCode: 'hu', title, description },
  ];
  writeFileSync(
    menuFile,
    JSON.stringify({
      vatKeys: [{ code: '27', valuePercent: 27 }],
      categories: [
        {
          ref: 'first',
          translations: translations(`Starters ${P.svgScript}`, ''),
          items: DISHES.slice(0, 2).map((dish) => ({
            ref: dish.ref,
            priceGross: dish.price,
            vatKey: '27',
            imageUrl: IMAGE,
            translations: translations(dish.title, dish.description),
          })),
        },
        {
          ref: 'second',
          translations: translations(`Mains ${P.template}`, ''),
          items: DISHES.slice(2).map((dish) => ({
            ref: dish.ref,
            priceGross: dish.price,
            vatKey: '27',
            translations: translations(dish.title, dish.description),
          })),
        },
      ],
    }),
  );
  await cli([
    'create-restaurant',
    SHORT,
    '--name',
    RESTAURANT_NAME,
    '--description-en',
    `${P.scriptTag} ${P.javascriptUrl}`,
    '--description-hu',
    P.endTitle,
    '--image',
    IMAGE,
  ]);
  // A script URL as a picture is refused by the import, all or nothing (the refusal names the field).
  const badMenu = join(dataDir, 'bad-menu.json');
  writeFileSync(
    badMenu,
    JSON.stringify({
      vatKeys: [{ code: '27', valuePercent: 27 }],
      categories: [
        {
          ref: 'x',
          translations: [{ isoCode: 'en', title: 'x' }],
          items: [
            {
              ref: 'x',
              priceGross: 1,
              vatKey: '27',
              imageUrl: 'javascript:alert(31)',
              translations: [{ isoCode: 'en', title: 'x' }],
            },
          ],
        },
      ],
    }),
  );
  await expect(cli(['import-menu', SHORT, badMenu])).rejects.toThrow(/imageUrl/);
  await cli(['import-menu', SHORT, menuFile]);
  await cli(['add-tables', SHORT, '1']);
  // The CLI reads the password from the process's own environment (or standard input).
  process.env.TABLO_STAFF_PASSWORD = STAFF_ACCOUNT.password;
  try {
    await cli(['create-staff', SHORT, STAFF_ACCOUNT.email, '--role', 'MANAGER']);
  } finally {
    delete process.env.TABLO_STAFF_PASSWORD;
  }
  out.length = 0;
  await cli(['table-urls', SHORT, '--lang', 'en']);
  const url = /http:\/\/e2e\.invalid(\/order\/xss\/\d+\/en\?t=[0-9a-f]+)/.exec(out.join('\n'))?.[1];
  if (!url) throw new Error(`no table URL in ${out.join('\n')}`);
  return url;
}

/** A second diner's order at the table through the API, with hostile notes (as a script would send them). */
async function apiOrder(baseUrl: string, scanUrl: string, menuItemId: number) {
  const phone = await joinTable(baseUrl, scanUrl, SHORT);
  const { tableId, sessionId: uuid } = phone;
  const placed = await placeOrder(baseUrl, phone, {
    note: API_NOTE,
    items: [{ menuItemId, quantity: 1, note: API_LINE_NOTE }],
  });
  // A table call carries a kind, never text: anything else is refused.
  const call = await fetch(`${baseUrl}/api/tables/${tableId}/calls`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-session-id': uuid },
    body: JSON.stringify({ kind: P.scriptTag }),
  });
  expect(call.status).toBe(400);
  const waiter = await fetch(`${baseUrl}/api/tables/${tableId}/calls`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-session-id': uuid },
    body: JSON.stringify({ kind: 'WAITER' }),
  });
  expect(waiter.status).toBe(200);
  return placed;
}

describe('hostile text renders as text on every screen', () => {
  let browser: Browser;
  let server: RunningServer;
  let scanUrl = '';
  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startServer({ SEED_DEMO: 'false', PAYMENT_PROVIDER: 'sandbox' }, async (dataDir) => {
        scanUrl = await seed(dataDir);
      }),
      launchBrowser(),
    ]);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('in page sources, JSON-LD, diner screens, the staff console, the checkout page and the receipt', async () => {
    const started = Date.now();
    const baseUrl = server.baseUrl;

    // The server-rendered menu page's source: parsed by the browser, never run.
    const diner: Journey = await startJourney(browser, 'phone', baseUrl);
    const watch = await watchForXss(diner.context);
    const phone = diner.page;
    phone.on('dialog', (dialog) => {
      watch.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.dismiss();
    });
    // Sources are parsed in a blank page of their own (no app scripts, nothing stored).
    const parser = await browser.newPage();
    for (const path of [`/menu/${SHORT}/en`, `/menu/${SHORT}/hu`]) {
      const response = await fetch(`${baseUrl}${path}`);
      const scriptSrc = /script-src ([^;]*)/.exec(response.headers.get('content-security-policy') ?? '')?.[1];
      expect(scriptSrc, path).toMatch(/^'self'/);
      expect(scriptSrc, path).not.toContain("'unsafe-inline'");
      const source = await inspectSource(parser, await response.text());
      expect(source.injected, path).toEqual([]);
      expect(
        source.inlineScripts.filter((script) => /alert|__xss/.test(script)),
        path,
      ).toEqual([]);
      expect(source.title, path).toContain(RESTAURANT_NAME);
      const ld = source.ld as {
        name: string;
        image: string;
        hasMenu: { hasMenuSection: { name: string; hasMenuItem: { name: string }[] }[] };
      };
      expect(ld.name, path).toBe(RESTAURANT_NAME);
      expect(ld.image, path).not.toMatch(/[<>"]/);
      expect(ld.hasMenu.hasMenuSection.flatMap((s) => s.hasMenuItem.map((i) => i.name))).toEqual(
        DISHES.map((dish) => dish.title),
      );
      expect(JSON.stringify(source.data), path).toContain(JSON.stringify(DISHES[0]?.title).slice(1, -1));
    }

    // The diner's phone: the menu, the cart with notes typed in, the confirmation, My Table.
    await phone.goto(scanUrl);
    await phone.waitForURL((address) => !address.searchParams.has('t'));
    await expect.poll(() => phone.locator('[data-add-to-cart]').count(), LIVE).toBe(DISHES.length);
    await expectInert(phone, watch, 'menu', [
      RESTAURANT_NAME,
      ...DISHES.map((d) => d.title),
      DISHES[0]?.description ?? '',
    ]);
    await screenshot(phone, 'xss-menu');
    await phone.locator('[data-add-to-cart]').nth(0).click();
    await phone.locator('[data-add-to-cart]').nth(2).click();
    await phone.getByRole('button', { name: new RegExp(orderText('view_cart')) }).click();
    const cart = phone.getByRole('dialog', { name: orderText('cart_title') });
    await cart.locator('li input[type="text"]').first().fill(LINE_NOTE);
    await cart.getByLabel(orderText('note_label')).fill(ORDER_NOTE);
    await expectInert(phone, watch, 'cart', [DISHES[0]?.title ?? '']);
    await cart.getByRole('button', { name: orderText('continue') }).click();
    const confirm = phone.getByRole('dialog', { name: orderText('confirmation_title') });
    await expectInert(phone, watch, 'confirmation', [DISHES[2]?.title ?? '']);
    await confirm.getByRole('button', { name: orderText('place_order') }).click();
    await phone.waitForURL((url) => url.searchParams.has('placed'));
    const phoneOrderId = Number(new URL(phone.url()).searchParams.get('placed'));
    await expect.poll(() => phone.locator(`article[data-order-id="${phoneOrderId}"]`).count(), LIVE).toBe(1);
    await expectInert(phone, watch, 'my table', [ORDER_NOTE, LINE_NOTE]);

    // Another diner's order through the API; the staff board shows both, and the manager rejects it with a reason.
    const menuItemId = (await (await fetch(`${baseUrl}/api/menu/current/${SHORT}`)).json()) as {
      menuItems: { id: number }[];
    }[];
    const apiPlaced = await apiOrder(baseUrl, scanUrl, menuItemId[0]?.menuItems[1]?.id ?? 0);
    const tabletContext: BrowserContext = await browser.newContext({
      baseURL: baseUrl,
      viewport: { width: 1280, height: 900 },
      locale: 'en-GB',
    });
    const staffWatch: XssWatch = await watchForXss(tabletContext);
    const tablet: Page = await tabletContext.newPage();
    const tabletErrors: string[] = [];
    tablet.on('console', (message) => {
      if (message.type() === 'error') tabletErrors.push(message.text());
    });
    tablet.on('pageerror', (error) => tabletErrors.push(error.message));
    await tablet.goto('/staff/login/en');
    await tablet.getByLabel(staffText('email')).fill(STAFF_ACCOUNT.email);
    await tablet.getByLabel(staffText('password')).fill(STAFF_ACCOUNT.password);
    await tablet.getByRole('button', { name: staffText('log_in') }).click();
    await tablet.waitForURL((url) => url.pathname === '/staff/board/en');
    const apiCard = tablet.locator(`article[data-order-id="${apiPlaced.id}"]`);
    await expect.poll(() => apiCard.count(), LIVE).toBe(1);
    await expectInert(tablet, staffWatch, 'staff board', [
      ORDER_NOTE,
      LINE_NOTE,
      API_NOTE,
      API_LINE_NOTE,
      DISHES[0]?.title ?? '',
    ]);
    const label = fill(staffText('order_label'), { id: apiPlaced.id });
    await apiCard.getByRole('button', { name: fill(staffText('reject_order'), { order: label }) }).click();
    const reject = tablet.getByRole('dialog', { name: fill(staffText('reject_title'), { order: label }) });
    await reject.getByLabel(staffText('reject_reason')).fill(REJECT_REASON);
    await reject.getByRole('button', { name: staffText('reject') }).click();
    await expect.poll(() => apiCard.textContent(), LIVE).toContain(REJECT_REASON);
    await expectInert(tablet, staffWatch, 'staff board after the reject', [REJECT_REASON]);
    await screenshot(tablet, 'xss-staff-board');
    // The phone's order is accepted: the kitchen shows it item by item, and it becomes payable.
    const staffApi = await staffLogin(baseUrl, STAFF_ACCOUNT);
    await staffApi.move(phoneOrderId, 'ACCEPTED');
    const nav = tablet.getByRole('navigation', { name: staffText('navigation') });
    for (const [screen, title, shown] of [
      ['nav_kitchen', 'kitchen_title', DISHES[0]?.title ?? ''],
      ['nav_tables', 'tables_title', ''],
      ['nav_menu', 'menu_title', DISHES[3]?.title ?? ''],
    ] as const) {
      await nav.getByRole('link', { name: staffText(screen), exact: true }).click();
      await expect
        .poll(() => tablet.getByRole('heading', { name: staffText(title), level: 1 }).isVisible())
        .toBe(true);
      await expect.poll(() => tablet.getByRole('status', { name: /Loading/ }).count()).toBe(0);
      await expectInert(tablet, staffWatch, `staff ${screen}`, shown ? [shown] : []);
    }

    // The diner sees the reason; the phone's order is accepted and paid online through the hosted checkout.
    await phone
      .getByRole('navigation', { name: commonText('main_navigation') })
      .getByRole('link', { name: commonText('my_table'), exact: true })
      .click();
    await expect
      .poll(() => phone.locator(`article[data-order-id="${apiPlaced.id}"]`).textContent(), LIVE)
      .toContain(REJECT_REASON);
    await expectInert(phone, watch, 'my table with the rejection', [REJECT_REASON, API_NOTE]);
    await phone
      .getByRole('navigation', { name: commonText('main_navigation') })
      .getByRole('link', { name: commonText('payment'), exact: true })
      .click();
    await expect.poll(() => phone.locator('li[data-payable-line]').count(), LIVE).toBe(2);
    await expectInert(phone, watch, 'payment summary', [DISHES[0]?.title ?? '', DISHES[2]?.title ?? '']);
    await phone.getByRole('button', { name: payText('pay_together') }).click();
    await phone.getByRole('radio', { name: payText('method_online') }).check();
    await phone
      .getByRole('button', { name: new RegExp(`^${payText('pay_amount').split('{{')[0]}\\d`) })
      .click();
    await phone.waitForURL((url) => url.pathname.startsWith('/sandbox-checkout/'));
    await expectInert(phone, watch, 'hosted checkout', [RESTAURANT_NAME]);
    const checkout = await inspectSource(parser, await (await fetch(phone.url())).text());
    expect(checkout.injected).toEqual([]);
    expect(checkout.inlineScripts).toEqual([]);
    await phone.getByRole('button', { name: 'Approve payment' }).click();
    await phone.waitForURL((url) => url.pathname.startsWith('/payment-success/'));
    await expect
      .poll(() => phone.locator('[data-payment-status]').getAttribute('data-payment-status'), LIVE)
      .toBe('SUCCEEDED');
    await expectInert(phone, watch, 'payment result');
    await phone.getByRole('link', { name: payText('view_receipt') }).click();
    await expect.poll(() => phone.locator('[data-receipt]').isVisible(), LIVE).toBe(true);
    await expectInert(phone, watch, 'receipt', [
      RESTAURANT_NAME,
      DISHES[0]?.title ?? '',
      DISHES[2]?.title ?? '',
    ]);
    await screenshot(phone, 'xss-receipt');

    expect(diner.errors()).toEqual([]);
    expect(tabletErrors).toEqual([]);
    await tabletContext.close();
    await parser.close();
    await diner.close();
    console.log(`xss journey: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }, 90_000);
});

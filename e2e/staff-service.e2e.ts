import { MenuSchema } from '@tablo/contract/menu';
import type { Browser, Page, WebSocketRoute } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations, launchBrowser, screenshot, watchPageErrors } from './support/browser.ts';
import { failedResource, type Journey, startJourney, texts } from './support/journey.ts';
import { STAFF, staffLogin } from './support/staff.ts';

type StaffApi = Awaited<ReturnType<typeof staffLogin>>;

// Issue 8, the first "Done when": a dinner service at one table. Two staff tablets (1024×768) logged in
// through the console, two diner phones at the table: orders, accept and serve, a waiter call, a dish sold
// out and back, closing the table, a new visit, and a new QR code that retires the old one. Every change
// reaches the other screens live (no reload anywhere but a new scan).
const staffText = texts('en', 'staff');
const orderText = texts('en', 'orders');
const tableText = texts('en', 'table');
const commonText = texts('en', 'common');
const payText = texts('en', 'payment');
const baseUrl = inject('baseUrl');
const tableUrls = inject('tableUrls');
const TABLET = { width: 1024, height: 768 };
/** A table no other journey uses, so its visits are this journey's own. */
const TABLE = 11;
/** The demo's second tablet logs in as its waiter (server/src/demo/demo-staff.ts). */
const WAITER = { email: 'waiter@demo.example', password: 'demo-waiter' };
/** Live changes arrive within this (the socket pushes them; polling only reads the screen). */
const LIVE = { timeout: 10_000 };
const SOLD_OUT_DISH = 'Újházi chicken soup';

/** A price as the app shows it in English (web/src/lib/format-price.ts). */
function price(amount: number): string {
  const number = new Intl.NumberFormat('en', { maximumFractionDigits: 0, useGrouping: 'always' });
  return `${number.format(amount)}\u00a0Ft`;
}

/** Fills a `{{name}}` text of the app with values. */
function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
}

type Tablet = { page: Page; errors: () => string[]; close: () => Promise<void> };

/** A staff tablet logged in through the console's log-in screen, on the live board. */
async function openTablet(
  browser: Browser,
  account: { email: string; password: string },
  prepare?: (page: Page) => Promise<void>,
): Promise<Tablet> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: TABLET, locale: 'en-GB' });
  const page = await context.newPage();
  const watch = watchPageErrors(page);
  await prepare?.(page);
  await page.goto('/staff/login/en');
  await page.getByLabel(staffText('email')).fill(account.email);
  await page.getByLabel(staffText('password')).fill(account.password);
  await page.getByRole('button', { name: staffText('log_in') }).click();
  await page.waitForURL((url) => url.pathname === '/staff/board/en');
  await expect
    .poll(() => page.getByRole('heading', { name: staffText('board_title'), level: 1 }).isVisible())
    .toBe(true);
  await expect
    .poll(
      () =>
        page
          .getByRole('status')
          .filter({ hasText: staffText('live_live') })
          .count(),
      LIVE,
    )
    .toBe(1);
  return { page, errors: () => watch.errors, close: () => context.close() };
}

/** A tablet's Wi-Fi as its staff socket sees it: dropping it closes the socket, and reconnects fail until restored. */
type Wifi = { drop: () => Promise<void>; restore: () => void };

async function staffSocketWifi(page: Page): Promise<Wifi> {
  let up = true;
  const open = new Set<WebSocketRoute>();
  await page.routeWebSocket(/\/api\/staff\/ws/, async (socket) => {
    if (!up) return socket.close({ code: 1001, reason: 'offline' });
    open.add(socket);
    socket.connectToServer();
  });
  return {
    async drop() {
      up = false;
      await Promise.all([...open].map((socket) => socket.close({ code: 1001, reason: 'offline' })));
      open.clear();
    },
    restore() {
      up = true;
    },
  };
}

function nav(page: Page, screen: 'nav_board' | 'nav_tables' | 'nav_menu') {
  return page
    .getByRole('navigation', { name: staffText('navigation') })
    .getByRole('link', { name: staffText(screen), exact: true });
}

/** The table's card on a board. */
function visitCard(page: Page) {
  return page.locator(`section[data-table="${TABLE}"]`);
}

function boardStatus(page: Page, orderId: number) {
  return page.locator(`article[data-order-id="${orderId}"] [data-status]`);
}

function dinerStatus(page: Page, orderId: number) {
  return page.locator(`article[data-order-id="${orderId}"] [data-status]`).textContent();
}

async function goToMyTable(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: commonText('main_navigation') })
    .getByRole('link', { name: commonText('my_table') })
    .click();
  await expect
    .poll(() => page.getByRole('heading', { name: new RegExp(tableText('title')) }).count())
    .toBe(1);
}

async function goToMenu(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: commonText('main_navigation') })
    .getByRole('link', { name: commonText('menu'), exact: true })
    .click();
}

/** Scans the table's code (the token is kept, then removed from the address bar) and is ready to order. */
async function scan(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForURL((address) => !address.searchParams.has('t'));
  await expect.poll(() => page.locator('[data-add-to-cart]').count(), LIVE).toBeGreaterThan(0);
}

async function addToCart(page: Page, dish: string): Promise<void> {
  await page.getByRole('button', { name: fill(orderText('add_item_label'), { title: dish }) }).click();
}

/** Cart → confirmation → placed; resolves to the new order's id. */
async function placeOrder(page: Page): Promise<number> {
  await page.getByRole('button', { name: new RegExp(orderText('view_cart')) }).click();
  const cart = page.getByRole('dialog', { name: orderText('cart_title') });
  await cart.getByRole('button', { name: orderText('continue') }).click();
  const confirm = page.getByRole('dialog', { name: orderText('confirmation_title') });
  await confirm.getByRole('button', { name: orderText('place_order') }).click();
  await page.waitForURL((url) => url.searchParams.has('placed'));
  return Number(new URL(page.url()).searchParams.get('placed'));
}

/** The banner above the console's screens, showing `text`. */
function banner(page: Page, text: string) {
  return page.locator('[data-banner]').getByText(text, { exact: true });
}

/** The board shows the order live, highlighted, with the banner and the assertive announcement. */
async function expectOrderAlert(page: Page, orderId: number): Promise<void> {
  const card = page.locator(`article[data-order-id="${orderId}"]`);
  await expect.poll(() => card.isVisible(), LIVE).toBe(true);
  await expect.poll(() => card.getAttribute('data-fresh')).toBe('true');
  const alert = fill(staffText('alert_order_at'), { table: TABLE });
  await expect.poll(() => banner(page, alert).isVisible()).toBe(true);
  await expect.poll(() => page.locator('[aria-live="assertive"]').textContent()).toContain(alert);
}

/** The "Unpaid" figure of the table's card, in forints (the board shows whole forints). */
async function boardUnpaid(page: Page): Promise<number | null> {
  const text = await visitCard(page)
    .getByText(new RegExp(`^${staffText('unpaid')}:`))
    .textContent();
  return text === null ? null : Number(text.replace(/\D/g, ''));
}

/**
 * Issue 24, point 1: every tablet's "Unpaid" is what a reload would show (the server's figure), however long
 * the board has been open — through its own moves, the other tablet's, payments and a new visit.
 */
async function expectUnpaidAsServer(api: StaffApi, tablets: Page[], expected: number): Promise<void> {
  const visit = (await api.board()).visits.find((v) => v.tableNumber === TABLE);
  expect(visit?.unpaidAmount).toBe(expected);
  for (const page of tablets) await expect.poll(() => boardUnpaid(page), LIVE).toBe(expected);
}

/** The table's order cards on a board, top to bottom. */
async function orderIdsOnBoard(page: Page): Promise<number[]> {
  const ids = await visitCard(page)
    .locator('article[data-order-id]')
    .evaluateAll((cards) => cards.map((card) => Number(card.getAttribute('data-order-id'))));
  return ids;
}

/** Whether two boxes on the screen overlap. */
function overlaps(a: Box | null, b: Box | null): boolean {
  if (!a || !b) return false;
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}
type Box = { x: number; y: number; width: number; height: number };

describe('a dinner service: two staff tablets, two diner phones', () => {
  let browser: Browser;
  let soldOutDishId = 0;
  const prices = new Map<string, number>();
  const priceOf = (title: string) => prices.get(title) ?? Number.NaN;
  beforeAll(async () => {
    browser = await launchBrowser();
    const menu = MenuSchema.parse(await (await fetch(`${baseUrl}/api/menu/current/demo`)).json());
    for (const item of menu.flatMap((category) => category.menuItems))
      for (const translation of item.translations) prices.set(translation.title, item.priceGross);
    const dish = menu
      .flatMap((category) => category.menuItems)
      .find((item) => item.translations.some((t) => t.title === SOLD_OUT_DISH));
    if (!dish) throw new Error(`the demo menu has no ${SOLD_OUT_DISH}`);
    soldOutDishId = dish.id;
  });
  afterAll(async () => {
    // Whatever happened, the dish is back on the menu for the journeys that follow.
    if (soldOutDishId) await (await staffLogin(baseUrl)).setAvailability(soldOutDishId, 'AVAILABLE');
    await browser.close();
  });

  it('orders, moves, a call, sold out, close, a new visit and a new QR code, all live', async () => {
    const started = Date.now();
    const scanUrl = tableUrls[String(TABLE)] as string;
    expect(scanUrl).toMatch(new RegExp(`^/order/demo/${TABLE}/en\\?t=[0-9a-f]{32}$`));
    const api = await staffLogin(baseUrl);

    // Two staff tablets on the board; the first is the manager's, the second the waiter's.
    const first = await openTablet(browser, { email: STAFF.email, password: STAFF.password });
    let wifi: Wifi | undefined;
    const second = await openTablet(browser, WAITER, async (page) => {
      wifi = await staffSocketWifi(page);
    });
    const one = first.page;
    const two = second.page;

    // Two phones scan the table's code and join.
    const diners: Journey[] = [];
    for (let i = 0; i < 2; i++) diners.push(await startJourney(browser, 'phone', baseUrl));
    const [dinerA, dinerB] = diners as [Journey, Journey];
    const a = dinerA.page;
    const b = dinerB.page;
    await scan(a, scanUrl);
    await scan(b, scanUrl);

    // Diner A orders: both boards show it live with its alert.
    await addToCart(a, 'Goulash soup');
    const orderA = await placeOrder(a);
    await expectOrderAlert(one, orderA);
    await expectOrderAlert(two, orderA);
    await screenshot(one, 'service-board-first-order');

    // Diner B orders too: a second card at the same table, with its own alert.
    await addToCart(b, 'Lángos');
    const orderB = await placeOrder(b);
    await expectOrderAlert(one, orderB);
    await expectOrderAlert(two, orderB);
    expect(await visitCard(one).locator('article[data-order-id]').count()).toBe(2);
    // Issue 24, point 2: the newest order first, live as after a reload.
    const loaded = (await api.board()).visits.find((v) => v.tableNumber === TABLE);
    expect(loaded?.orders.map((o) => o.id)).toEqual([orderB, orderA]);
    for (const page of [one, two]) expect(await orderIdsOnBoard(page)).toEqual([orderB, orderA]);
    const firstVisit = (await api.board()).visits.find((v) => v.orders.some((o) => o.id === orderA));
    expect(firstVisit?.orders.map((o) => o.id).sort()).toEqual([orderA, orderB].sort());

    // Both diners follow on My Table.
    await goToMyTable(a);
    await goToMyTable(b);
    for (const page of [a, b]) {
      await expect.poll(() => dinerStatus(page, orderA), LIVE).toBe(orderText('status_PLACED'));
      await expect.poll(() => dinerStatus(page, orderB), LIVE).toBe(orderText('status_PLACED'));
    }

    // The first tablet accepts and serves each order; the diners and the second tablet see every move.
    for (const orderId of [orderA, orderB]) {
      const label = fill(staffText('order_label'), { id: orderId });
      for (const [button, status] of [
        ['accept_order', 'ACCEPTED'],
        ['serve_order', 'SERVED'],
      ] as const) {
        await one.getByRole('button', { name: fill(staffText(button), { order: label }) }).click();
        await expect.poll(() => boardStatus(one, orderId).textContent()).toBe(staffText(`status_${status}`));
        await expect
          .poll(() => boardStatus(two, orderId).textContent(), LIVE)
          .toBe(staffText(`status_${status}`));
        for (const page of [a, b])
          await expect.poll(() => dinerStatus(page, orderId), LIVE).toBe(orderText(`status_${status}`));
      }
    }
    // Issue 24, point 5: the orders were acted on, their banner is gone from both tablets (not dismissed).
    for (const page of [one, two])
      await expect.poll(() => page.locator('[data-banner]').count(), LIVE).toBe(0);
    // Issue 24, point 1: the unpaid amount followed every move, on the tablet that made them and the other.
    const soup = priceOf('Goulash soup');
    const langos = priceOf('Lángos');
    await expectUnpaidAsServer(api, [one, two], soup + langos);
    await screenshot(two, 'service-second-tablet-served');

    // Diner A pays their soup by cash: the request says what to collect, and for whose order (point 3).
    await a
      .getByRole('navigation', { name: commonText('main_navigation') })
      .getByRole('link', { name: commonText('payment'), exact: true })
      .click();
    await expect.poll(() => a.locator('li[data-payable-line]').count(), LIVE).toBeGreaterThan(0);
    await a.getByRole('button', { name: payText('pay_separately') }).click();
    await a.getByRole('radio', { name: payText('method_cash') }).check();
    await expect.poll(() => a.locator('[data-payment-total]').textContent()).toBe(price(soup));
    await a.getByRole('button', { name: fill(payText('pay_amount'), { amount: price(soup) }) }).click();
    const cash = staffText('payment_method_CASH');
    for (const page of [one, two]) {
      const lines = visitCard(page).getByRole('list', {
        name: fill(staffText('payment_lines_of'), { method: cash }),
      });
      await expect
        .poll(() => lines.getByRole('listitem').allTextContents(), LIVE)
        .toEqual([
          fill(staffText('payment_line'), {
            quantity: 1,
            title: 'Goulash soup',
            order: fill(staffText('order_label'), { id: orderA }),
          }),
        ]);
    }
    await screenshot(two, 'service-board-cash-request');
    // The board with a cash request, its confirm and cancel buttons on the manager's tablet.
    await expectNoAxeViolations(one);
    await one
      .getByRole('button', {
        name: fill(staffText('confirm_payment_of'), { method: cash, amount: price(soup), table: TABLE }),
      })
      .click();
    // The confirmation's toast sits below the console's top: it hides neither the navigation nor the switches.
    const toast = one.locator('[data-sonner-toast]').filter({
      hasText: fill(staffText('payment_confirmed'), { table: TABLE }),
    });
    await expect.poll(() => toast.isVisible(), LIVE).toBe(true);
    // Measured where it comes to rest (it slides in from above).
    await expect.poll(() => toast.evaluate((element) => element.getAnimations().length)).toBe(0);
    const toastBox = await toast.boundingBox();
    for (const part of [
      one.getByRole('navigation', { name: staffText('navigation') }),
      one.getByRole('button', { name: staffText('sound') }),
      one.getByRole('button', { name: staffText('log_out') }),
    ])
      expect(overlaps(toastBox, await part.boundingBox())).toBe(false);
    await screenshot(one, 'service-board-toast');
    await expectUnpaidAsServer(api, [one, two], langos);
    await goToMyTable(a);
    await screenshot(b, 'service-phone-my-table-served');

    // Diner A calls the waiter: the boards show the call live with its alert until it is acknowledged.
    const callA = a.locator('[data-call="WAITER"]');
    await callA.getByRole('button', { name: tableText('call_WAITER') }).click();
    await expect.poll(() => callA.getAttribute('data-call-state')).toBe('sent');
    const callAlert = fill(staffText('alert_call_WAITER_at'), { table: TABLE });
    for (const page of [one, two]) {
      const call = visitCard(page).locator('[data-call="WAITER"]');
      await expect.poll(() => call.getAttribute('data-open'), LIVE).toBe('true');
      expect(await visitCard(page).getAttribute('data-alert')).toBe('true');
      await expect.poll(() => banner(page, callAlert).isVisible()).toBe(true);
      await expect.poll(() => page.locator('[aria-live="assertive"]').textContent()).toContain(callAlert);
    }
    await expect
      .poll(() => b.locator('[data-call="WAITER"]').getAttribute('data-call-state'), LIVE)
      .toBe('sent');
    await screenshot(one, 'service-board-waiter-call');
    await expectNoAxeViolations(one);
    await one
      .getByRole('button', {
        name: fill(staffText('acknowledge_call'), { call: staffText('call_WAITER'), table: TABLE }),
      })
      .click();
    for (const page of [a, b]) {
      await expect
        .poll(() => page.locator('[data-call="WAITER"]').getAttribute('data-call-state'), LIVE)
        .toBe('received');
    }
    expect(await callA.getByRole('status').textContent()).toBe(tableText('call_received_WAITER'));
    await expect
      .poll(() => visitCard(two).locator('[data-call="WAITER"]').getAttribute('data-open'), LIVE)
      .toBe('false');
    expect(await visitCard(two).getAttribute('data-alert')).toBe('false');
    await screenshot(a, 'service-phone-call-received');

    // A dish sold out: diner B has it in the cart with the menu on screen, diner A with the cart open.
    await goToMenu(a);
    await goToMenu(b);
    await addToCart(a, SOLD_OUT_DISH);
    await addToCart(b, SOLD_OUT_DISH);
    await a.getByRole('button', { name: new RegExp(orderText('view_cart')) }).click();
    const cartA = a.getByRole('dialog', { name: orderText('cart_title') });
    const lineA = cartA.locator(`[data-cart-line="${soldOutDishId}"]`);
    await expect.poll(() => lineA.isVisible()).toBe(true);
    await nav(one, 'nav_menu').click();
    await one
      .getByRole('button', { name: fill(staffText('mark_sold_out_of'), { item: SOLD_OUT_DISH }) })
      .click();
    await expect
      .poll(() => one.locator(`[data-item="${soldOutDishId}"]`).getAttribute('data-sold-out'))
      .toBe('true');

    const cardB = b.getByRole('article', { name: SOLD_OUT_DISH });
    const addB = cardB.locator('[data-add-to-cart]');
    await expect.poll(() => addB.isDisabled(), LIVE).toBe(true);
    expect(await cardB.getByText(texts('en', 'menu')('sold_out'), { exact: true }).isVisible()).toBe(true);
    // Greyed out: the dish's picture loses its colour.
    expect(
      await cardB.evaluate((card) =>
        [...card.querySelectorAll('*')].some((node) => getComputedStyle(node).filter.includes('grayscale')),
      ),
    ).toBe(true);
    await expect.poll(() => lineA.getByText(orderText('sold_out_line')).isVisible(), LIVE).toBe(true);
    expect(await cartA.getByRole('button', { name: orderText('continue') }).isDisabled()).toBe(true);
    expect(await cartA.getByRole('alert').textContent()).toBe(orderText('blocked'));
    await screenshot(a, 'service-phone-cart-sold-out');
    await screenshot(b, 'service-phone-menu-sold-out');
    await b.getByRole('button', { name: new RegExp(orderText('view_cart')) }).click();
    const cartB = b.getByRole('dialog', { name: orderText('cart_title') });
    await expect
      .poll(() =>
        cartB
          .locator(`[data-cart-line="${soldOutDishId}"]`)
          .getByText(orderText('sold_out_line'))
          .isVisible(),
      )
      .toBe(true);
    await cartB.getByRole('button', { name: orderText('close') }).click();

    // …and back: the cart can be ordered again, the menu offers the dish.
    await one
      .getByRole('button', { name: fill(staffText('mark_available_of'), { item: SOLD_OUT_DISH }) })
      .click();
    await expect.poll(() => lineA.getByText(orderText('sold_out_line')).count(), LIVE).toBe(0);
    expect(await cartA.getByRole('button', { name: orderText('continue') }).isDisabled()).toBe(false);
    await expect.poll(() => addB.isDisabled(), LIVE).toBe(false);
    expect(await cardB.getByText(texts('en', 'menu')('sold_out'), { exact: true }).count()).toBe(0);
    await cartA.getByRole('button', { name: orderText('close') }).click();

    // The staff close the table: the diners' My Table empties; the boards drop the table.
    await goToMyTable(a);
    await goToMyTable(b);
    await nav(one, 'nav_tables').click();
    await one.getByRole('button', { name: fill(staffText('close_table_of'), { table: TABLE }) }).click();
    const closeDialog = one.getByRole('dialog', {
      name: fill(staffText('close_table_title'), { table: TABLE }),
    });
    // The served order is unpaid: the manager is shown that and closes anyway (force).
    expect(await closeDialog.getByText(/Ft/).count()).toBeGreaterThan(0);
    await expectNoAxeViolations(one);
    await closeDialog.getByRole('button', { name: staffText('close_anyway') }).click();
    await expect.poll(() => closeDialog.count()).toBe(0);
    for (const page of [a, b]) {
      await expect.poll(() => page.locator('article[data-order-id]').count(), LIVE).toBe(0);
      await expect.poll(() => page.getByText(tableText('no_orders')).isVisible()).toBe(true);
      await expect
        .poll(() => page.locator('[data-ordering-notice]').getAttribute('data-ordering-notice'))
        .toBe('closed');
    }
    await expect.poll(() => visitCard(two).count(), LIVE).toBe(0);
    await screenshot(b, 'service-phone-table-closed');

    // The next scan of the same code starts a new visit: its order lands there, live on the board.
    await scan(a, scanUrl);
    await addToCart(a, 'Lángos');
    const orderC = await placeOrder(a);
    await expectOrderAlert(two, orderC);
    expect(await visitCard(two).locator('article[data-order-id]').count()).toBe(1);
    const secondVisit = (await api.board()).visits.find((v) => v.orders.some((o) => o.id === orderC));
    expect(secondVisit?.tableNumber).toBe(TABLE);
    expect(secondVisit?.visitId).not.toBe(firstVisit?.visitId);
    expect(secondVisit?.orders.map((o) => o.id)).toEqual([orderC]);

    // The second tablet, open since the start, accepts and serves the new visit's order: its unpaid amount
    // follows (the visit replaced another on a board that lived through a payment and a close).
    const labelC = fill(staffText('order_label'), { id: orderC });
    await two.getByRole('button', { name: fill(staffText('accept_order'), { order: labelC }) }).click();
    await expect.poll(() => boardStatus(two, orderC).textContent()).toBe(staffText('status_ACCEPTED'));
    // (The cart still held the dish that was sold out for a while: order C is the whole cart.)
    const totalC = secondVisit?.orders[0]?.total ?? Number.NaN;
    await expectUnpaidAsServer(api, [two], totalC);
    await two.getByRole('button', { name: fill(staffText('serve_order'), { order: labelC }) }).click();
    await expect.poll(() => boardStatus(two, orderC).textContent()).toBe(staffText('status_SERVED'));
    await expectUnpaidAsServer(api, [two], totalC);

    // Its Wi-Fi drops while the table orders again and the kitchen accepts it; back online, it catches up.
    await wifi?.drop();
    await expect
      .poll(
        () =>
          two
            .getByRole('status')
            .filter({ hasText: staffText('live_connecting') })
            .count(),
        LIVE,
      )
      .toBe(1);
    await goToMenu(a);
    await addToCart(a, 'Lángos');
    const orderD = await placeOrder(a);
    await api.move(orderD, 'ACCEPTED');
    wifi?.restore();
    // The next attempt comes after the backoff (doubling from 0.5 s while it was down).
    await expect
      .poll(
        () =>
          two
            .getByRole('status')
            .filter({ hasText: staffText('live_live') })
            .count(),
        { timeout: 40_000 },
      )
      .toBe(1);
    await expect.poll(() => boardStatus(two, orderD).textContent(), LIVE).toBe(staffText('status_ACCEPTED'));
    await expectUnpaidAsServer(api, [two], totalC + langos);

    // The manager gives the table a new QR code: the old URL can no longer order, the new one can.
    const row = one.locator(`tr[data-table="${TABLE}"]`);
    await one.getByRole('button', { name: fill(staffText('rotate_token_of'), { table: TABLE }) }).click();
    const rotateDialog = one.getByRole('dialog', {
      name: fill(staffText('rotate_token_title'), { table: TABLE }),
    });
    await expect.poll(() => rotateDialog.isVisible()).toBe(true);
    await expectNoAxeViolations(one);
    await rotateDialog.getByRole('button', { name: staffText('rotate_token') }).click();
    await expect.poll(() => rotateDialog.count()).toBe(0);
    expect(await row.count()).toBe(1);
    await screenshot(one, 'service-tables-new-qr');
    const table = (await api.tables()).tables.find((t) => t.tableNumber === TABLE);
    const newUrl = new URL(table?.orderingUrl ?? '');
    const oldToken = new URL(scanUrl, baseUrl).searchParams.get('t');
    expect(newUrl.searchParams.get('t')).toMatch(/^[0-9a-f]{32}$/);
    expect(newUrl.searchParams.get('t')).not.toBe(oldToken);

    const fresh = await startJourney(browser, 'phone', baseUrl, { expectedErrors: [failedResource(403)] });
    await fresh.page.goto(scanUrl);
    await expect
      .poll(() => fresh.page.locator('[data-ordering-notice]').getAttribute('data-ordering-notice'), LIVE)
      .toBe('refused');
    expect(await fresh.page.locator('[data-ordering-notice]').textContent()).toContain(
      commonText('cannot_order_at_table'),
    );
    expect(await fresh.page.locator('[data-add-to-cart]').count()).toBe(0);
    await screenshot(fresh.page, 'service-phone-old-qr-refused');
    await scan(fresh.page, `${newUrl.pathname}${newUrl.search}`);
    expect(await fresh.page.locator('[data-ordering-notice]').count()).toBe(0);

    const elapsed = (Date.now() - started) / 1000;
    console.log(`staff service journey: ${elapsed.toFixed(1)} s`);
    for (const journey of [dinerA, dinerB, fresh]) {
      expect(journey.errors()).toEqual([]);
      await journey.close();
    }
    expect(first.errors()).toEqual([]);
    expect(second.errors()).toEqual([]);
    await first.close();
    await second.close();
  }, 180_000);
});

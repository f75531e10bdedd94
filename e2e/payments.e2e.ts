import { toBcp47 } from '@tablo/contract/languages';
import { MenuSchema } from '@tablo/contract/menu';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations, launchBrowser, screenshot } from './support/browser.ts';
import { type Journey, startJourney, texts } from './support/journey.ts';
import { staffLogin } from './support/staff.ts';
import { confirmCashOnTablet, openStaffTablet } from './support/tablet.ts';

// Issue 9, the third "Done when": two diner phones at one table pay from the phone. One pays only their
// items online through the sandbox and lands on the result; the other sees them paid live, has an online
// payment declined (its items are released), pays 2 of 4 beers and then the rest by cash; the staff
// confirm; every order is Paid on both phones; the receipt carries the VAT lines.
const payText = texts('en', 'payment');
const orderText = texts('en', 'orders');
const commonText = texts('en', 'common');
const tableText = texts('en', 'table');
const baseUrl = inject('baseUrl');
const tableUrls = inject('tableUrls');
/** A table no other journey uses, so its visit is this journey's own. */
const TABLE = 3;
/** Live changes arrive within this (the socket pushes them; polling only reads the screen). */
const LIVE = { timeout: 10_000 };
/** Diner A's order: one food line (5 % VAT) and one drink (27 %), so A's receipt has both rates. */
const SOUP = 'Goulash soup';
const SPRITZER = 'Fröccs (wine spritzer)';
/** Diner B's order: a flatbread and 4 beers, the line two of which are paid on their own. */
const LANGOS = 'Lángos';
const BEER = 'Draught lager';

/** Fills a `{{name}}` text of the app with values. */
function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
}

/** A price as the app shows it in English (web/src/lib/format-price.ts). */
function price(amount: number): string {
  const number = new Intl.NumberFormat(toBcp47('en'), { maximumFractionDigits: 0, useGrouping: 'always' });
  return `${number.format(amount)}\u00a0Ft`;
}

/** Hungarian receipts: the VAT inside a gross amount (decision 019). */
function vatOf(gross: number, percent: number): number {
  return Math.round((gross * percent) / (100 + percent));
}

/** Scans the table's code (the token is kept, then removed from the address bar) and is ready to order. */
async function scan(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForURL((address) => !address.searchParams.has('t'));
  await expect.poll(() => page.locator('[data-add-to-cart]').count(), LIVE).toBeGreaterThan(0);
}

/** Puts the dishes in the cart (with their quantities), then cart → confirmation → placed: the order's id. */
async function order(page: Page, dishes: [title: string, quantity: number][]): Promise<number> {
  for (const [title] of dishes)
    await page.getByRole('button', { name: fill(orderText('add_item_label'), { title }) }).click();
  await page.getByRole('button', { name: new RegExp(orderText('view_cart')) }).click();
  const cart = page.getByRole('dialog', { name: orderText('cart_title') });
  for (const [title, quantity] of dishes)
    for (let i = 1; i < quantity; i++)
      await cart.getByRole('button', { name: fill(orderText('increase'), { title }) }).click();
  await cart.getByRole('button', { name: orderText('continue') }).click();
  const confirm = page.getByRole('dialog', { name: orderText('confirmation_title') });
  await confirm.getByRole('button', { name: orderText('place_order') }).click();
  await page.waitForURL((url) => url.searchParams.has('placed'));
  return Number(new URL(page.url()).searchParams.get('placed'));
}

function navLink(page: Page, name: string) {
  return page
    .getByRole('navigation', { name: commonText('main_navigation') })
    .getByRole('link', { name, exact: true });
}

/** The bottom navigation's Payment entry: the payment summary with its form. */
async function goToPayment(page: Page): Promise<void> {
  await navLink(page, commonText('payment')).click();
  await page.waitForURL((url) => url.pathname === `/payment/demo/${TABLE}/en`);
  await expect.poll(() => page.locator('li[data-payable-line]').count(), LIVE).toBeGreaterThan(0);
}

async function goToMyTable(page: Page): Promise<void> {
  await navLink(page, commonText('my_table')).click();
  await expect
    .poll(() => page.getByRole('heading', { name: new RegExp(tableText('title')) }).count())
    .toBe(1);
}

/** A line of the payment summary, by its dish. */
function line(page: Page, title: string) {
  return page.locator('li[data-payable-line]').filter({ hasText: title });
}

/** Chooses the method and presses Pay; resolves once the phone left the summary. */
async function pay(page: Page, method: 'method_cash' | 'method_online', amount: number): Promise<void> {
  await page.getByRole('radio', { name: payText(method) }).check();
  await expect.poll(() => page.locator('[data-payment-total]').textContent()).toBe(price(amount));
  await page.getByRole('button', { name: fill(payText('pay_amount'), { amount: price(amount) }) }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/payment/'));
}

/** The sandbox's hosted checkout page: checks the amount, then presses one of its buttons. */
async function sandboxDecides(page: Page, amount: number, button: 'Approve payment' | 'Decline') {
  await page.waitForURL((url) => url.pathname.startsWith('/sandbox-checkout/'));
  expect(await page.locator('.amount').textContent()).toBe(
    `${new Intl.NumberFormat('hu-HU', { useGrouping: 'always' }).format(amount)} Ft`,
  );
  expect(await page.locator('.merchant').textContent()).toContain(`table ${TABLE}`);
  await screenshot(page, `payment-sandbox-${button === 'Decline' ? 'decline' : 'approve'}`);
  await page.getByRole('button', { name: button }).click();
  await page.waitForURL((url) => url.pathname === `/payment-success/demo/${TABLE}/en`);
}

/** The payment result page: the status the server reports, and the payment's id from the address. */
async function resultStatus(page: Page): Promise<string | null> {
  return page.locator('[data-payment-status]').getAttribute('data-payment-status');
}

function dinerStatus(page: Page, orderId: number) {
  return page.locator(`article[data-order-id="${orderId}"] [data-status]`).textContent();
}

describe('paying from the phone: two diners at one table', () => {
  let browser: Browser;
  const prices = new Map<string, number>();
  beforeAll(async () => {
    browser = await launchBrowser();
    const menu = MenuSchema.parse(await (await fetch(`${baseUrl}/api/menu/current/demo`)).json());
    for (const item of menu.flatMap((category) => category.menuItems))
      for (const translation of item.translations) prices.set(translation.title, item.priceGross);
  });
  afterAll(async () => {
    await browser.close();
  });

  function priceOf(title: string): number {
    const found = prices.get(title);
    if (found === undefined) throw new Error(`the demo menu has no ${title}`);
    return found;
  }

  it('one pays their items online, the other sees it live, is declined, splits the beers and pays cash', async () => {
    const started = Date.now();
    const scanUrl = tableUrls[String(TABLE)] as string;
    expect(scanUrl).toMatch(new RegExp(`^/order/demo/${TABLE}/en\\?t=[0-9a-f]{32}$`));
    const staff = await staffLogin(baseUrl);
    const tablet = await openStaffTablet(browser, baseUrl);
    const soup = priceOf(SOUP);
    const spritzer = priceOf(SPRITZER);
    const langos = priceOf(LANGOS);
    const beer = priceOf(BEER);
    const aTotal = soup + spritzer;
    const bTotal = langos + 4 * beer;

    // Two phones scan the table's code and order; the staff accept and serve both orders.
    const diners: Journey[] = [];
    for (let i = 0; i < 2; i++) diners.push(await startJourney(browser, 'phone', baseUrl));
    const [dinerA, dinerB] = diners as [Journey, Journey];
    const a = dinerA.page;
    const b = dinerB.page;
    await scan(a, scanUrl);
    await scan(b, scanUrl);
    const orderA = await order(a, [
      [SOUP, 1],
      [SPRITZER, 1],
    ]);
    const orderB = await order(b, [
      [LANGOS, 1],
      [BEER, 4],
    ]);
    for (const orderId of [orderA, orderB]) {
      await staff.move(orderId, 'ACCEPTED');
      await staff.move(orderId, 'SERVED');
    }
    const visit = (await staff.board()).visits.find((v) => v.orders.some((o) => o.id === orderA));
    expect(visit?.unpaidAmount).toBe(aTotal + bTotal);

    // Diner B watches the payment summary: four lines, every unit free, nothing marked yet.
    await goToPayment(b);
    await expect.poll(() => b.locator('li[data-payable-line]').count(), LIVE).toBe(4);
    expect(await b.locator('li[data-payable-line][data-state="free"]').count()).toBe(4);
    expect(await b.getByText(payText('no_items_marked_for_payment')).isVisible()).toBe(true);
    expect(await line(b, BEER).textContent()).toContain(fill(payText('per_piece'), { price: price(beer) }));

    // Diner A pays separately (their own two lines) online through the sandbox, and approves.
    await goToPayment(a);
    await a.getByRole('button', { name: payText('pay_separately') }).click();
    for (const title of [SOUP, SPRITZER])
      expect(await line(a, title).locator('output').textContent()).toBe('1 / 1');
    for (const title of [LANGOS, BEER])
      expect(await line(a, title).locator('output').textContent()).toMatch(/^0 \//);
    await expectNoAxeViolations(a);
    await screenshot(a, 'payment-summary-pay-separately');
    await pay(a, 'method_online', aTotal);
    await sandboxDecides(a, aTotal, 'Approve payment');
    await expect.poll(() => resultStatus(a), LIVE).toBe('SUCCEEDED');
    const result = a.getByRole('status').filter({ hasText: payText('status_SUCCEEDED') });
    expect(await result.textContent()).toContain(payText('succeeded_hint'));
    expect(await a.locator('[data-payment-status]').textContent()).toContain(
      fill(payText('unpaid_at_table'), { amount: price(bTotal) }),
    );
    await expectNoAxeViolations(a);
    await screenshot(a, 'payment-result-succeeded');

    // The receipt of A's payment: both VAT rates of the demo, from the gross prices, and the total.
    await a.getByRole('link', { name: payText('view_receipt') }).click();
    await a.waitForURL((url) => url.pathname === `/receipt/demo/${TABLE}/en`);
    const receipt = a.locator('[data-receipt]');
    await expect.poll(() => receipt.isVisible(), LIVE).toBe(true);
    const vatRows = await receipt
      .locator('[data-vat-lines] tbody tr')
      .evaluateAll((rows) =>
        rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent)),
      );
    expect(vatRows).toEqual([
      [fill(payText('vat_percent'), { percent: 5 }), soup - vatOf(soup, 5), vatOf(soup, 5), soup].map(
        (cell, i) => (i === 0 ? cell : price(cell as number)),
      ),
      [
        fill(payText('vat_percent'), { percent: 27 }),
        spritzer - vatOf(spritzer, 27),
        vatOf(spritzer, 27),
        spritzer,
      ].map((cell, i) => (i === 0 ? cell : price(cell as number))),
    ]);
    const totalRow = receipt.locator('p').filter({ hasText: payText('total') });
    expect(await totalRow.textContent()).toBe(`${payText('total')}${price(aTotal)}`);
    // Issue 24 §15: "Paid online", a receipt number, and that it is a payment receipt, not the fiscal one.
    expect(await receipt.textContent()).toContain(payText('paid_method_online'));
    expect(await receipt.textContent()).not.toContain(payText('method_online'));
    expect(await receipt.textContent()).toMatch(
      new RegExp(fill(payText('receipt_number'), { number: '\\d{8}-[0-9A-F]{8}' })),
    );
    expect(await receipt.textContent()).toContain(payText('receipt_not_fiscal'));
    for (const title of [SOUP, SPRITZER])
      expect(await receipt.getByRole('rowheader', { name: title }).count()).toBe(1);
    await expectNoAxeViolations(a);
    await screenshot(a, 'payment-receipt');
    // The German receipt (longer words) keeps even margins inside the phone's width.
    await a.goto(a.url().replace(`/receipt/demo/${TABLE}/en`, `/receipt/demo/${TABLE}/de`));
    await expect.poll(() => receipt.isVisible(), LIVE).toBe(true);
    const margins = await receipt.evaluate((card) => {
      const box = card.getBoundingClientRect();
      const width = document.documentElement.clientWidth;
      return {
        left: box.left,
        right: width - box.right,
        overflow: document.documentElement.scrollWidth - width,
        // Nothing inside the card runs past its edge either.
        inside: card.scrollWidth - card.clientWidth,
      };
    });
    expect(margins.overflow).toBe(0);
    expect(margins.inside).toBe(0);
    expect(Math.abs(margins.left - margins.right)).toBeLessThan(1);
    expect(margins.left).toBeGreaterThanOrEqual(16);
    await expectNoAxeViolations(a);
    await screenshot(a, 'payment-receipt-de');
    await a.goBack();
    await a.waitForURL((url) => url.pathname === `/receipt/demo/${TABLE}/en`);
    await expect.poll(() => receipt.isVisible(), LIVE).toBe(true);

    // Diner B saw A's lines become paid without a reload: no longer selectable.
    for (const title of [SOUP, SPRITZER]) {
      await expect.poll(() => line(b, title).getAttribute('data-state'), LIVE).toBe('paid');
      expect(await line(b, title).getByText(payText('line_fully_paid'), { exact: true }).count()).toBe(1);
      expect(await line(b, title).getByRole('button').count()).toBe(0);
    }
    await line(b, SPRITZER).scrollIntoViewIfNeeded();
    await screenshot(b, 'payment-summary-others-paid');

    // Diner B pays the rest together online, and the sandbox declines: A sees the lines reserved meanwhile.
    await goToPayment(a);
    await b.getByRole('button', { name: payText('pay_together') }).click();
    await pay(b, 'method_online', bTotal);
    for (const title of [LANGOS, BEER])
      await expect.poll(() => line(a, title).getAttribute('data-state'), LIVE).toBe('reserved');
    // Issue 24 §12: still to pay is B's total, nothing is left to pay, and A is told why.
    await expect
      .poll(
        () => a.getByText(fill(payText('unpaid_at_table'), { amount: price(bTotal) })).textContent(),
        LIVE,
      )
      .toBe(
        `${fill(payText('unpaid_at_table'), { amount: price(bTotal) })}. ${fill(payText('being_paid_now'), { amount: price(bTotal) })}`,
      );
    await sandboxDecides(b, bTotal, 'Decline');
    await expect.poll(() => resultStatus(b), LIVE).toBe('FAILED');
    expect(await b.locator('[data-payment-status]').textContent()).toContain(payText('declined_released'));
    await expectNoAxeViolations(b);
    await screenshot(b, 'payment-result-declined');
    for (const title of [LANGOS, BEER])
      await expect.poll(() => line(a, title).getAttribute('data-state'), LIVE).toBe('free');
    await b.getByRole('link', { name: payText('pay_again') }).click();
    await b.waitForURL((url) => url.pathname === `/payment/demo/${TABLE}/en`);
    for (const title of [LANGOS, BEER]) {
      await expect.poll(() => line(b, title).getAttribute('data-state'), LIVE).toBe('free');
      expect(
        await line(b, title)
          .getByRole('button', { name: fill(payText('pay_one_more'), { title }) })
          .isEnabled(),
      ).toBe(true);
    }

    // Diner B pays 2 of the 4 beers by cash; the staff confirm; the line shows 2 left.
    const more = line(b, BEER).getByRole('button', { name: fill(payText('pay_one_more'), { title: BEER }) });
    await more.click();
    await more.click();
    expect(await line(b, BEER).locator('output').textContent()).toBe('2 / 4');
    await pay(b, 'method_cash', 2 * beer);
    await expect.poll(() => resultStatus(b), LIVE).toBe('PENDING');
    expect(await b.locator('[data-payment-status]').textContent()).toContain(payText('pending_waiter_hint'));
    await expectNoAxeViolations(b);
    await screenshot(b, 'payment-result-pending-cash');
    await confirmCashOnTablet(tablet, TABLE);
    await expect.poll(() => resultStatus(b), LIVE).toBe('SUCCEEDED');
    expect(await b.locator('[data-payment-status]').textContent()).toContain(
      fill(payText('unpaid_at_table'), { amount: price(langos + 2 * beer) }),
    );
    await goToPayment(b);
    const beerLine = line(b, BEER);
    await expect.poll(() => beerLine.locator('output').textContent(), LIVE).toBe('0 / 2');
    expect(await beerLine.textContent()).toContain(fill(payText('line_paid'), { count: 2 }));
    expect(await beerLine.getAttribute('data-state')).toBe('free');
    await expect
      .poll(() => line(a, BEER).textContent(), LIVE)
      .toContain(fill(payText('line_paid'), { count: 2 }));
    await beerLine.scrollIntoViewIfNeeded();
    await screenshot(b, 'payment-summary-two-of-four-paid');

    // …and the rest by cash: the staff confirm, the table is paid, every order is Paid on both phones.
    await b.getByRole('button', { name: payText('pay_together') }).click();
    await pay(b, 'method_cash', langos + 2 * beer);
    await expect.poll(() => resultStatus(b), LIVE).toBe('PENDING');
    await confirmCashOnTablet(tablet, TABLE);
    await expect.poll(() => resultStatus(b), LIVE).toBe('SUCCEEDED');
    expect(await b.locator('[data-payment-status]').textContent()).toContain(payText('all_paid'));
    await expect.poll(() => a.getByText(payText('no_payable_orders')).isVisible(), LIVE).toBe(true);
    for (const page of [a, b]) {
      await goToMyTable(page);
      for (const orderId of [orderA, orderB])
        await expect.poll(() => dinerStatus(page, orderId), LIVE).toBe(orderText('status_PAID'));
    }
    await screenshot(a, 'payment-my-table-all-paid');
    const paid = (await staff.board()).visits.find((v) => v.visitId === visit?.visitId);
    expect(paid?.unpaidAmount ?? 0).toBe(0);

    console.log(`payments journey: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    for (const journey of [dinerA, dinerB]) {
      expect(journey.errors()).toEqual([]);
      await journey.close();
    }
  }, 120_000);

  it('the menu loads no payment code', async () => {
    const journey = await startJourney(browser, 'phone', baseUrl);
    const page = journey.page;
    const scripts = new Set<string>();
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.add(response.url());
    });
    await page.goto('/menu/demo/hu', { waitUntil: 'networkidle' });
    await expect.poll(() => page.getByRole('heading', { name: 'Gulyásleves' }).count()).toBeGreaterThan(0);
    const bodies = await Promise.all([...scripts].map(async (url) => (await fetch(url)).text()));
    expect([...scripts].filter((url) => url.toLowerCase().includes('payment'))).toEqual([]);
    // The payable list's path and the summary's total are in the payment screens' code only.
    expect(bodies.filter((body) => body.includes('/payable') || body.includes('data-payment-total'))).toEqual(
      [],
    );
    expect(requests.filter((url) => url.includes('payment'))).toEqual([]);
    expect(journey.errors()).toEqual([]);
    await journey.close();
  });
});

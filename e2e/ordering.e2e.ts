import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations, launchBrowser, screenshot } from './support/browser.ts';
import { startJourney, texts } from './support/journey.ts';
import { staffLogin } from './support/staff.ts';

// Issue 4: two phones at one table order, follow the order live, and the staff move it along.
const orders = texts('en', 'orders');
const tableText = texts('en', 'table');
const baseUrl = inject('baseUrl');
const tableUrls = inject('tableUrls');

function statusBadge(page: Page, orderId: number) {
  return page.locator(`article[data-order-id="${orderId}"] [data-status]`);
}

describe('ordering at a table', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('two phones: scan → cart → confirm → placed; the other phone and the staff see it live; a reload keeps the cart', async () => {
    const scanUrl = tableUrls['5'];
    expect(scanUrl).toMatch(/^\/order\/demo\/5\/en\?t=[0-9a-f]{32}$/);
    const first = await startJourney(browser, 'phone', baseUrl);
    const second = await startJourney(browser, 'phone', baseUrl);
    const a = first.page;
    const b = second.page;

    // The second phone scans first and watches My Table.
    await b.goto(scanUrl as string);
    await b.waitForURL((url) => !url.searchParams.has('t'));
    await b
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'My Table' })
      .click();
    await expect
      .poll(() => b.getByText('No orders have been placed at this table yet').isVisible())
      .toBe(true);

    // The first phone scans: the token is used, then removed from the address bar.
    await a.goto(scanUrl as string);
    await a.waitForURL((url) => url.pathname === '/order/demo/5/en' && !url.searchParams.has('t'));
    await a.getByRole('button', { name: 'Add Goulash soup to the cart' }).click();
    await a.getByRole('button', { name: 'Add Lángos to the cart' }).click();
    await screenshot(a, 'phone-order-menu-with-cart');
    await a.getByRole('button', { name: /View cart/ }).click();
    const cart = a.getByRole('dialog', { name: 'Your cart' });
    await cart.getByRole('button', { name: 'Increase the quantity of Goulash soup' }).click();
    await cart.getByLabel('Note for Goulash soup').fill('no chili, please');
    // Issue 24 §11: one more goulash, without the note, is a line of its own; the first keeps its note.
    await cart.getByRole('button', { name: 'Close' }).click();
    await a.getByRole('button', { name: 'Add Goulash soup to the cart' }).click();
    await a.getByRole('button', { name: /View cart/ }).click();
    const goulashNotes = cart.getByLabel('Note for Goulash soup');
    await expect.poll(() => goulashNotes.count()).toBe(2);
    expect(
      await goulashNotes.evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value)),
    ).toEqual(['no chili, please', '']);
    await expect.poll(() => cart.locator('[data-cart-total]').textContent()).toMatch(/Ft/);
    await expectNoAxeViolations(a);
    await screenshot(a, 'phone-order-cart');
    await cart.getByRole('button', { name: 'Continue' }).click();

    const confirm = a.getByRole('dialog', { name: 'Confirm your order' });
    expect(await confirm.getByRole('link', { name: 'terms of use' }).getAttribute('href')).toContain(
      '/terms-and-conditions/demo/5/en',
    );
    expect(await confirm.getByRole('link', { name: 'privacy policy' }).count()).toBe(1);
    await expectNoAxeViolations(a);
    await screenshot(a, 'phone-order-confirm');
    await confirm.getByRole('button', { name: 'Place order' }).click();

    await expect.poll(() => a.getByText(orders('order_placed')).first().isVisible()).toBe(true);
    await a.waitForURL((url) => url.searchParams.get('view') === 'orders' && url.searchParams.has('placed'));
    const orderId = Number(new URL(a.url()).searchParams.get('placed'));
    expect(orderId).toBeGreaterThan(0);
    await expect.poll(() => statusBadge(a, orderId).textContent()).toBe('Placed');
    // The diner's "My orders" view, with the "Order placed" toast still showing.
    await expectNoAxeViolations(a);
    await screenshot(a, 'phone-order-overview');

    // The second phone sees the order appear without reloading.
    await expect.poll(() => statusBadge(b, orderId).textContent(), { timeout: 10_000 }).toBe('Placed');
    expect(
      await b
        .locator(`article[data-order-id="${orderId}"]`)
        .getByText('Ordered by others at the table')
        .count(),
    ).toBe(1);

    // The staff accept, then serve it: both phones follow live.
    const staff = await staffLogin(baseUrl);
    const board = await staff.board();
    const visit = board.visits.find((v) => v.orders.some((o) => o.id === orderId));
    const placed = visit?.orders.find((o) => o.id === orderId);
    const goulash = (line: { titles: { isoCode: string; title: string }[] }) =>
      line.titles.some((title) => title.title === 'Goulash soup');
    expect(placed?.items.map((line) => [goulash(line), line.quantity, line.note])).toEqual([
      [true, 2, 'no chili, please'],
      [false, 1, ''],
      [true, 1, ''],
    ]);
    await staff.move(orderId, 'ACCEPTED');
    await expect.poll(() => statusBadge(a, orderId).textContent(), { timeout: 10_000 }).toBe('Accepted');
    await expect.poll(() => statusBadge(b, orderId).textContent(), { timeout: 10_000 }).toBe('Accepted');
    await expect
      .poll(() =>
        b
          .getByRole('status')
          .filter({ hasText: `Order ${orderId} is now Accepted` })
          .count(),
      )
      .toBe(1);
    await staff.move(orderId, 'SERVED');
    await expect.poll(() => statusBadge(a, orderId).textContent(), { timeout: 10_000 }).toBe('Served');
    await expect.poll(() => statusBadge(b, orderId).textContent(), { timeout: 10_000 }).toBe('Served');
    await b.getByRole('tab', { name: 'Pending' }).click();
    await expect.poll(() => b.getByText('There are no pending orders').isVisible()).toBe(true);
    await expectNoAxeViolations(b);
    await screenshot(b, 'phone-my-table');

    // A reload keeps the cart (and needs no token: it was kept for this table).
    await a
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Menu', exact: true })
      .click();
    await a.getByRole('button', { name: 'Add Lángos to the cart' }).click();
    await a.reload();
    await expect.poll(() => a.getByRole('button', { name: /View cart/ }).textContent()).toMatch(/1/);
    expect(await a.locator('[data-ordering-notice]').count()).toBe(0);

    expect(first.errors()).toEqual([]);
    expect(second.errors()).toEqual([]);
    await first.close();
    await second.close();
  });

  // Issue 24 §13: "Received – a waiter is on the way" lapses; the phone's clock is moved on, not waited for.
  it('a table call the staff acknowledged says so, then lapses by itself', async () => {
    const table = 6;
    const journey = await startJourney(browser, 'phone', baseUrl);
    const page = journey.page;
    await page.clock.install();
    await page.goto(tableUrls[String(table)] as string);
    await page.waitForURL((url) => !url.searchParams.has('t'));
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'My Table' })
      .click();
    const waiter = page.locator('[data-call="WAITER"]');
    await waiter.getByRole('button', { name: tableText('call_WAITER') }).click();
    await expect.poll(() => waiter.getAttribute('data-call-state'), { timeout: 10_000 }).toBe('sent');
    const staff = await staffLogin(baseUrl);
    await staff.acknowledgeCall(table, 'WAITER');
    await expect.poll(() => waiter.getAttribute('data-call-state'), { timeout: 10_000 }).toBe('received');
    expect(await waiter.getByRole('status').textContent()).toBe(tableText('call_received_WAITER'));
    await screenshot(page, 'phone-table-call-received');

    await page.clock.fastForward('02:01');
    await expect.poll(() => waiter.getAttribute('data-call-state'), { timeout: 10_000 }).toBe('idle');
    expect(await waiter.getByRole('status').textContent()).toBe('');
    expect(journey.errors()).toEqual([]);
    await journey.close();
  });

  it('the ordering URL without its token cannot order, and says why', async () => {
    const journey = await startJourney(browser, 'phone', baseUrl, {
      expectedErrors: [/403/, /Failed to load resource/],
    });
    const page = journey.page;
    await page.goto('/order/demo/7/en');
    const notice = page.locator('[data-ordering-notice]');
    await expect.poll(() => notice.textContent()).toContain('Orders cannot be placed at this table');
    expect(await notice.getAttribute('data-ordering-notice')).toBe('refused');
    // The menu stays readable, without any way to add to a cart.
    await expect.poll(() => page.getByRole('heading', { name: 'Goulash soup' }).count()).toBeGreaterThan(0);
    expect(await page.locator('[data-add-to-cart]').count()).toBe(0);
    await expectNoAxeViolations(page);
    await screenshot(page, 'phone-order-without-token');
    expect(journey.errors()).toEqual([]);
    await journey.close();
  });
});

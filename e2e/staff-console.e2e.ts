import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { logInToConsole } from './support/accounts.ts';
import { expectNoAxeViolations, launchBrowser, screenshot, watchPageErrors } from './support/browser.ts';
import { joinTable, placeOrder, readMenu } from './support/diner-api.ts';
import { failedResource, texts } from './support/journey.ts';
import { STAFF } from './support/staff.ts';

// Issue 8: the staff console on a tablet (1024×768): log in, see a diner's order arrive live, move it by
// keyboard only, and every staff screen without WCAG 2.2 AA violations.
const staff = texts('en', 'staff');
const staffDe = texts('de', 'staff');
const choicesDe = texts('de', 'choices');
const baseUrl = inject('baseUrl');
const tableUrls = inject('tableUrls');
const TABLET = { width: 1024, height: 768 };
/** A table no other journey uses, so its visit is this journey's own. */
const TABLE = '9';

/** A choice of the demo's steak no other journey orders, in German, with its group (the sold-out switch's name). */
const GARLIC_BUTTER = { option: 'Knoblauchbutter', group: 'Soße' };
const REJECT_REASON = 'The kitchen has run out of it';

/** Fills a `{{name}}` text of the app with values. */
function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
}

/** A diner's phone joins TABLE (scanning its code), as the phone app does: its session and the table's id. */
async function dinerJoins() {
  const { sessionId, tableId } = await joinTable(baseUrl, tableUrls[TABLE] as string);
  return { uuid: sessionId, tableId };
}

/** A diner at TABLE calls the waiter through the API. */
async function dinerCallsWaiter() {
  const { uuid, tableId } = await dinerJoins();
  const call = await fetch(`${baseUrl}/api/tables/${tableId}/calls`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-session-id': uuid },
    body: JSON.stringify({ kind: 'WAITER' }),
  });
  if (!call.ok) throw new Error(`call: ${call.status} ${await call.text()}`);
}

/** A diner at TABLE orders one dish through the API, as the phone app does. */
async function dinerOrders(note: string) {
  const { uuid, tableId } = await dinerJoins();
  const menu = await readMenu(baseUrl);
  const dish = menu.flatMap((c) => c.menuItems).find((item) => item.availabilityType === 'AVAILABLE');
  if (!dish) throw new Error('the demo menu has no available dish');
  return placeOrder(
    baseUrl,
    { sessionId: uuid, tableId },
    { note, items: [{ menuItemId: dish.id, quantity: 2 }] },
  );
}

/** Presses Tab until `target` has the focus: the way a keyboard user reaches it. */
async function tabTo(page: Page, target: Locator, limit = 80): Promise<void> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

describe('staff console on a tablet', () => {
  let browser: Browser;
  let context: BrowserContext;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  async function tablet(): Promise<{ page: Page; errors: () => string[] }> {
    context = await browser.newContext({ baseURL: baseUrl, viewport: TABLET, locale: 'en-GB' });
    const page = await context.newPage();
    const watch = watchPageErrors(page);
    return {
      page,
      // The wrong password is answered 401, which the browser logs.
      errors: () => watch.errors.filter((error) => !failedResource(401).test(error)),
    };
  }

  it('a wrong password says so; the log-in screen passes axe', async () => {
    const { page, errors } = await tablet();
    await page.goto('/staff/board/en');
    await page.waitForURL((url) => url.pathname === '/staff/login/en');
    await page.getByLabel(staff('email')).fill(STAFF.email);
    await page.getByLabel(staff('password')).fill('not-the-password');
    await page.getByRole('button', { name: staff('log_in') }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe(staff('login_wrong'));
    await expectNoAxeViolations(page);
    await screenshot(page, 'tablet-staff-login');
    await context.close();
    expect(errors()).toEqual([]);
  });

  it('a diner’s order appears on the board live; it is accepted and served by keyboard only', async () => {
    const { page, errors } = await tablet();
    await logInToConsole(page, STAFF);
    await expect
      .poll(() => page.getByRole('heading', { name: staff('board_title'), level: 1 }).isVisible())
      .toBe(true);
    await expect
      .poll(() =>
        page
          .getByRole('status')
          .filter({ hasText: staff('live_live') })
          .count(),
      )
      .toBe(1);

    // The header names the restaurant as its guests know it, not by its short name (issue 24).
    expect(
      await page
        .getByRole('banner')
        .getByText(/manager@paprika\.example/)
        .textContent(),
    ).toMatch(/^Paprika Bisztró · /);

    // Placed by a diner while the board is open: it arrives without a reload, with its alert.
    const order = await dinerOrders('no onions please');
    const card = page.locator(`article[data-order-id="${order.id}"]`);
    await expect.poll(() => card.isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => card.getAttribute('data-fresh')).toBe('true');
    expect(await card.getByText('Note: no onions please').isVisible()).toBe(true);
    await expect
      .poll(() => page.locator('[aria-live="assertive"]').textContent())
      .toContain(staff('alert_order_at').replace('{{table}}', TABLE));
    await expectNoAxeViolations(page);
    await screenshot(page, 'tablet-staff-board');

    const label = staff('order_label').replace('{{id}}', String(order.id));
    const accept = card.getByRole('button', { name: staff('accept_order').replace('{{order}}', label) });
    await tabTo(page, accept);
    await page.keyboard.press('Enter');
    const serve = card.getByRole('button', { name: staff('serve_order').replace('{{order}}', label) });
    // The pressed button is gone: the focus goes on to the order's next move.
    await expect.poll(() => serve.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Space');
    await expect.poll(() => card.locator('[data-status]').textContent()).toBe(staff('status_SERVED'));

    // A second order is rejected: the dialog asks for the reason the diner will read, says when it is
    // missing, and passes axe in that state.
    const rejected = await dinerOrders('extra spicy');
    const rejectedLabel = fill(staff('order_label'), { id: rejected.id });
    const rejectedCard = page.locator(`article[data-order-id="${rejected.id}"]`);
    await expect.poll(() => rejectedCard.isVisible(), { timeout: 10_000 }).toBe(true);
    await rejectedCard
      .getByRole('button', { name: fill(staff('reject_order'), { order: rejectedLabel }) })
      .click();
    const reject = page.getByRole('dialog', { name: fill(staff('reject_title'), { order: rejectedLabel }) });
    await reject.getByRole('button', { name: staff('reject'), exact: true }).click();
    await expect.poll(() => reject.getByRole('alert').textContent()).toBe(staff('reject_reason_required'));
    await expectNoAxeViolations(page);
    await screenshot(page, 'tablet-staff-reject-dialog');
    await reject.getByLabel(staff('reject_reason')).fill(REJECT_REASON);
    await reject.getByRole('button', { name: staff('reject'), exact: true }).click();
    await expect.poll(() => reject.count()).toBe(0);
    await expect
      .poll(() => rejectedCard.getByText(fill(staff('rejected_because'), { reason: REJECT_REASON })).count())
      .toBe(1);

    // Every other screen of the console, reached from the navigation, passes axe.
    const nav = page.getByRole('navigation', { name: staff('navigation') });
    for (const [screen, title] of [
      ['nav_kitchen', 'kitchen_title'],
      ['nav_tables', 'tables_title'],
      ['nav_menu', 'menu_title'],
    ] as const) {
      await nav.getByRole('link', { name: staff(screen), exact: true }).click();
      await expect
        .poll(() => page.getByRole('heading', { name: staff(title), level: 1 }).isVisible())
        .toBe(true);
      await expect.poll(() => page.getByRole('status', { name: /Loading/ }).count()).toBe(0);
      await expectNoAxeViolations(page);
      await screenshot(page, `tablet-staff-${screen.replace('nav_', '')}`);
    }

    // An address the console does not know: its own not-found screen, with the way back (issue 24).
    await page.goto('/staff/reports/en');
    await expect
      .poll(() => page.getByRole('heading', { name: staff('not_found_title'), level: 1 }).isVisible())
      .toBe(true);
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: staff('back_to_board') }).click();
    await page.waitForURL((url) => url.pathname === '/staff/board/en');
    await context.close();
    expect(errors()).toEqual([]);
  });

  it('on the tables screen an acknowledged call keeps every other row as it was', async () => {
    const { page, errors } = await tablet();
    await logInToConsole(page, STAFF);
    await page
      .getByRole('navigation', { name: staff('navigation') })
      .getByRole('link', { name: staff('nav_tables') })
      .click();
    const rows = page.locator('tbody tr[data-table]');
    await expect.poll(() => rows.count()).toBeGreaterThan(3);
    const heights = (): Promise<Record<string, number>> =>
      rows.evaluateAll((all) =>
        Object.fromEntries(
          all.map((row) => [row.getAttribute('data-table'), Math.round(row.getBoundingClientRect().height)]),
        ),
      );
    const before = await heights();

    await dinerCallsWaiter();
    const acknowledge = page.getByRole('button', {
      name: staff('acknowledge_call').replace('{{call}}', staff('call_WAITER')).replace('{{table}}', TABLE),
    });
    await expect.poll(() => acknowledge.isVisible(), { timeout: 10_000 }).toBe(true);
    await acknowledge.click();
    const row = page.locator(`tr[data-table="${TABLE}"]`);
    await expect.poll(() => row.locator('[data-call="WAITER"]').getAttribute('data-open')).toBe('false');
    await screenshot(page, 'tablet-staff-tables-acknowledged-call');
    const after = await heights();
    const others = (heights: Record<string, number>) =>
      Object.fromEntries(Object.entries(heights).filter(([table]) => table !== TABLE));
    expect(others(after)).toEqual(others(before));
    // From the top: a row the click left half under the sticky header reads to axe as a target too small
    // (target-size counts what is covered at that scroll position); scrolled to, it is whole.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectNoAxeViolations(page);
    await context.close();
    expect(errors()).toEqual([]);
  });

  // Issue 24: a staff screen in another language than English. German's longer words, and the choices'
  // sold-out switches whose names must begin with what they show (WCAG 2.5.3) in both states.
  it('the menu screen in German, its choices sold out and back, passes axe', async () => {
    const { page, errors } = await tablet();
    await logInToConsole(page, STAFF);
    await page.goto('/staff/menu/de');
    await expect
      .poll(() => page.getByRole('heading', { name: staffDe('menu_title'), level: 1 }).isVisible())
      .toBe(true);
    const markSoldOut = page.getByRole('button', {
      name: fill(choicesDe('mark_option_sold_out'), GARLIC_BUTTER),
      exact: true,
    });
    await expect.poll(() => markSoldOut.isVisible()).toBe(true);
    expect(await markSoldOut.textContent()).toBe(staffDe('mark_sold_out'));
    await expectNoAxeViolations(page);
    await markSoldOut.click();
    const markAvailable = page.getByRole('button', {
      name: fill(choicesDe('mark_option_available'), GARLIC_BUTTER),
      exact: true,
    });
    await expect.poll(() => markAvailable.isVisible()).toBe(true);
    expect(await markAvailable.textContent()).toBe(staffDe('mark_available'));
    await expectNoAxeViolations(page);
    await screenshot(page, 'tablet-staff-menu-de');
    await markAvailable.click();
    await expect.poll(() => markSoldOut.isVisible()).toBe(true);
    await context.close();
    expect(errors()).toEqual([]);
  });

  it('the diner menu loads none of the console’s code', async () => {
    context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const scripts = new Set<string>();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.add(response.url());
    });
    await page.goto('/menu/demo/en', { waitUntil: 'networkidle' });
    const bodies = await Promise.all(
      [...scripts].map(async (url) => Buffer.from(await (await fetch(url)).arrayBuffer())),
    );
    await context.close();
    expect([...scripts].filter((url) => url.includes('staff'))).toEqual([]);
    // staffPaths (contract/staff.ts) and the chime are used by the console only.
    expect(bodies.filter((body) => body.includes('qr-sheet.pdf') || body.includes('AudioContext'))).toEqual(
      [],
    );
    const gzipKb = bodies.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0) / 1024;
    console.log(`/menu/demo/en: ${scripts.size} scripts, ${gzipKb.toFixed(1)} KB gzip`);
  });
});

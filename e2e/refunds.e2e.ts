import { PayableResponseSchema, PaymentSchema, ReceiptSchema } from '@tablo/contract/payment';
import { CSRF_HEADER, StaffMeSchema } from '@tablo/contract/staff';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { logInToConsole } from './support/accounts.ts';
import { expectNoAxeViolations, launchBrowser, screenshot, watchPageErrors } from './support/browser.ts';
import { joinTable, okJson, placeOrder, readMenu } from './support/diner-api.ts';
import { texts } from './support/journey.ts';
import { STAFF } from './support/staff.ts';

// Issue 23 point 8: a manager refunds part of a cash payment on the console's Payments screen by keyboard
// only; the screen and its dialog pass axe; the diner's receipt then lists the refund.
const staff = texts('en', 'staff');
const refunds = texts('en', 'refunds');
const baseUrl = inject('baseUrl');
const tableUrls = inject('tableUrls');
/** A table no other journey uses. */
const TABLE = 10;

const price = (amount: number) => `${new Intl.NumberFormat('en').format(amount)}\u00a0Ft`;
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));

/** A diner at TABLE orders a dish, the manager accepts it, the diner pays it in cash, the manager confirms. */
async function paidInCash(): Promise<{ paymentId: string; sessionId: string; total: number }> {
  const login = await fetch(`${baseUrl}/api/staff/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: STAFF.email, password: STAFF.password }),
  });
  const me = StaffMeSchema.parse(await okJson(login));
  const staffHeaders = {
    cookie: (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '',
    [CSRF_HEADER]: me.csrfToken,
    'content-type': 'application/json',
  };
  const phone = await joinTable(baseUrl, tableUrls[String(TABLE)] as string);
  const { tableId, sessionId } = phone;
  const menu = await readMenu(baseUrl);
  const dish = menu.flatMap((c) => c.menuItems).find((item) => item.availabilityType === 'AVAILABLE');
  if (!dish) throw new Error('the demo menu has no available dish');
  const { id: orderId } = await placeOrder(baseUrl, phone, { items: [{ menuItemId: dish.id, quantity: 2 }] });
  await okJson(
    await fetch(`${baseUrl}/api/staff/orders/${orderId}`, {
      method: 'PATCH',
      headers: staffHeaders,
      body: JSON.stringify({ status: 'ACCEPTED' }),
    }),
  );
  const payable = PayableResponseSchema.parse(
    await okJson(
      await fetch(`${baseUrl}/api/tables/${tableId}/payable`, { headers: { 'x-session-id': sessionId } }),
    ),
  );
  const payment = PaymentSchema.parse(
    await okJson(
      await fetch(`${baseUrl}/api/payments`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-session-id': sessionId,
          'idempotency-key': `pay-${sessionId}`,
        },
        body: JSON.stringify({
          tableId,
          method: 'CASH',
          selection: { kind: 'rest' },
          expectedAmount: payable.leftAmount,
          tip: 0,
        }),
      }),
    ),
  );
  await okJson(
    await fetch(`${baseUrl}/api/staff/payments/${payment.id}/confirm`, {
      method: 'POST',
      headers: staffHeaders,
      body: '{}',
    }),
  );
  return { paymentId: payment.id, sessionId, total: payment.amount };
}

async function tabTo(page: Page, target: Locator, limit = 80): Promise<void> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

describe('refunds on the staff console', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('a manager refunds part of a cash payment by keyboard; the diner’s receipt lists it', async () => {
    const paid = await paidInCash();
    const context = await browser.newContext({
      baseURL: baseUrl,
      viewport: { width: 1024, height: 768 },
      locale: 'en-GB',
    });
    const page = await context.newPage();
    const watch = watchPageErrors(page);
    await logInToConsole(page, STAFF);
    await page
      .getByRole('navigation', { name: staff('navigation') })
      .getByRole('link', { name: staff('nav_payments') })
      .click();
    await expect
      .poll(() => page.getByRole('heading', { name: refunds('title'), level: 1 }).isVisible())
      .toBe(true);
    const row = page.locator(`tr[data-payment="${paid.paymentId}"]`);
    await expect.poll(() => row.isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    await screenshot(page, 'tablet-staff-payments');

    const method = refunds('method_CASH');
    const open = row.getByRole('button', {
      name: fill(refunds('refund_of'), { method, table: TABLE, amount: price(paid.total) }),
    });
    await tabTo(page, open);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', {
      name: fill(refunds('dialog_title'), { table: TABLE, method, amount: price(paid.total) }),
    });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    // The reason field has the focus; the amount (everything, at first) is one Shift+Tab away.
    await page.keyboard.type('The soup was cold');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('500');
    await expectNoAxeViolations(page);
    await screenshot(page, 'tablet-staff-refund-dialog');
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect.poll(() => row.textContent()).toContain('The soup was cold');
    expect(await row.textContent()).toContain(refunds('status_SUCCEEDED'));
    // The focus is back on the Refund button (the rest can still be refunded).
    await expect.poll(() => open.evaluate((element) => element === document.activeElement)).toBe(true);

    const receipt = ReceiptSchema.parse(
      await okJson(
        await fetch(`${baseUrl}/api/payments/${paid.paymentId}/receipt`, {
          headers: { 'x-session-id': paid.sessionId },
        }),
      ),
    );
    expect(receipt.refunds.map(({ amount, reason }) => ({ amount, reason }))).toEqual([
      { amount: 500, reason: 'The soup was cold' },
    ]);
    await context.close();
    expect(watch.errors).toEqual([]);
  });
});

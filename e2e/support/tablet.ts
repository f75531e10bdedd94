import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { logInToConsole } from './accounts.ts';
import { texts } from './journey.ts';
import { STAFF } from './staff.ts';

// The staff tablet of the diner journeys (payments, choices): a 1024×768 console on the board, live.
const staff = texts('en', 'staff');
const TABLET = { width: 1024, height: 768 };
/** Live changes arrive within this (the socket pushes them; polling only reads the screen). */
const LIVE = { timeout: 10_000 };

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A tablet logged in through the console as the demo's manager, on the board, its live channel up. */
export async function openStaffTablet(browser: Browser, baseUrl: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: TABLET, locale: 'en-GB' });
  const page = await context.newPage();
  await logInToConsole(page, STAFF);
  await expect
    .poll(
      () =>
        page
          .getByRole('status')
          .filter({ hasText: staff('live_live') })
          .count(),
      LIVE,
    )
    .toBe(1);
  return page;
}

/** A waiter takes the cash and confirms it on the board: the pending payment of `table` arrived there live. */
export async function confirmCashOnTablet(tablet: Page, table: number): Promise<void> {
  const name = new RegExp(
    `^${escapeRegex(staff('confirm_payment_of'))
      .replace(escapeRegex('{{method}}'), escapeRegex(staff('payment_method_CASH')))
      .replace(escapeRegex('{{amount}}'), '.+')
      .replace(escapeRegex('{{table}}'), String(table))}$`,
  );
  const confirm = tablet.getByRole('button', { name });
  await expect.poll(() => confirm.count(), LIVE).toBe(1);
  await confirm.click();
  await expect.poll(() => confirm.count(), LIVE).toBe(0);
}

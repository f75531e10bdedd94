// Issue 27's "Done when": choices on dishes, from the dialog to the kitchen and the receipt, in a browser.
// A diner in German orders a steak medium rare with pepper sauce and two large oat-milk cappuccinos; the
// dialog says what is missing when the doneness is forgotten; the price adds up on the screen, in the cart
// and on the board; the kitchen reads the choices; the diner pays one coffee and its receipt lists them;
// with milk avoided, the coffee's dialog marks the milk; "Order again" puts the coffee back with its choices.
import { MenuSchema } from '@tablo/contract/menu';
import { MenuOptionsSchema } from '@tablo/contract/menu-options';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations, launchBrowser, screenshot } from './support/browser.ts';
import { finishJourney, startJourney, texts } from './support/journey.ts';
import { collapsed, price } from './support/prices.ts';
import { staffLogin } from './support/staff.ts';
import { confirmCashOnTablet, openStaffTablet } from './support/tablet.ts';

const baseUrl = inject('baseUrl');
const tableUrls = inject('tableUrls');
/** A table no other journey uses, so its visit is this journey's own. */
const TABLE = 12;
/** Live changes arrive within this (the socket pushes them; polling only reads the screen). */
const LIVE = { timeout: 10_000 };

const orders = texts('de', 'orders');
const choices = texts('de', 'choices');
const payment = texts('de', 'payment');
const common = texts('de', 'common');
const menuText = texts('de', 'menu');
const staffText = texts('en', 'staff');

/** The demo's dishes and choices, by their German (diner) and English (staff tablet) titles. */
const STEAK = { de: 'Rinderfiletsteak', en: 'Beef tenderloin steak' };
const COFFEE = { de: 'Cappuccino', en: 'Cappuccino' };
const DONENESS = { de: 'Garstufe' };
const MEDIUM_RARE = { de: 'Rosa gebraten', en: 'Medium rare' };
const PEPPER = { de: 'Pfeffersoße', en: 'Pepper sauce' };
const LARGE = { de: 'Groß', en: 'Large' };
const OAT = { de: 'Hafermilch', en: 'Oat milk' };
const COW = { de: 'Kuhmilch' };
const NO_MILK = { de: 'Ohne Milch' };

function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The texts of the choices listed under a line (`[data-choices]`), white space made plain. */
async function choiceTexts(scope: ReturnType<Page['locator']>): Promise<string[]> {
  const texts = await scope.locator('[data-choices] li').allTextContents();
  return texts.map((text) => collapsed(text).trim());
}

/** Opens a dish with choices from its card: its dialog, once the choices have loaded. */
async function openDish(page: Page, title: string) {
  await page.getByRole('button', { name: fill(orders('add_item_label'), { title }) }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect.poll(() => dialog.locator('fieldset[data-group-id]').count(), LIVE).toBeGreaterThan(0);
  return dialog;
}

/** The dialog's "Add" (its name carries the price of what is chosen). */
function addButton(dialog: ReturnType<Page['locator']>) {
  return dialog.locator('[data-add-to-cart]');
}

describe('choices on dishes, from the dialog to the receipt', () => {
  let browser: Browser;
  let steakPrice = 0;
  let coffeeUnit = 0;
  let largeDelta = 0;
  let oatDelta = 0;
  beforeAll(async () => {
    browser = await launchBrowser();
    // The prices come from the menu and its options as the server answers them (nothing hard-coded).
    const menu = MenuSchema.parse(await (await fetch(`${baseUrl}/api/menu/current/demo`)).json());
    const options = MenuOptionsSchema.parse(
      await (await fetch(`${baseUrl}/api/menu/current/demo/options`)).json(),
    );
    const item = (title: string) =>
      menu.flatMap((c) => c.menuItems).find((i) => i.translations.some((t) => t.title === title));
    const option = (title: string) =>
      options.groups.flatMap((g) => g.options).find((o) => o.translations.some((t) => t.title === title));
    const delta = (title: string) => option(title)?.priceDelta ?? Number.NaN;
    steakPrice = (item(STEAK.de)?.priceGross ?? Number.NaN) + delta(PEPPER.de);
    largeDelta = delta(LARGE.de);
    oatDelta = delta(OAT.de);
    coffeeUnit = (item(COFFEE.de)?.priceGross ?? Number.NaN) + largeDelta + oatDelta;
    expect(delta(PEPPER.de)).toBe(600);
  });
  afterAll(async () => {
    await browser.close();
  });

  it('a German diner orders a steak and two coffees with choices; the board, the kitchen and the receipt list them', async () => {
    const scanUrl = (tableUrls[String(TABLE)] as string).replace('/en?', '/de?');
    expect(scanUrl).toMatch(new RegExp(`^/order/demo/${TABLE}/de\\?t=[0-9a-f]{32}$`));
    const tablet = await openStaffTablet(browser, baseUrl);
    const api = await staffLogin(baseUrl);
    const diner = await startJourney(browser, 'phone', baseUrl);
    const { page } = diner;
    await page.goto(scanUrl);
    await page.waitForURL((url) => !url.searchParams.has('t'));
    await expect.poll(() => page.locator('[data-add-to-cart]').count(), LIVE).toBeGreaterThan(0);

    // The steak: pepper sauce chosen, the doneness forgotten → the dialog says so and adds nothing.
    const steak = await openDish(page, STEAK.de);
    await steak.getByRole('radio', { name: new RegExp(`^${PEPPER.de}`) }).check();
    await expect
      .poll(async () => collapsed(await addButton(steak).textContent()))
      .toContain(price(steakPrice, 'de'));
    await addButton(steak).click();
    const missing = fill(choices('problem_required'), { group: DONENESS.de });
    await expect.poll(() => steak.getByText(missing).isVisible()).toBe(true);
    const doneness = steak.getByRole('group', { name: new RegExp(DONENESS.de) });
    expect(await doneness.getAttribute('data-problem')).toBe('true');
    await expectNoAxeViolations(page);
    await screenshot(page, 'choices-steak-missing-doneness');
    await steak.getByRole('radio', { name: new RegExp(`^${MEDIUM_RARE.de}`) }).check();
    await addButton(steak).click();
    await steak.waitFor({ state: 'detached' });

    // Two large cappuccinos with oat milk: the price follows every choice and the quantity.
    const coffee = await openDish(page, COFFEE.de);
    await coffee.getByRole('radio', { name: new RegExp(`^${LARGE.de}`) }).check();
    await coffee.getByRole('radio', { name: new RegExp(`^${OAT.de}`) }).check();
    await coffee.getByRole('button', { name: fill(orders('increase'), { title: COFFEE.de }) }).click();
    await expect
      .poll(async () => collapsed(await addButton(coffee).textContent()))
      .toContain(price(2 * coffeeUnit, 'de'));
    await expectNoAxeViolations(page);
    await screenshot(page, 'choices-coffee-dialog');
    await addButton(coffee).click();
    await coffee.waitFor({ state: 'detached' });

    // The cart and the confirmation list the choices under each line; the total adds up.
    const total = steakPrice + 2 * coffeeUnit;
    await page.getByRole('button', { name: new RegExp(orders('view_cart')) }).click();
    const cart = page.getByRole('dialog', { name: orders('cart_title') });
    await expect
      .poll(async () => collapsed(await cart.locator('[data-cart-total]').textContent()))
      .toContain(price(total, 'de'));
    const cartChoices = await choiceTexts(cart);
    expect(cartChoices).toEqual(
      expect.arrayContaining([MEDIUM_RARE.de, `${PEPPER.de} +${price(600, 'de')}`]),
    );
    expect(cartChoices.some((text) => text.startsWith(LARGE.de))).toBe(true);
    expect(cartChoices.some((text) => text.startsWith(OAT.de))).toBe(true);
    await screenshot(page, 'choices-cart');
    await cart.getByRole('button', { name: orders('continue') }).click();
    const confirm = page.getByRole('dialog', { name: orders('confirmation_title') });
    expect((await choiceTexts(confirm)).length).toBe(cartChoices.length);
    await confirm.getByRole('button', { name: orders('place_order') }).click();
    await page.waitForURL((url) => url.searchParams.has('placed'));
    const orderId = Number(new URL(page.url()).searchParams.get('placed'));

    // The board: the order with its choices, and the table's unpaid amount is the diner's total.
    const card = tablet.locator(`article[data-order-id="${orderId}"]`);
    await expect.poll(() => card.isVisible(), LIVE).toBe(true);
    const boardChoices = await choiceTexts(card);
    expect(boardChoices).toEqual(expect.arrayContaining([MEDIUM_RARE.en, PEPPER.en, LARGE.en, OAT.en]));
    // Accepted, the order counts in the table's unpaid amount: the diner's total, on the API and the board.
    await api.move(orderId, 'ACCEPTED');
    const visit = (await api.board()).visits.find((v) => v.orders.some((o) => o.id === orderId));
    expect(visit?.unpaidAmount).toBe(total);
    await expect
      .poll(
        async () =>
          collapsed(
            await tablet
              .locator(`section[data-table="${TABLE}"]`)
              .getByText(new RegExp(`^${staffText('unpaid')}:`))
              .textContent(),
          ),
        LIVE,
      )
      .toContain(price(total));

    // The kitchen reads what to make: the choices under each line, without prices.
    await tablet.goto('/staff/kitchen/en');
    const kitchen = tablet.locator('main');
    await expect.poll(() => kitchen.getByText(MEDIUM_RARE.en, { exact: true }).count(), LIVE).toBe(1);
    const kitchenChoices = await choiceTexts(kitchen);
    expect(kitchenChoices).toEqual(expect.arrayContaining([MEDIUM_RARE.en, PEPPER.en, LARGE.en, OAT.en]));
    expect(kitchenChoices.some((text) => text.includes('Ft'))).toBe(false);
    await expectNoAxeViolations(tablet);
    await screenshot(tablet, 'choices-kitchen');
    await api.move(orderId, 'SERVED');

    // The diner pays one coffee (its full unit price) in cash; the waiter confirms it on the board.
    await page
      .getByRole('navigation', { name: common('main_navigation') })
      .getByRole('link', { name: common('payment'), exact: true })
      .click();
    const coffeeLine = page.locator('li[data-payable-line]').filter({ hasText: COFFEE.de });
    await expect.poll(() => coffeeLine.count(), LIVE).toBe(1);
    expect(await choiceTexts(coffeeLine)).toEqual(
      expect.arrayContaining([expect.stringMatching(new RegExp(`^${LARGE.de}`))]),
    );
    await coffeeLine
      .getByRole('button', { name: fill(payment('pay_one_more'), { title: COFFEE.de }) })
      .click();
    await page.getByRole('radio', { name: payment('method_cash') }).check();
    await expect
      .poll(async () => collapsed(await page.locator('[data-payment-total]').textContent()))
      .toBe(price(coffeeUnit, 'de'));
    const payAmount = fill(payment('pay_amount'), { amount: price(coffeeUnit, 'de') });
    await page
      .getByRole('button', { name: new RegExp(`^${escapeRegex(payAmount).replace(/ /g, '\\s')}$`) })
      .click();
    await page.waitForURL((url) => !url.pathname.startsWith('/payment/'));
    await tablet.goto('/staff/board/en');
    await confirmCashOnTablet(tablet, TABLE);

    // The receipt lists the coffee with its choices, at the price with them.
    await page.getByRole('link', { name: payment('view_receipt') }).click();
    const receipt = page.locator('[data-receipt]');
    await expect.poll(() => receipt.isVisible(), LIVE).toBe(true);
    const receiptRow = receipt.locator('tr').filter({ hasText: COFFEE.de });
    expect(await choiceTexts(receiptRow)).toEqual([
      `${LARGE.de} +${price(largeDelta, 'de')}`,
      `${OAT.de} +${price(oatDelta, 'de')}`,
    ]);
    expect(collapsed(await receiptRow.textContent())).toContain(price(coffeeUnit, 'de'));
    await screenshot(page, 'choices-receipt');

    // With milk avoided, the coffee's dialog marks the choice that has it and not the oat drink, and starts
    // on no milk instead of the usual cow's milk.
    await page.goto(`/order/demo/${TABLE}/de`);
    await page.getByRole('button', { name: menuText('dietary_filter'), exact: true }).click();
    const filter = page.getByRole('dialog', { name: menuText('dietary_filter') });
    await filter.getByRole('checkbox', { name: menuText('allergen.MILK'), exact: true }).check();
    await filter.getByRole('button', { name: menuText('done') }).click();
    await filter.waitFor({ state: 'detached' });
    const steered = await openDish(page, COFFEE.de);
    const avoid = fill(choices('avoid_option'), { allergens: menuText('allergen.MILK') });
    const cow = steered.locator('li').filter({ hasText: COW.de });
    const oat = steered.locator('li').filter({ hasText: OAT.de });
    await expect.poll(() => cow.getByText(avoid).count()).toBe(1);
    expect(await oat.getByText(avoid).count()).toBe(0);
    expect(await steered.getByRole('radio', { name: NO_MILK.de }).isChecked()).toBe(true);
    expect(await steered.getByRole('radio', { name: new RegExp(`^${COW.de}`) }).isChecked()).toBe(false);
    await screenshot(page, 'choices-coffee-avoiding-milk');
    await page.keyboard.press('Escape');
    await steered.waitFor({ state: 'detached' });

    // "Order again": the earlier order goes back into the cart, the coffees with their choices.
    await page
      .getByRole('navigation', { name: common('main_navigation') })
      .getByRole('link', { name: common('my_table') })
      .click();
    await page.locator(`[data-order-again="${orderId}"]`).click();
    await expect.poll(() => page.getByText(choices('reorder_added')).count(), LIVE).toBe(1);
    await page
      .getByRole('navigation', { name: common('main_navigation') })
      .getByRole('link', { name: common('menu'), exact: true })
      .click();
    await page.getByRole('button', { name: new RegExp(orders('view_cart')) }).click();
    const again = page.getByRole('dialog', { name: orders('cart_title') });
    const againChoices = await choiceTexts(again);
    expect(againChoices.some((text) => text.startsWith(LARGE.de))).toBe(true);
    expect(againChoices.some((text) => text.startsWith(OAT.de))).toBe(true);
    await expect
      .poll(async () => collapsed(await again.locator('[data-cart-total]').textContent()))
      .toContain(price(total, 'de'));

    await tablet.context().close();
    await finishJourney(diner);
  }, 300_000);
});

// Issue 26's first "Done when": a new restaurant gets onto Tablo by itself, in one browser journey. A new
// user registers from the landing page, confirms the address through the mailed link, writes a menu of 3
// categories and 8 dishes (Hungarian and English texts, allergens, 2 uploaded pictures), moves a category by
// keyboard, publishes, adds 6 tables, downloads the QR sheet and reads a code from it, invites a waiter who
// sets a password through the mailed link and logs in, and opens for guests. A diner scans table 3's code,
// reads the menu in German (English where there is no German text, spec §4) and orders. A price changed in
// the draft is not what the diner sees until it is published; then the diner's open menu shows it without a
// reload, the order keeps its price, and restoring the earlier version brings the old price back.
// Keyboard wherever a person types; mail goes to a real SMTP server in this process.
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MailCatcher, startMailCatcher } from '../server/test/helpers/mail-catcher.ts';
import { decodeSheet } from '../server/test/helpers/qr.ts';
import {
  acceptInvitation,
  confirmEmail,
  inviteByEmail,
  logIn,
  logOut,
  openConsoleScreen,
  openSignUp,
  pressEnterOn,
  signUp,
  typeInto,
} from './support/accounts.ts';
import { expectNoAxeViolations, launchBrowser, screenshot } from './support/browser.ts';
import { finishJourney, startJourney, texts } from './support/journey.ts';
import { collapsed, price } from './support/prices.ts';
import { type RunningServer, startServer } from './support/server-process.ts';

const staff = texts('en', 'staff');
const setup = texts('en', 'setup');
const editor = texts('en', 'menu-editor');
const allergen = texts('en', 'menu');
const deOrders = texts('de', 'orders');
const deCommon = texts('de', 'common');
const deMenu = texts('de', 'menu');

const RESTAURANT = { name: 'Kékfrankos Bisztró', shortName: 'kekfrankos-bisztro' };
const OWNER = { email: 'anna@kekfrankos.test', password: 'the owner’s long password' };
const WAITER = { email: 'bence@kekfrankos.test', password: 'the waiter’s own password' };

type Dish = {
  hu: string;
  en: string;
  huDescription: string;
  enDescription: string;
  price: number;
  allergens: string[];
};
type Category = { hu: string; en: string; dishes: Dish[] };

/** Written in this order; "Main courses" is then moved up above "Desserts" by keyboard. */
const MENU: Category[] = [
  {
    hu: 'Levesek',
    en: 'Soups',
    dishes: [
      {
        hu: 'Gulyásleves',
        en: 'Goulash soup',
        huDescription: 'Marhahús, burgonya, csipetke',
        enDescription: 'Beef, potatoes, pinched noodles',
        price: 2490,
        allergens: ['GLUTEN', 'EGGS', 'CELERY'],
      },
      {
        hu: 'Halászlé',
        en: 'Fisherman’s soup',
        huDescription: 'Pontyból, csípősen',
        enDescription: 'Carp, hot paprika',
        price: 3290,
        allergens: ['FISH'],
      },
      {
        hu: 'Hideg meggyleves',
        en: 'Cold sour cherry soup',
        huDescription: 'Tejszínnel',
        enDescription: 'With cream',
        price: 1890,
        allergens: ['MILK'],
      },
    ],
  },
  {
    hu: 'Desszertek',
    en: 'Desserts',
    dishes: [
      {
        hu: 'Somlói galuska',
        en: 'Somló sponge cake',
        huDescription: 'Csokoládéöntettel, dióval',
        enDescription: 'Chocolate sauce, walnuts',
        price: 1990,
        allergens: ['GLUTEN', 'EGGS', 'MILK', 'NUTS'],
      },
      {
        hu: 'Túrós palacsinta',
        en: 'Cottage cheese pancakes',
        huDescription: 'Két darab',
        enDescription: 'Two pieces',
        price: 1590,
        allergens: ['GLUTEN', 'EGGS', 'MILK'],
      },
    ],
  },
  {
    hu: 'Főételek',
    en: 'Main courses',
    dishes: [
      {
        hu: 'Csirkepaprikás',
        en: 'Chicken paprikash',
        huDescription: 'Galuskával',
        enDescription: 'With dumplings',
        price: 4290,
        allergens: ['GLUTEN', 'EGGS', 'MILK'],
      },
      {
        hu: 'Töltött káposzta',
        en: 'Stuffed cabbage',
        huDescription: 'Füstölt tarjával',
        enDescription: 'With smoked pork',
        price: 3990,
        allergens: ['CELERY'],
      },
      {
        hu: 'Rántott sajt',
        en: 'Fried cheese',
        huDescription: 'Tartármártással',
        enDescription: 'With tartar sauce',
        price: 3490,
        allergens: ['GLUTEN', 'EGGS', 'MILK', 'MUSTARD'],
      },
    ],
  },
];
const DISH = 'Goulash soup';
const OLD_PRICE = 2490;
const NEW_PRICE = 2690;
/** The two dishes that get a picture, and the phone photos they are given (made here, real image files). */
const PICTURES = [
  { dish: 'Goulash soup', name: 'goulash.jpg', mimeType: 'image/jpeg', format: 'jpeg', colour: '#9c3d1b' },
  { dish: 'Somló sponge cake', name: 'somloi.png', mimeType: 'image/png', format: 'png', colour: '#6b4226' },
] as const;

async function photo(format: 'jpeg' | 'png', colour: string): Promise<Buffer> {
  const image = sharp({ create: { width: 1600, height: 1200, channels: 3, background: colour } });
  return format === 'jpeg' ? image.jpeg({ quality: 85 }).toBuffer() : image.png().toBuffer();
}

/** The editor's status line says `text` (the console repeats it in its own live region too). */
function announced(page: Page, text: string): Promise<boolean> {
  return page
    .getByRole('status')
    .filter({ hasText: text })
    .count()
    .then((n) => n > 0);
}

async function expectAnnounced(page: Page, text: string): Promise<void> {
  await expect.poll(() => announced(page, text), { timeout: 15_000 }).toBe(true);
}

/** Fills the open entry form's texts by keyboard: Hungarian and English titles and descriptions. */
async function typeTexts(
  page: Page,
  entry: { hu: string; en: string; huDescription?: string; enDescription?: string },
) {
  await typeInto(page, editor('title_in').replace('{{language}}', 'Magyar'), entry.hu);
  if (entry.huDescription)
    await typeInto(page, editor('description_in').replace('{{language}}', 'Magyar'), entry.huDescription);
  await typeInto(page, editor('title_in').replace('{{language}}', 'English'), entry.en);
  if (entry.enDescription)
    await typeInto(page, editor('description_in').replace('{{language}}', 'English'), entry.enDescription);
}

async function addCategory(page: Page, category: Category): Promise<void> {
  await pressEnterOn(page.getByRole('button', { name: editor('add_category'), exact: true }));
  const form = page.getByRole('form', { name: editor('new_category') });
  await form.waitFor();
  await typeTexts(page, category);
  await pressEnterOn(form.getByRole('button', { name: editor('save') }));
  await expectAnnounced(page, editor('saved').replace('{{name}}', category.en));
}

async function addDish(page: Page, category: string, dish: Dish): Promise<void> {
  await pressEnterOn(page.getByRole('button', { name: `${editor('add_item')} (${category})`, exact: true }));
  const form = page.getByRole('form', { name: editor('new_item') });
  await form.waitFor();
  await typeTexts(page, dish);
  await typeInto(page, editor('price_label'), String(dish.price));
  for (const type of dish.allergens) {
    // A checkbox is ticked with Space.
    await form.getByRole('checkbox', { name: allergen(`allergen.${type}`), exact: true }).focus();
    await page.keyboard.press('Space');
  }
  await pressEnterOn(form.getByRole('button', { name: editor('save') }));
  await expectAnnounced(page, editor('saved').replace('{{name}}', dish.en));
}

function editButton(page: Page, name: string) {
  return page.getByRole('button', { name: `${editor('edit')} ${name}`, exact: true });
}

describe('a new restaurant, from "Register" to its first guest', () => {
  let browser: Browser;
  let server: RunningServer;
  let mail: MailCatcher;
  beforeAll(async () => {
    mail = await startMailCatcher();
    server = await startServer({ SMTP_URL: mail.smtpUrl, SEED_DEMO: 'false' });
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await mail?.close();
  });

  it('signs up, writes and publishes a menu, prints its QR codes, invites a waiter, opens; a diner orders in German and follows the price', async () => {
    const owner = await startJourney(browser, 'desktop', server.baseUrl);
    const { page } = owner;

    // Sign-up from the landing page, and the confirmation mail.
    await openSignUp(page);
    await signUp(page, RESTAURANT, OWNER);
    await confirmEmail(page, mail, OWNER.email, server.baseUrl);

    // The details a guest reads, and a VAT key for the dishes.
    await page.goto('/staff/board/en');
    await openConsoleScreen(page, staff('nav_setup'), '/staff/setup/en');
    await page.getByRole('heading', { level: 1, name: setup('title') }).waitFor();
    await typeInto(page, setup('field_phone'), '+36 1 555 0199');
    await typeInto(page, setup('field_descriptionHu'), 'Házias konyha a Balaton-felvidéken.');
    await typeInto(page, setup('field_descriptionEn'), 'Home cooking above Lake Balaton.');
    await pressEnterOn(page.getByRole('button', { name: setup('vat_add') }));
    await typeInto(page, setup('vat_code').replace('{{number}}', '1'), 'A');
    const percent = page.getByLabel(setup('vat_percent').replace('{{number}}', '1'), { exact: true });
    await percent.focus();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('27');
    await pressEnterOn(page.getByRole('button', { name: setup('save') }));
    await page.getByText(setup('saved')).waitFor();

    // The menu: 3 categories, 8 dishes, in Hungarian and English, with allergens.
    await pressEnterOn(page.getByRole('link', { name: setup('go_menu') }));
    await page.waitForURL((url) => url.pathname === '/staff/menu-editor/en');
    await page.getByRole('heading', { level: 1, name: editor('title') }).waitFor();
    await page.getByText(editor('no_categories')).waitFor();
    for (const category of MENU) {
      await addCategory(page, category);
      for (const dish of category.dishes) await addDish(page, category.en, dish);
    }
    const items = (category: string) =>
      page
        .getByRole('list', { name: editor('items_of').replace('{{category}}', category) })
        .getByRole('listitem');
    for (const category of MENU)
      await expect.poll(() => items(category.en).count()).toBe(category.dishes.length);

    // Two pictures, uploaded from files.
    for (const picture of PICTURES) {
      await pressEnterOn(editButton(page, picture.dish));
      const form = page.getByRole('form', { name: editor('edit_item') });
      await form.getByLabel(editor('picture_label')).setInputFiles({
        name: picture.name,
        mimeType: picture.mimeType,
        buffer: await photo(picture.format, picture.colour),
      });
      await expectAnnounced(page, editor('picture_done'));
      // The form and its preview show the stored picture, served by the server.
      await expect
        .poll(() =>
          form
            .locator('img')
            .evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).naturalWidth > 0)),
        )
        .toEqual([true, true]);
      if (picture === PICTURES[0]) {
        await expectNoAxeViolations(page);
        await screenshot(page, 'desktop-new-restaurant-item-picture');
      }
      await pressEnterOn(form.getByRole('button', { name: editor('cancel') }));
      await form.waitFor({ state: 'detached' });
    }

    // "Main courses" was written after "Desserts": moved up by keyboard.
    const categories = page.getByRole('list', { name: editor('categories') });
    await pressEnterOn(
      categories.getByRole('button', { name: `${editor('move_up')} Main courses`, exact: true }),
    );
    await expectAnnounced(page, '“Main courses” moved to position 2 of 3.');
    await expect
      .poll(() => categories.locator(':scope > li h3').allTextContents())
      .toEqual(['Soups', 'Main courses', 'Desserts']);

    await pressEnterOn(page.getByRole('button', { name: editor('publish'), exact: true }));
    await pressEnterOn(page.getByRole('button', { name: editor('publish_confirm') }));
    await expectAnnounced(page, editor('published'));

    // 6 tables, and the QR sheet downloaded; a code read back from its pixels.
    await openConsoleScreen(page, staff('nav_setup'), '/staff/setup/en');
    await typeInto(page, setup('add_count'), '6');
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
    const downloading = page.waitForEvent('download');
    await pressEnterOn(page.getByRole('link', { name: setup('download_qr') }));
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const codes = await decodeSheet(await readFile(await download.path()));
    const tableUrl = (n: number) =>
      new RegExp(`^${server.baseUrl}/order/${RESTAURANT.shortName}/${n}/en\\?t=[0-9a-f]{32}$`);
    expect(codes.filter((code) => code !== null)).toHaveLength(6);
    const table3 = codes.find((code) => code !== null && tableUrl(3).test(code));
    expect(table3, `table 3's code among ${JSON.stringify(codes)}`).toBeDefined();

    // A waiter, invited from the checklist's link, sets a password through the mailed link and logs in.
    await pressEnterOn(page.getByRole('link', { name: setup('go_team') }));
    await page.waitForURL((url) => url.pathname === '/staff/team/en');
    await inviteByEmail(page, WAITER.email);
    const invitation = await mail.next(WAITER.email);
    const waiter = await startJourney(browser, 'phone', server.baseUrl);
    await acceptInvitation(waiter.page, invitation.link, WAITER.password);
    await logOut(waiter.page);
    await logIn(waiter.page, WAITER);
    await finishJourney(waiter);

    // Open for guests: every step is done.
    await openConsoleScreen(page, staff('nav_setup'), '/staff/setup/en');
    const steps = page.getByRole('region', { name: setup('steps_title') }).getByRole('listitem');
    await expect.poll(() => steps.getByText(setup('done'), { exact: true }).count()).toBe(5);
    await pressEnterOn(page.getByRole('button', { name: setup('open_button') }));
    await page.getByText(setup('opened')).waitFor();
    await expect.poll(() => steps.getByText(setup('done'), { exact: true }).count()).toBe(6);

    // A diner scans table 3's code and reads the menu in German.
    const diner = await startJourney(browser, 'phone', server.baseUrl);
    const phone = diner.page;
    await phone.goto(table3 as string);
    await phone.waitForURL((url) => url.pathname.endsWith('/3/en') && !url.searchParams.has('t'));
    await phone.getByRole('button', { name: /Language: English/ }).click();
    await phone.getByRole('option', { name: 'Deutsch' }).click();
    await phone.waitForURL((url) => url.pathname === `/order/${RESTAURANT.shortName}/3/de`);
    await expect.poll(() => phone.getAttribute('html', 'lang')).toBe('de');
    await phone.getByRole('searchbox', { name: deMenu('search_menu_placeholder') }).waitFor();
    // No German text was written: the English one shows (spec §4), never the Hungarian.
    await phone.getByText(deMenu('texts_fall_back')).waitFor();
    await expect
      .poll(() => phone.getByRole('heading', { level: 2 }).allTextContents())
      .toEqual(expect.arrayContaining(['Soups', 'Main courses', 'Desserts']));
    const headings = (await phone.getByRole('heading', { level: 2 }).allTextContents()).filter((h) =>
      ['Soups', 'Main courses', 'Desserts'].includes(h),
    );
    expect(headings).toEqual(['Soups', 'Main courses', 'Desserts']);
    const card = phone.getByRole('article', { name: DISH }).first();
    await card.waitFor();
    expect(await phone.getByText('Gulyásleves').count()).toBe(0);
    const shown = async () => collapsed(await card.textContent());
    await expect.poll(shown).toContain(price(OLD_PRICE, 'de'));
    await expect.poll(shown).toContain('Beef, potatoes, pinched noodles');
    // The uploaded picture, in the sizes the menu uses.
    await expect
      .poll(() =>
        card
          .locator('img')
          .evaluateAll((imgs) => imgs.some((img) => (img as HTMLImageElement).naturalWidth > 0)),
      )
      .toBe(true);
    await expectNoAxeViolations(phone);
    await screenshot(phone, 'phone-new-restaurant-menu-de');

    // The diner orders a goulash.
    await phone.getByRole('button', { name: deOrders('add_item_label').replace('{{title}}', DISH) }).click();
    await phone.getByRole('button', { name: new RegExp(deOrders('view_cart')) }).click();
    const cart = phone.getByRole('dialog', { name: deOrders('cart_title') });
    await cart.getByRole('button', { name: deOrders('continue') }).click();
    const confirm = phone.getByRole('dialog', { name: deOrders('confirmation_title') });
    await confirm.getByRole('button', { name: deOrders('place_order') }).click();
    await phone.waitForURL(
      (url) => url.searchParams.get('view') === 'orders' && url.searchParams.has('placed'),
    );
    const orderId = Number(new URL(phone.url()).searchParams.get('placed'));
    const order = phone.locator(`article[data-order-id="${orderId}"]`);
    await expect.poll(async () => collapsed(await order.textContent())).toContain(price(OLD_PRICE, 'de'));

    // Back on the menu, left open; a marker shows it is never reloaded.
    const navigation = phone.getByRole('navigation', { name: deCommon('main_navigation') });
    await navigation.getByRole('link', { name: deCommon('menu'), exact: true }).click();
    await card.waitFor();
    await phone.evaluate(() => {
      (window as unknown as { journeyMarker?: string }).journeyMarker = 'never reloaded';
    });
    const marker = () =>
      phone.evaluate(() => (window as unknown as { journeyMarker?: string }).journeyMarker);

    // The manager changes the price in a draft: the diner still sees the old one.
    await openConsoleScreen(page, staff('nav_menu_editor'), '/staff/menu-editor/en');
    await pressEnterOn(editButton(page, DISH));
    const form = page.getByRole('form', { name: editor('edit_item') });
    const priceField = form.getByLabel(editor('price_label'));
    await priceField.focus();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(String(NEW_PRICE));
    await pressEnterOn(form.getByRole('button', { name: editor('save') }));
    await expectAnnounced(page, editor('saved').replace('{{name}}', DISH));
    const live = await (await fetch(`${server.baseUrl}/api/menu/current/${RESTAURANT.shortName}`)).text();
    expect(live).toContain(`"priceGross":${OLD_PRICE}`);
    expect(await shown()).toContain(price(OLD_PRICE, 'de'));

    // Published: the diner's open menu shows the new price without a reload.
    await pressEnterOn(page.getByRole('button', { name: editor('publish'), exact: true }));
    await pressEnterOn(page.getByRole('button', { name: editor('publish_confirm') }));
    await expectAnnounced(page, editor('published'));
    await expect.poll(shown, { timeout: 15_000 }).toContain(price(NEW_PRICE, 'de'));
    expect(await marker()).toBe('never reloaded');

    // The order placed before keeps its price.
    await navigation.getByRole('link', { name: deCommon('my_table'), exact: true }).click();
    await order.waitFor();
    expect(collapsed(await order.textContent())).toContain(price(OLD_PRICE, 'de'));
    expect(collapsed(await order.textContent())).not.toContain(price(NEW_PRICE, 'de'));
    await navigation.getByRole('link', { name: deCommon('menu'), exact: true }).click();
    await card.waitFor();

    // Restoring the version published before brings the old price back to the diner. The first publish
    // kept the empty menu as version 1 and made the new one version 2; the price change is version 3.
    const versions = page.getByRole('region', { name: editor('versions') });
    await pressEnterOn(versions.getByRole('button', { name: `${editor('restore')} Version 2`, exact: true }));
    await expectAnnounced(page, 'Version 2 is live again.');
    await expect.poll(shown, { timeout: 15_000 }).toContain(price(OLD_PRICE, 'de'));
    expect(await marker()).toBe('never reloaded');

    await finishJourney(diner);
    await finishJourney(owner);
  }, 600_000);
});
